import { signIn } from "~/server/auth/authenticator.server";
import { SignInError } from "~/server/auth/otp-strategy.server";
import { requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.verify-otp";

/** POST {email, otp}: signs in with an e-mailed code. 200 {success, user} with the session cookie, or {error}. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405, headers: { allow: "POST" } });
  try {
    const { user, setCookie } = await signIn("email-otp", request, context.get(requestInfoContext).clientIp);
    return Response.json({ success: true, user }, { headers: { "set-cookie": setCookie } });
  } catch (error) {
    if (error instanceof SignInError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}

export const loader = () => Response.json({ error: "Use POST" }, { status: 405, headers: { allow: "POST" } });
