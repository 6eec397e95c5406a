import { useEffect, useState } from "react";
import { redirect } from "react-router";
import { OAUTH_RESULT_KEY, type OAuthResult } from "~/components/auth/google-popup";
import { safeReturnUrl } from "~/lib/return-url";
import { SIGN_IN_MESSAGES } from "~/lib/sign-in";
import { signIn } from "~/server/auth/authenticator.server";
import { clearGoogleFlow, readGoogleFlow } from "~/server/auth/google.server";
import { SignInError } from "~/server/auth/otp-strategy.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/auth.google.callback";
import { logFor } from "~/server/log.server";

/**
 * Where Google sends the browser back. A full-page flow (started by the
 * login form without JavaScript) is completed here on the server; a popup
 * flow's page hands code and state to its opener, which exchanges them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const flow = await readGoogleFlow(request);
  if (flow?.mode !== "redirect") return null;
  const headers = new Headers();
  headers.append("set-cookie", await clearGoogleFlow(request));
  try {
    const { setCookie } = await signIn(context.get(databaseContext), "google", request, context.get(requestInfoContext).clientIp);
    headers.append("set-cookie", setCookie);
    return redirect(safeReturnUrl(flow.returnUrl), { headers });
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    logFor("auth").warn(`Google sign-in refused: ${error.message}`);
    const query = new URLSearchParams({ error: "google", returnUrl: safeReturnUrl(flow.returnUrl) });
    return redirect(`/login?${query}`, { headers });
  }
}

export function meta() {
  return [{ title: "Signing in…" }, { name: "robots", content: "noindex" }];
}

export default function GoogleReturnPage() {
  const [message, setMessage] = useState("Completing sign-in…");

  useEffect(() => {
    const result = resultFromQuery(new URLSearchParams(window.location.search));
    if (result.type === "error") setMessage(result.error);
    if (window.opener && window.opener !== window) {
      // Only our own origin may read it.
      (window.opener as Window).postMessage(result, window.location.origin);
    } else {
      localStorage.setItem(OAUTH_RESULT_KEY, JSON.stringify(result));
    }
    window.close();
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <p role="status" className="text-slate-700">
        {message}
      </p>
    </main>
  );
}

function resultFromQuery(query: URLSearchParams): OAuthResult {
  const code = query.get("code");
  const error = query.get("error");
  if (error) return { type: "error", error: query.get("error_description") || SIGN_IN_MESSAGES.oauthDefault };
  if (code) return { type: "success", code, state: query.get("state") ?? "" };
  return { type: "error", error: SIGN_IN_MESSAGES.noCodeOrError };
}
