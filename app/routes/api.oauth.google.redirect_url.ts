import { SIGN_IN_MESSAGES } from "~/lib/sign-in";
import { apiResponse, badRequest, notFound } from "~/server/app-error.server";
import { googleStrategy } from "~/server/auth/authenticator.server";
import { googleConfigured } from "~/server/auth/google.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.oauth.google.redirect_url";

/**
 * GET ?originUrl=<site origin>: starts a popup sign-in with Google. Answers
 * {redirectUrl} (the provider's page) and sets the signed flow cookie holding
 * state and PKCE verifier, which POST /api/sessions checks.
 */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  apiResponse(async () => {
    if (!googleConfigured()) throw notFound(SIGN_IN_MESSAGES.googleNotConfigured);
    const requestUrl = new URL(request.url);
    const originUrl = requestUrl.searchParams.get("originUrl");
    if (originUrl !== null && !isOrigin(originUrl, requestUrl.origin)) throw badRequest("originUrl must be this site's origin");
    const strategy = googleStrategy(context.get(databaseContext), request, context.get(requestInfoContext).clientIp);
    const { url, setCookie } = await strategy.start(request, "popup");
    return Response.json({ redirectUrl: url }, { headers: { "set-cookie": setCookie, "cache-control": "no-store" } });
  });

function isOrigin(value: string, expected: string): boolean {
  try {
    return new URL(value).origin === expected;
  } catch {
    return false;
  }
}
