import { signIn } from "~/server/auth/authenticator.server";
import { clearGoogleFlow, googleConfigured, googleRedirectUri, readGoogleFlow } from "~/server/auth/google.server";
import { SignInError } from "~/server/auth/otp-strategy.server";
import { requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.sessions";

/**
 * POST {code, state?}: the popup flow's exchange (§7 sends {code}). The code
 * is exchanged with this browser's flow cookie's PKCE verifier, so a code
 * issued to any other flow fails at the provider; the state the return page
 * saw, when sent (our client always does), must match the cookie's too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405, headers: { allow: "POST" } });
  if (!googleConfigured()) return Response.json({ error: "Google sign-in is not configured" }, { status: 404 });
  const body = (await request.json().catch(() => null)) as { code?: unknown; state?: unknown } | null;
  if (typeof body?.code !== "string" || !body.code || (body.state !== undefined && typeof body.state !== "string")) {
    return Response.json({ error: "code is required (and state, when sent, must be a string)" }, { status: 400 });
  }
  const state = body.state ?? (await readGoogleFlow(request))?.state ?? "";
  // The provider's answer, as the strategy expects it: the return URL with code and state.
  const answer = new URL(googleRedirectUri(new URL(request.url).origin));
  answer.search = new URLSearchParams({ code: body.code, state }).toString();
  const source = new Request(answer, { headers: { cookie: request.headers.get("cookie") ?? "" } });
  const headers = new Headers({ "cache-control": "no-store" });
  headers.append("set-cookie", await clearGoogleFlow(request));
  try {
    const { user, setCookie } = await signIn("google", request, context.get(requestInfoContext).clientIp, source);
    headers.append("set-cookie", setCookie);
    return Response.json({ success: true, user }, { headers });
  } catch (error) {
    if (error instanceof SignInError) return Response.json({ error: error.message }, { status: error.status, headers });
    throw error;
  }
}

export const loader = () => Response.json({ error: "Use POST" }, { status: 405, headers: { allow: "POST" } });
