import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from "react";
import { data, redirect, useNavigate } from "react-router";
import { FullScreenMessage } from "~/components/ui/FullScreenMessage";
import { ApiError, AuthProvider, useAuth } from "~/lib/auth-client";
import { safeReturnUrl } from "~/lib/return-url";
import { googleStrategy, signIn } from "~/server/auth/authenticator.server";
import { googleConfigured } from "~/server/auth/google.server";
import { SignInError } from "~/server/auth/otp-strategy.server";
import { sendSignInCode } from "~/server/auth/otp.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { readForm } from "~/server/form-body.server";
import { requestInfoContext } from "~/server/request-context.server";
import { getSessionUser } from "~/server/session.server";
import type { Route } from "./+types/login";

type Tab = "google" | "otp";
type Step = "email" | "verify";

const MESSAGES = {
  google: "Failed to login with Google. Please try again.",
  // The spec's send failure ("Failed to send OTP…") comes from the server, which
  // knows whether the address was refused; this is OTP_MESSAGES.mailUnavailable,
  // for when no answer came from it at all.
  sendUnavailable: "We couldn't send the code right now. Please try again in a few minutes.",
  verify: "Invalid OTP. Please check and try again.",
  googleNotConfigured: "Google sign-in is not configured.",
};

/** What the page shows after a form post without JavaScript. */
interface FormState {
  tab: Tab;
  step: Step;
  email: string;
  error?: string;
  sent?: boolean;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnUrl = safeReturnUrl(url.searchParams.get("returnUrl"));
  if (await getSessionUser(request)) throw redirect(returnUrl);
  // The e-mailed link opens the code step with address and code filled in.
  const email = url.searchParams.get("email") ?? "";
  const code = url.searchParams.get("code") ?? "";
  // Google first, unless it is not configured here (then the codes are the way in).
  const asked = url.searchParams.get("tab");
  const tab: Tab = asked === "otp" || (email && code) ? "otp" : asked === "google" || googleConfigured() ? "google" : "otp";
  return {
    returnUrl,
    tab,
    prefill: { email, code, step: (email && code ? "verify" : "email") as Step },
    googleConfigured: googleConfigured(),
    googleError: url.searchParams.get("error") === "google",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const reply = (state: FormState, status = 200) => data(state, { status });
  const body = await readForm(request.clone());
  if (!body.ok) return reply({ tab: "otp", step: "email", email: "", error: body.error }, body.status);
  const { form } = body;
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "").trim();
  const returnUrl = safeReturnUrl(String(form.get("returnUrl") ?? ""));
  const { clientIp } = context.get(requestInfoContext);

  switch (intent) {
    case "google": {
      if (!googleConfigured())
        return reply({ tab: "google", step: "email", email: "", error: MESSAGES.googleNotConfigured }, 400);
      const { url, setCookie } = await googleStrategy(request, clientIp).start(request, "redirect", returnUrl);
      return redirect(url, { headers: { "set-cookie": setCookie } });
    }
    case "send-otp": {
      const result = await sendSignInCode(db(), {
        email,
        clientIp,
        signInLinkOrigin: env().APP_URL ? new URL(env().APP_URL!).origin : undefined,
      });
      if (!result.ok) return reply({ tab: "otp", step: "email", email, error: result.error }, result.status);
      return reply({ tab: "otp", step: "verify", email, sent: true });
    }
    case "verify-otp": {
      try {
        const { setCookie } = await signIn("email-otp", request, clientIp);
        return redirect(returnUrl, { headers: { "set-cookie": setCookie } });
      } catch (error) {
        if (!(error instanceof SignInError)) throw error;
        return reply({ tab: "otp", step: "verify", email, error: error.message }, error.status);
      }
    }
    case "back":
      return reply({ tab: "otp", step: "email", email });
    default:
      return reply({ tab: "otp", step: "email", email, error: "Unknown action" }, 400);
  }
}

