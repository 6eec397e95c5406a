import { SIGN_IN_MESSAGES } from "~/lib/sign-in";
import { apiErrorResponse, apiResponse, badRequest, methodNotAllowed, notFound } from "~/server/app-error.server";
import { signIn } from "~/server/auth/authenticator.server";
import { clearGoogleFlow, googleConfigured, googleRedirectUri, readGoogleFlow } from "~/server/auth/google.server";
import { SignInError } from "~/server/auth/otp-strategy.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.sessions";

/**
 * POST {code, state?}: the popup flow's exchange (a client may send only
 * {code}). The code is exchanged with this browser's flow cookie's PKCE
 * verifier, so a code issued to any other flow fails at the provider; the
 * state the return page saw, when sent (our client always does), must match
 * the cookie's too.
 */
export const action = ({ request, context }: Route.ActionArgs) =>
  apiResponse(async () => {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    if (!googleConfigured()) throw notFound(SIGN_IN_MESSAGES.googleNotConfigured);
    const body = (await request.json().catch(() => null)) as { code?: unknown; state?: unknown } | null;
    if (typeof body?.code !== "string" || !body.code || (body.state !== undefined && typeof body.state !== "string")) {
      throw badRequest("code is required (and state, when sent, must be a string)");
    }
    const state = body.state ?? (await readGoogleFlow(request))?.state ?? "";
    // The provider's answer, as the strategy expects it: the return URL with code and state.
    const answer = new URL(googleRedirectUri(request));
    answer.search = new URLSearchParams({ code: body.code, state }).toString();
    const source = new Request(answer, { headers: { cookie: request.headers.get("cookie") ?? "" } });
    // A state is good for one exchange: the flow cookie is cleared whatever the outcome.
    const headers = new Headers({ "cache-control": "no-store" });
    headers.append("set-cookie", await clearGoogleFlow(request));
    try {
      const { clientIp } = context.get(requestInfoContext);
      const { user, setCookie } = await signIn(context.get(databaseContext), "google", request, clientIp, source);
      headers.append("set-cookie", setCookie);
      return Response.json({ success: true, user }, { headers });
    } catch (error) {
      if (error instanceof SignInError) return Response.json({ error: error.message }, { status: error.status, headers });
      throw error;
    }
  });

export const loader = () => apiErrorResponse(methodNotAllowed("POST"));
