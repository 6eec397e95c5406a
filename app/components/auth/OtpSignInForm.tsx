import { useState, type FormEvent, type MouseEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { SIGN_IN_MESSAGES, type LoginStep } from "~/lib/sign-in";
import { useAuth } from "./AuthProvider";
import type { SignInSteps } from "./use-sign-in-step";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/**
 * Sign in with an e-mailed code, in two steps: the address (Send OTP), then
 * the code (Verify OTP, or Back). Once hydrated each step calls the auth API
 * in place; before or without JavaScript it posts its intent to the page's
 * action, which answers with the next step.
 */
export function OtpSignInForm({
  returnUrl,
  hydrated,
  initial,
  steps,
  onSignedIn,
}: {
  returnUrl: string;
  hydrated: boolean;
  /** The step, address and code to start from (after a plain post, or from the e-mailed link). */
  initial: { step: LoginStep; email: string; code: string };
  steps: SignInSteps;
  onSignedIn: () => Promise<void>;
}) {
  const auth = useAuth();
  const [step, setStep] = useState(initial.step);
  const [email, setEmail] = useState(initial.email);
  const [otp, setOtp] = useState(initial.code);
  const busy = steps.busy !== null;

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    void steps.run(
      "send",
      async () => {
        await auth.sendOtp(email);
        setOtp("");
        setStep("verify");
      },
      // The server's refusal ("Failed to send OTP…") comes as its text; no text
      // at all (offline, a proxy's error page) is not the address's fault.
      SIGN_IN_MESSAGES.mailUnavailable,
    );
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    void steps.run(
      "verify",
      async () => {
        await auth.verifyOtp(email, otp);
        await onSignedIn();
      },
      SIGN_IN_MESSAGES.invalidCode,
    );
  };

  const onBack = (event: MouseEvent) => {
    event.preventDefault();
    setStep("email");
    setOtp("");
    steps.setError("");
  };

  const returnField = <input type="hidden" name="returnUrl" value={returnUrl} />;

  if (step === "email") {
    return (
      <form method="post" onSubmit={hydrated ? onSend : undefined} className="space-y-4">
        {returnField}
        <div>
          <label htmlFor="otp-email" className="block text-sm font-medium text-slate-700">
            Email
          </label>
          <input
            id="otp-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          name="intent"
          value="send-otp"
          className={buttonClass("primary", "block")}
          // Without JavaScript `required` keeps an empty address back instead.
          disabled={hydrated && (!email.trim() || busy)}
        >
          {steps.busy === "send" ? "Sending..." : "Send OTP"}
        </button>
      </form>
    );
  }

  return (
    <form method="post" onSubmit={hydrated ? onVerify : undefined} className="space-y-4">
      {returnField}
      <input type="hidden" name="email" value={email} />
      <p role="status" className="text-sm text-slate-600">
        We sent a code to <strong>{email}</strong>. It is valid for 10 minutes.
      </p>
      <div>
        <label htmlFor="otp-code" className="block text-sm font-medium text-slate-700">
          Code
        </label>
        <input
          id="otp-code"
          name="otp"
          type="text"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="Enter the 6-digit code"
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
          disabled={busy}
          className={`${inputClass} tracking-widest`}
        />
      </div>
      <button
        type="submit"
        name="intent"
        value="verify-otp"
        className={buttonClass("primary", "block")}
        disabled={hydrated && (!otp.trim() || busy)}
      >
        {steps.busy === "verify" ? "Verifying..." : "Verify OTP"}
      </button>
      <button
        type="submit"
        name="intent"
        value="back"
        formNoValidate
        onClick={hydrated ? onBack : undefined}
        disabled={busy}
        className={buttonClass("secondary", "block")}
      >
        Back
      </button>
    </form>
  );
}
