import { declareApi, json } from "~/lib/api-declaration";
import { appErrorAnswer, apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { passkeyRegistrationOptions } from "~/server/auth/passkeys.server";
import { requireApiUser } from "~/server/guards.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.passkeys.register.options";

export const openapi = () =>
  declareApi(
    "/api/passkeys/register/options",
    {
      post: {
        tag: "Sign-in",
        operationId: "passkeyRegistrationOptions",
        summary: "Start adding a passkey to your own account (staff): the WebAuthn creation options",
        access: "session",
        responses: { "200": json({ $ref: "#/components/schemas/PasskeyCreationOptions" }, "The options for navigator.credentials.create(); the challenge is this session's, for 5 minutes.") },
        errors: [401, 403, 405, 409, 429],
      },
    },
    {
      PasskeyCreationOptions: {
        type: "object",
        description: "WebAuthn's PublicKeyCredentialCreationOptionsJSON: discoverable, user verification required.",
        properties: { challenge: { type: "string" }, rp: { type: "object" }, user: { type: "object" } },
        required: ["challenge", "rp", "user"],
      },
    },
  );

/** POST (no body): the options for Add a Passkey, with a challenge bound to this session (docs/decisions/0134). */
export const action = ({ request, context }: Route.ActionArgs) =>
  apiResponse(async () => {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const db = context.get(databaseContext);
    const options = await passkeyRegistrationOptions(db, request, await requireApiUser(db, request));
    return Response.json(options, { headers: { "cache-control": "no-store" } });
  });

export const loader = () => appErrorAnswer(methodNotAllowed("POST"));
