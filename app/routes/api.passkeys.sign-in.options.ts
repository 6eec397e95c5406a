import { declareApi, json } from "~/lib/api-declaration";
import { appErrorAnswer, apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { passkeySignInOptions } from "~/server/auth/passkey-sign-in.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.passkeys.sign-in.options";

export const openapi = () =>
  declareApi(
    "/api/passkeys/sign-in/options",
    {
      post: {
        tag: "Sign-in",
        operationId: "passkeySignInOptions",
        summary: "Start signing in with a passkey: the WebAuthn request options",
        access: "public",
        responses: { "200": json({ $ref: "#/components/schemas/PasskeyRequestOptions" }, "The options for navigator.credentials.get(); the challenge works once, for 5 minutes.") },
        errors: [405, 409, 429],
      },
    },
    {
      PasskeyRequestOptions: {
        type: "object",
        description: "WebAuthn's PublicKeyCredentialRequestOptionsJSON: no credentials listed (passkeys are discoverable), user verification required.",
        properties: { challenge: { type: "string" }, rpId: { type: "string" } },
        required: ["challenge"],
      },
    },
  );

/** POST (no body): a sign-in challenge for any passkey of this site (docs/decisions/0134); limited per client address. */
export const action = ({ request, context }: Route.ActionArgs) =>
  apiResponse(async () => {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const options = await passkeySignInOptions(context.get(databaseContext), request, context.get(requestInfoContext).clientIp);
    return Response.json(options, { headers: { "cache-control": "no-store" } });
  });

export const loader = () => appErrorAnswer(methodNotAllowed("POST"));
