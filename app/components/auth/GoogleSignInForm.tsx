import type { FormEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { SIGN_IN_MESSAGES } from "~/lib/sign-in";
import { useAuth } from "./AuthProvider";
import type { SignInSteps } from "./use-sign-in-step";

/**
 * Sign in with Google. Once hydrated, a popup (the page stays); before or
 * without JavaScript, the form posts intent=google and the server redirects
 * the whole page to Google.
 */
export function GoogleSignInForm({
  returnUrl,
  configured,
  hydrated,
  steps,
  onSignedIn,
}: {
  returnUrl: string;
  configured: boolean;
  hydrated: boolean;
  steps: SignInSteps;
  onSignedIn: () => Promise<void>;
}) {
  const auth = useAuth();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void steps.run(
      "google",
      async () => {
        await auth.loginWithGoogle();
        await onSignedIn();
      },
      SIGN_IN_MESSAGES.googleFailed,
    );
  };

  return (
    <>
      {configured ? null : <p className="mb-4 text-sm text-slate-600">{SIGN_IN_MESSAGES.googleNotConfigured}</p>}
      <form method="post" onSubmit={hydrated ? onSubmit : undefined}>
        <input type="hidden" name="returnUrl" value={returnUrl} />
        <button
          type="submit"
          name="intent"
          value="google"
          className={buttonClass("primary", "block")}
          disabled={!configured || steps.busy !== null}
        >
          {steps.busy === "google" ? "Signing in..." : "Sign in with Google"}
        </button>
      </form>
    </>
  );
}
