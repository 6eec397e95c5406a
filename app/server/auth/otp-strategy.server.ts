import { Strategy } from "remix-auth/strategy";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import { readForm } from "../form-body.server";
import { verifySignInCode } from "./otp.server";

/** A refused sign-in, with the message and status to answer (an AppError, so /api routes answer it as is). */
export class SignInError extends AppError {
  override name = "SignInError";

  constructor(message: string, status: number, details: AppError["details"] = {}) {
    super(status, message, details);
  }
}

/**
 * remix-auth strategy for e-mailed one-time codes, backed by the
 * one_time_codes table (see docs/decisions/0030). The request carries `email`
 * and `otp` as a form post (the login page's action) or as JSON
 * (/api/verify-otp); its body is read from a clone, so the caller may read it too.
 */
export class EmailOtpStrategy<User> extends Strategy<User, { email: string; request: Request }> {
  name = "email-otp";

  constructor(
    private readonly db: DB,
    private readonly clientIp: string,
    verify: Strategy.VerifyFunction<User, { email: string; request: Request }>,
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<User> {
    const { email, otp } = await readFields(request.clone());
    const result = await verifySignInCode(this.db, { email, otp, clientIp: this.clientIp });
    if (!result.ok) throw new SignInError(result.error, result.status);
    return this.verify({ email: result.email, request });
  }
}

async function readFields(request: Request): Promise<{ email: unknown; otp: unknown }> {
  if (request.headers.get("content-type")?.includes("application/json")) {
    const body: unknown = await request.json().catch(() => null);
    if (!body || typeof body !== "object") return { email: undefined, otp: undefined };
    return { email: (body as Record<string, unknown>).email, otp: (body as Record<string, unknown>).otp };
  }
  const body = await readForm(request);
  const form = body.ok ? body.form : null;
  return { email: form?.get("email") ?? undefined, otp: form?.get("otp") ?? undefined };
}