export function meta() {
  return [{ title: "Sign in | Staff" }, { name: "robots", content: "noindex" }];
}

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthProvider initialUser={null}>
      <LoginPage loaderData={loaderData} actionData={actionData} />
    </AuthProvider>
  );
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function LoginPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const auth = useAuth();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Checked by safeReturnUrl in the loader: the navigation after sign-in and every form post use this value.
  const { returnUrl, prefill } = loaderData;
  const posted = actionData as FormState | undefined;

  const [tab, setTab] = useState<Tab>(posted?.tab ?? loaderData.tab);
  const [step, setStep] = useState<Step>(posted?.step ?? prefill.step);
  const [email, setEmail] = useState(posted?.email ?? prefill.email);
  const [otp, setOtp] = useState(posted ? "" : prefill.code);
  const [error, setError] = useState(posted?.error ?? (loaderData.googleError ? MESSAGES.google : ""));
  const [busy, setBusy] = useState<"google" | "send" | "verify" | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  async function run(kind: "google" | "send" | "verify", work: () => Promise<void>, fallback: string) {
    setBusy(kind);
    setError("");
    try {
      await work();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : fallback);
    } finally {
      setBusy(null);
    }
  }

  const finish = async () => {
    setSignedIn(true);
    await navigate(returnUrl, { replace: true });
  };

  const onGoogle = (event: FormEvent) => {
    event.preventDefault();
    void run(
      "google",
      async () => {
        await auth.loginWithGoogle();
        await finish();
      },
      MESSAGES.google,
    );
  };

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    void run(
      "send",
      async () => {
        await auth.sendOtp(email);
        setOtp("");
        setStep("verify");
      },
      // No text from our server (offline, a proxy's error page): not the address's fault.
      MESSAGES.sendUnavailable,
    );
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    void run(
      "verify",
      async () => {
        await auth.verifyOtp(email, otp);
        await finish();
      },
      MESSAGES.verify,
    );
  };

  const onBack = (event: MouseEvent) => {
    event.preventDefault();
    setStep("email");
    setOtp("");
    setError("");
  };

  const chooseTab = (next: Tab) => {
    setTab(next);
    setError("");
  };

  if (auth.pending || auth.fetching || signedIn) return <FullScreenMessage text="Loading..." />;

  const returnField = <input type="hidden" name="returnUrl" value={returnUrl} />;
  const buttonClass =
    "w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50";
  const inputClass =
    "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-center text-2xl font-bold text-slate-900">Sign in to your account</h1>
        <p className="mt-2 text-center text-slate-600">Access your dashboard</p>

        <Tabs tab={tab} onChange={chooseTab} returnUrl={returnUrl} hydrated={hydrated} />

        {error ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}

        <section id="panel-google" role="tabpanel" hidden={tab !== "google"} className="mt-6">
          {loaderData.googleConfigured ? null : <p className="mb-4 text-sm text-slate-600">{MESSAGES.googleNotConfigured}</p>}
          <form method="post" onSubmit={hydrated ? onGoogle : undefined}>
            {returnField}
            <button
              type="submit"
              name="intent"
              value="google"
              className={buttonClass}
              disabled={!loaderData.googleConfigured || busy !== null}
            >
              {busy === "google" ? "Signing in..." : "Sign in with Google"}
            </button>
          </form>
        </section>
        <section id="panel-otp" role="tabpanel" hidden={tab !== "otp"} className="mt-6">
          {step === "email" ? (
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
                  disabled={busy !== null}
                  className={inputClass}
                />
              </div>
              <button
                type="submit"
                name="intent"
                value="send-otp"
                className={buttonClass}
                // Without JavaScript `required` keeps an empty address back instead.
                disabled={hydrated && (!email.trim() || busy !== null)}
              >
                {busy === "send" ? "Sending..." : "Send OTP"}
              </button>
            </form>
          ) : (
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
                  disabled={busy !== null}
                  className={`${inputClass} tracking-widest`}
                />
              </div>
              <button
                type="submit"
                name="intent"
                value="verify-otp"
                className={buttonClass}
                disabled={hydrated && (!otp.trim() || busy !== null)}
              >
                {busy === "verify" ? "Verifying..." : "Verify OTP"}
              </button>
              <button
                type="submit"
                name="intent"
                value="back"
                formNoValidate
                onClick={hydrated ? onBack : undefined}
                disabled={busy !== null}
                className="w-full rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50"
              >
                Back
              </button>
            </form>
          )}
        </section>
      </div>
    </main>
  );
}

const TABS: { id: Tab; label: string }[] = [
  { id: "google", label: "Google" },
  { id: "otp", label: "Email OTP" },
];

/**
 * ARIA tabs. Each tab is also a link to ?tab=…, so switching works before
 * (or without) JavaScript; once hydrated a click or an arrow key switches in place.
 */
function Tabs({
  tab,
  onChange,
  returnUrl,
  hydrated,
}: {
  tab: Tab;
  onChange: (t: Tab) => void;
  returnUrl: string;
  hydrated: boolean;
}) {
  const refs = useRef<Record<Tab, HTMLAnchorElement | null>>({ google: null, otp: null });
  const onKeyDown = (event: KeyboardEvent) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? TABS.length - 1
          : (index + (event.key === "ArrowRight" ? 1 : -1) + TABS.length) % TABS.length;
    onChange(TABS[next]!.id);
    refs.current[TABS[next]!.id]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Sign-in method"
      className="mt-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
      onKeyDown={onKeyDown}
    >
      {TABS.map(({ id, label }) => {
        const selected = id === tab;
        return (
          <a
            key={id}
            ref={(el) => {
              refs.current[id] = el;
            }}
            id={`tab-${id}`}
            role="tab"
            href={`/login?${new URLSearchParams({ tab: id, returnUrl })}`}
            aria-selected={selected}
            aria-controls={`panel-${id}`}
            tabIndex={selected ? 0 : -1}
            onClick={
              hydrated
                ? (e) => {
                    e.preventDefault();
                    onChange(id);
                  }
                : undefined
            }
            className={`rounded-md px-3 py-2 text-center text-sm font-semibold ${selected ? "bg-white text-slate-900 shadow" : "text-slate-600 hover:text-slate-900"}`}
          >
            {label}
          </a>
        );
      })}
    </div>
  );
}
