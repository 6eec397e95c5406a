import { declareApi, json, jsonBody, ref, setsSessionCookie } from "~/lib/api-declaration";
import { appErrorAnswer, apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { signIn } from "~/server/auth/authenticator.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.passkeys.sign-in";

export const openapi = () =>
  declareApi("/api/passkeys/sign-in", {
    post: {
      tag: "Sign-in",
      operationId: "passkeySignIn",
      summary: "Sign in with a passkey (staff; sets the session cookie)",
      access: "public",
      requestBody: jsonBody({
        type: "object",
        properties: { response: { type: "object", description: "The browser's answer to navigator.credentials.get() as JSON (AuthenticationResponseJSON)." } },
        required: ["response"],
      }),
      responses: { "200": json(ref("SignedIn"), "Signed in.", setsSessionCookie) },
      errors: [400, 401, 403, 405, 409, 413, 415, 429],
    },
  });

/** POST {response}: signs in with a passkey's answer to a challenge from /api/passkeys/sign-in/options. 200 {success, user} with the session cookie, or {error}. */
export const action = ({ request, context }: Route.ActionArgs) =>
  apiResponse(async () => {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const { clientIp } = context.get(requestInfoContext);
    const { user, setCookie } = await signIn(context.get(databaseContext), "passkey", request, clientIp);
    return Response.json({ success: true, user }, { headers: { "set-cookie": setCookie, "cache-control": "no-store" } });
  });

export const loader = () => appErrorAnswer(methodNotAllowed("POST"));
