import { data, redirect } from "react-router";
import { safeReturnUrl } from "~/lib/return-url";
import { SIGN_IN_MESSAGES, type LoginFormState } from "~/lib/sign-in";
import { googleStrategy, signIn } from "~/server/auth/authenticator.server";
import { googleConfigured } from "~/server/auth/google.server";
import { SignInError } from "~/server/auth/otp-strategy.server";
import { sendSignInCode } from "~/server/auth/otp.server";
import type { DB } from "~/server/db.server";
import { readForm } from "~/server/form-body.server";
import { formTexts } from "~/server/form-action.server";

const reply = (state: LoginFormState, status = 200) => data(state, { status });

/**
 * The login form posted without JavaScript (with it, the page calls the auth
 * API instead). Its `intent` is one of:
 * - google: start the full-page Google flow (a redirect to the provider);
 * - send-otp: e-mail a code, then show the code step;
 * - verify-otp: sign in with the code and go to returnUrl;
 * - back: from the code step to the address step.
 * Anything that does not sign in answers the state the page shows next.
 */
export async function handleLoginIntent(db: DB, request: Request, clientIp: string) {
  // A clone: the e-mail code strategy reads the same body again.
  const body = await readForm(request.clone());
  if (!body.ok) return reply({ tab: "otp", step: "email", email: "", error: body.error }, body.status);
  const { form } = body;
  // The address is checked where the JSON API's is (sendSignInCode), the code by the sign-in strategy.
  const { intent, email: typed, returnUrl: asked } = formTexts(form, ["intent", "email", "returnUrl"]);
  const email = typed.trim();
  const returnUrl = safeReturnUrl(asked);

  switch (intent) {
    case "google":
      return startGoogle(db, request, clientIp, returnUrl);
    case "send-otp": {
      const result = await sendSignInCode(db, { email, clientIp });
      if (!result.ok) return reply({ tab: "otp", step: "email", email, error: result.error }, result.status);
      return reply({ tab: "otp", step: "verify", email, sent: true });
    }
    case "verify-otp":
      try {
        const { setCookie } = await signIn(db, "email-otp", request, clientIp);
        return redirect(returnUrl, { headers: { "set-cookie": setCookie } });
      } catch (error) {
        if (!(error instanceof SignInError)) throw error;
        return reply({ tab: "otp", step: "verify", email, error: error.message }, error.status);
      }
    case "back":
      return reply({ tab: "otp", step: "email", email });
    default:
      return reply({ tab: "otp", step: "email", email, error: "Unknown action" }, 400);
  }
}

async function startGoogle(db: DB, request: Request, clientIp: string, returnUrl: string) {
  if (!googleConfigured()) {
    return reply({ tab: "google", step: "email", email: "", error: SIGN_IN_MESSAGES.googleNotConfigured }, 400);
  }
  const { url, setCookie } = await googleStrategy(db, request, clientIp).start(request, "redirect", returnUrl);
  return redirect(url, { headers: { "set-cookie": setCookie } });
}
