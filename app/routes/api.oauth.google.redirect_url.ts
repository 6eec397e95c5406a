import { declareApi, json } from "~/lib/api-declaration";
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
export const openapi = () =>
  declareApi("/api/oauth/google/redirect_url", {
    get: {
      tag: "Sign-in",
      operationId: "googleRedirectUrl",
      summary: "Start a sign-in with Google (popup flow)",
      access: "public",
      parameters: [{ name: "originUrl", in: "query", description: "This site's origin.", schema: { type: "string", format: "uri" } }],
      responses: {
        "200": json(
          { type: "object", properties: { redirectUrl: { type: "string", format: "uri" } }, required: ["redirectUrl"] },
          "The provider's page to open.",
        ),
      },
      errors: [400, 404],
    },
  });

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
