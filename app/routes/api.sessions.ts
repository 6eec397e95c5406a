import { z } from "zod";
import { declareApi, json, jsonBody, ref, setsSessionCookie } from "~/lib/api-declaration";
import { SIGN_IN_MESSAGES } from "~/lib/sign-in";
import { appErrorAnswer, apiResponse, badRequest, methodNotAllowed, notFound } from "~/server/app-error.server";
import { signIn } from "~/server/auth/authenticator.server";
import { clearGoogleFlow, googleConfigured, googleRedirectUri, readGoogleFlow } from "~/server/auth/google.server";
import { SignInError } from "~/server/auth/otp-strategy.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.sessions";

/** The body: the provider's code, and the state the return page saw (our client always sends it). */
const SessionBody = z.object({ code: z.string().min(1), state: z.string().optional() });

export const openapi = () =>
  declareApi("/api/sessions", {
    post: {
      tag: "Sign-in",
      operationId: "googleSignIn",
      summary: "Finish a sign-in with Google: exchange the code (sets the session cookie)",
      access: "public",
      requestBody: jsonBody(SessionBody),
      responses: { "200": json(ref("SignedIn"), "Signed in.", setsSessionCookie) },
      errors: [400, 401, 403, 404, 405, 409],
    },
  });

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
    const parsed = SessionBody.safeParse(await request.json().catch(() => null));
    if (!parsed.success) throw badRequest("code is required (and state, when sent, must be a string)");
    const body = parsed.data;
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

export const loader = () => appErrorAnswer(methodNotAllowed("POST"));
