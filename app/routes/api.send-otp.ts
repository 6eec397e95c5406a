import { sendSignInCode } from "~/server/auth/otp.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.send-otp";

/**
 * POST {email}: e-mails a sign-in code. 200 {success}, or {error} with 400 (not
 * an address), 422 (the mail server refused the address), 429 (Retry-After) or
 * 503 (the mail server is unavailable; Retry-After).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405, headers: { allow: "POST" } });
  const body = (await request.json().catch(() => null)) as { email?: unknown } | null;
  const result = await sendSignInCode(db(), {
    email: body?.email,
    clientIp: context.get(requestInfoContext).clientIp,
    // Only a configured public origin goes into e-mailed links, never the request's Host header.
    signInLinkOrigin: env().APP_URL ? new URL(env().APP_URL!).origin : undefined,
  });
  if (result.ok) return Response.json({ success: true, message: "Code sent. Check your e-mail." });
  const headers: HeadersInit = result.retryAfterSeconds ? { "retry-after": String(result.retryAfterSeconds) } : {};
  return Response.json({ error: result.error }, { status: result.status, headers });
}

export const loader = () => Response.json({ error: "Use POST" }, { status: 405, headers: { allow: "POST" } });
