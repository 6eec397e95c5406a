import { googleStrategy } from "~/server/auth/authenticator.server";
import { googleConfigured } from "~/server/auth/google.server";
import { requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.oauth.google.redirect_url";

/**
 * GET ?originUrl=<site origin>: starts a popup sign-in with Google. Answers
 * {redirectUrl} (the provider's page) and sets the signed flow cookie holding
 * state and PKCE verifier, which POST /api/sessions checks.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!googleConfigured()) return Response.json({ error: "Google sign-in is not configured" }, { status: 404 });
  const requestUrl = new URL(request.url);
  const originUrl = requestUrl.searchParams.get("originUrl");
  if (originUrl !== null && !isOrigin(originUrl, requestUrl.origin)) {
    return Response.json({ error: "originUrl must be this site's origin" }, { status: 400 });
  }
  const { url, setCookie } = await googleStrategy(request, context.get(requestInfoContext).clientIp).start(request, "popup");
  return Response.json({ redirectUrl: url }, { headers: { "set-cookie": setCookie, "cache-control": "no-store" } });
}

function isOrigin(value: string, expected: string): boolean {
  try {
    return new URL(value).origin === expected;
  } catch {
    return false;
  }
}
