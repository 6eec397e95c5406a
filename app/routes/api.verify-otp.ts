import { declareApi, json, jsonBody, ref, setsSessionCookie } from "~/lib/api-declaration";
import { appErrorAnswer, apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { signIn } from "~/server/auth/authenticator.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.verify-otp";

export const openapi = () =>
  declareApi("/api/verify-otp", {
    post: {
      tag: "Sign-in",
      operationId: "verifySignInCode",
      summary: "Sign in with an e-mailed code (sets the session cookie)",
      access: "public",
      requestBody: jsonBody({
        type: "object",
        properties: { email: { type: "string", format: "email" }, otp: { type: "string", pattern: "^\\d{6}$" } },
        required: ["email", "otp"],
      }),
      responses: { "200": json(ref("SignedIn"), "Signed in.", setsSessionCookie) },
      errors: [400, 401, 405, 429],
    },
  });

/** POST {email, otp}: signs in with an e-mailed code. 200 {success, user} with the session cookie, or {error} (a SignInError's status). */
export const action = ({ request, context }: Route.ActionArgs) =>
  apiResponse(async () => {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const { clientIp } = context.get(requestInfoContext);
    const { user, setCookie } = await signIn(context.get(databaseContext), "email-otp", request, clientIp);
    return Response.json({ success: true, user }, { headers: { "set-cookie": setCookie } });
  });

export const loader = () => appErrorAnswer(methodNotAllowed("POST"));
