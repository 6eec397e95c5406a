import { KeyRound } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { PASSKEY_MESSAGES } from "~/lib/passkeys";
import { useAuth } from "./AuthProvider";
import { browserHasPasskeys, signInWithPasskey } from "./passkey-client";
import type { SignInSteps } from "./use-sign-in-step";

/**
 * Sign in with a passkey (docs/decisions/0134), below the other ways in.
 * WebAuthn is JavaScript only, so the button exists only once the page is
 * hydrated, in a browser that has WebAuthn, on a site whose address can hold
 * passkeys (`available`: a domain, not an IP address). Its refusals
 * (cancelled, a passkey not known here) show in the page's alert.
 */
export function PasskeySignIn({
  available,
  hydrated,
  steps,
  onSignedIn,
}: {
  available: boolean;
  hydrated: boolean;
  steps: SignInSteps;
  onSignedIn: () => Promise<void>;
}) {
  const auth = useAuth();
  // Read after hydration only: the server's render and the first browser render have no button.
  if (!available || !hydrated || !browserHasPasskeys()) return null;

  const onClick = () =>
    void steps.run(
      "passkey",
      async () => {
        await signInWithPasskey();
        await auth.refetchUser();
        await onSignedIn();
      },
      PASSKEY_MESSAGES.signInFailed,
    );

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <button type="button" onClick={onClick} disabled={steps.busy !== null} className={`${buttonClass("secondary", "block")} mt-4`}>
        <KeyRound aria-hidden="true" className="size-4" />
        {steps.busy === "passkey" ? "Signing in..." : "Sign in with a passkey"}
      </button>
    </div>
  );
}
