import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, redirect, useNavigate, useRevalidator } from "react-router";
import { AuthProvider, useAuth } from "~/components/auth/AuthProvider";
import { GoogleSignInForm } from "~/components/auth/GoogleSignInForm";
import { LoginTabs } from "~/components/auth/LoginTabs";
import { OtpSignInForm } from "~/components/auth/OtpSignInForm";
import { PasskeySignIn } from "~/components/auth/PasskeySignIn";
import { SiteLogo } from "~/components/site/SiteLogo";
import { useSignInStep } from "~/components/auth/use-sign-in-step";
import { FullScreenMessage } from "~/components/ui/FullScreenMessage";
import { useHydrated } from "~/components/ui/use-hydrated";
import { safeReturnUrl } from "~/lib/return-url";
import { SIGN_IN_MESSAGES, type LoginStep, type LoginTab } from "~/lib/sign-in";
import { googleConfigured } from "~/server/auth/google.server";
import { relyingParty } from "~/server/auth/passkeys.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { getSessionUser } from "~/server/session.server";
import type { Route } from "./+types/login";
import { handleLoginIntent } from "./login.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnUrl = safeReturnUrl(url.searchParams.get("returnUrl"));
  if (await getSessionUser(context.get(databaseContext), request)) throw redirect(returnUrl);
  // The e-mailed link opens the code step with address and code filled in.
  const email = url.searchParams.get("email") ?? "";
  const code = url.searchParams.get("code") ?? "";
  // Google first, unless it is not configured here (then the codes are the way in).
  const asked = url.searchParams.get("tab");
  const tab: LoginTab = asked === "otp" || (email && code) ? "otp" : asked === "google" || googleConfigured() ? "google" : "otp";
  return {
    returnUrl,
    tab,
    prefill: { email, code, step: (email && code ? "verify" : "email") as LoginStep },
    googleConfigured: googleConfigured(),
    // Passkeys need the site's address to be a domain (docs/decisions/0134).
    passkeys: relyingParty(request) !== null,
    googleError: url.searchParams.get("error") === "google",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLoginIntent(context.get(databaseContext), request, context.get(requestInfoContext).clientIp);
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

/**
 * Two ways in, as tabs: Google and an e-mailed code. Every form works as a
 * plain post (the action answers the next state); once hydrated, the flows
 * run in place and the page moves to returnUrl when signed in. Below them,
 * once hydrated, a staff member's passkey (JavaScript only).
 */
function LoginPage({ loaderData, actionData: posted }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const auth = useAuth();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  // Checked by safeReturnUrl in the loader: the navigation after sign-in and every form post use this value.
  const { returnUrl, prefill } = loaderData;

  const [tab, setTab] = useState<LoginTab>(posted?.tab ?? loaderData.tab);
  const steps = useSignInStep(posted?.error ?? (loaderData.googleError ? SIGN_IN_MESSAGES.googleFailed : ""));
  const [signedIn, setSignedIn] = useState(false);

  const onSignedIn = async () => {
    setSignedIn(true);
    await navigate(returnUrl, { replace: true });
    // The root loader's data (the public header's Dashboard link) was read signed out.
    await revalidator.revalidate();
  };

  const chooseTab = (next: LoginTab) => {
    setTab(next);
    steps.setError("");
  };

  if (auth.pending || auth.fetching || signedIn) return <FullScreenMessage text="Loading..." />;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 px-4">
      <SiteBar />
      <main className="flex flex-1 items-center justify-center pb-12 pt-6">
        <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">
          <h1 className="text-center text-2xl font-bold text-slate-900">Sign in to your account</h1>
          <p className="mt-2 text-center text-slate-600">Access your dashboard</p>

          <LoginTabs tab={tab} onChange={chooseTab} returnUrl={returnUrl} hydrated={hydrated} />

          {steps.error ? (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {steps.error}
            </p>
          ) : null}

          <section id="panel-google" role="tabpanel" hidden={tab !== "google"} className="mt-6">
            <GoogleSignInForm
              returnUrl={returnUrl}
              configured={loaderData.googleConfigured}
              hydrated={hydrated}
              steps={steps}
              onSignedIn={onSignedIn}
            />
          </section>
          <section id="panel-otp" role="tabpanel" hidden={tab !== "otp"} className="mt-6">
            <OtpSignInForm
              returnUrl={returnUrl}
              hydrated={hydrated}
              initial={{
                step: posted?.step ?? prefill.step,
                email: posted?.email ?? prefill.email,
                code: posted ? "" : prefill.code,
              }}
              steps={steps}
              onSignedIn={onSignedIn}
            />
          </section>
          <PasskeySignIn available={loaderData.passkeys} hydrated={hydrated} steps={steps} onSignedIn={onSignedIn} />
        </div>
      </main>
    </div>
  );
}

/** The way back for a visitor who landed here by mistake: the logo and a plain link, both to the home page. */
function SiteBar() {
  // The site's focus ring colour is for dark backgrounds; this page is light.
  const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
  return (
    <header className="mx-auto flex w-full max-w-md items-center justify-between gap-4 pt-8">
      {/* Named by its visible text (WCAG 2.5.3), as in the site's header. */}
      <Link to="/" className={`rounded-lg text-ink-900 ${focusRing}`}>
        <SiteLogo onLight />
      </Link>
      <Link to="/" className={`inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:underline ${focusRing}`}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to the site
      </Link>
    </header>
  );
}
