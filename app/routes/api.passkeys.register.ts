import { declareApi, json, jsonBody } from "~/lib/api-declaration";
import { appErrorAnswer, apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { addPasskey } from "~/server/auth/passkeys.server";
import { requireApiUser } from "~/server/guards.server";
import { requireJsonObject } from "~/server/json-body.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.passkeys.register";

export const openapi = () =>
  declareApi("/api/passkeys/register", {
    post: {
      tag: "Sign-in",
      operationId: "addPasskey",
      summary: "Finish adding a passkey to your own account (staff)",
      access: "session",
      requestBody: jsonBody({
        type: "object",
        properties: {
          response: { type: "object", description: "The browser's answer to navigator.credentials.create() as JSON (RegistrationResponseJSON)." },
          name: { type: "string", maxLength: 100, description: "What to call it; by default the browser and system that made it." },
        },
        required: ["response"],
      }),
      responses: {
        "201": json(
          { type: "object", properties: { passkey: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } }, required: ["id", "name"] } }, required: ["passkey"] },
          "Added.",
        ),
      },
      errors: [400, 401, 403, 405, 409, 413, 415],
    },
  });

/** POST {response, name?}: checks the browser's answer against this session's challenge and keeps the passkey (docs/decisions/0134). */
export const action = ({ request, context }: Route.ActionArgs) =>
  apiResponse(async () => {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const db = context.get(databaseContext);
    const user = await requireApiUser(db, request);
    const body = await requireJsonObject(request, 128 * 1024);
    const passkey = await addPasskey(db, request, user, body, context.get(requestInfoContext).clientIp);
    return Response.json({ passkey }, { status: 201 });
  });

export const loader = () => appErrorAnswer(methodNotAllowed("POST"));
