import { declareApi, json, jsonBody, ref } from "~/lib/api-declaration";
import { appErrorAnswer, apiResponse, AppError, methodNotAllowed } from "~/server/app-error.server";
import { sendSignInCode } from "~/server/auth/otp.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.send-otp";

/**
 * POST {email}: e-mails a sign-in code. 200 {success}, or {error} with 400 (not
 * an address), 422 (the mail server refused the address), 429 (Retry-After) or
 * 503 (the mail server is unavailable; Retry-After).
 */
export const openapi = () =>
  declareApi("/api/send-otp", {
    post: {
      tag: "Sign-in",
      operationId: "sendSignInCode",
      summary: "E-mail a sign-in code",
      access: "public",
      requestBody: jsonBody({ type: "object", properties: { email: { type: "string", format: "email" } }, required: ["email"] }),
      responses: { "200": json(ref("Success"), "Code sent.") },
      errors: [400, 405, 422, 429, 503],
    },
  });

export const action = ({ request, context }: Route.ActionArgs) =>
  apiResponse(async () => {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const body = (await request.json().catch(() => null)) as { email?: unknown } | null;
    const result = await sendSignInCode(context.get(databaseContext), {
      email: body?.email,
      clientIp: context.get(requestInfoContext).clientIp,
    });
    if (result.ok) return Response.json({ success: true, message: "Code sent. Check your e-mail." });
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    throw new AppError(result.status, result.error, { headers });
  });

export const loader = () => appErrorAnswer(methodNotAllowed("POST"));
