import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import type { Strategy } from "remix-auth/strategy";
import { z } from "zod";
import { EMAIL_PATTERN } from "~/lib/email";
import { safeReturnUrl } from "~/lib/return-url";
import { SIGN_IN_MESSAGES } from "~/lib/sign-in";
import { env } from "../env.server";
import { signedCookie } from "../signed-cookie.server";
import { siteOrigin } from "../site-url.server";
import { SignInError } from "./otp-strategy.server";

/** Where the provider sends the browser back: the popup's return page, or the full-page flow's. */
export const GOOGLE_RETURN_PATH = "/auth/google/callback";
const FLOW_TTL_SECONDS = 10 * 60;

/** "popup": the return page hands the code to the opener; "redirect": the return page signs in itself (no JavaScript). */
export type GoogleFlowMode = "popup" | "redirect";

const flowSchema = z.object({
  state: z.string().min(16),
  verifier: z.string().min(43),
  mode: z.enum(["popup", "redirect"]),
  returnUrl: z.string(),
});
type Flow = z.infer<typeof flowSchema>;

export interface GoogleAccount {
  sub: string;
  email: string;
  name: string;
}

const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().regex(EMAIL_PATTERN),
  // Google answers a boolean; some OpenID providers a string.
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  name: z.string().optional(),
});

export const googleConfigured = () => !!env().GOOGLE_CLIENT_ID;

/** Where the provider sends the browser back: on the public origin (APP_URL, else the request's). */
export const googleRedirectUri = (request: Request) => `${siteOrigin(request)}${GOOGLE_RETURN_PATH}`;

/** The flow's state, PKCE verifier, mode and returnUrl: signed, HttpOnly, 10 minutes, one flow at a time. */
const flowCookie = signedCookie("google-flow", FLOW_TTL_SECONDS);

export async function readGoogleFlow(request: Request): Promise<Flow | null> {
  const parsed = flowSchema.safeParse(await flowCookie(request).parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : null;
}

/** Set-Cookie that ends the flow: a state is good for one exchange. */
export const clearGoogleFlow = (request: Request) => flowCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });

/**
 * Google sign-in as a remix-auth-oauth2 strategy (authorization code with
 * PKCE S256 and state). The library's own state cookie is unsigned and knows
 * nothing of our two flows, so start() and authenticate() keep state, verifier,
 * flow mode and returnUrl in one signed cookie instead; the authorization URL
 * and the code exchange are the library's.
 */
export class GoogleStrategy<User> extends OAuth2Strategy<User> {
  override name = "google";

  constructor(redirectURI: string, verify: Strategy.VerifyFunction<User, OAuth2Strategy.VerifyOptions>) {
    super(
      {
        clientId: env().GOOGLE_CLIENT_ID ?? "",
        clientSecret: env().GOOGLE_CLIENT_SECRET ?? null,
        authorizationEndpoint: env().GOOGLE_AUTHORIZATION_URL,
        tokenEndpoint: env().GOOGLE_TOKEN_URL,
        redirectURI,
        scopes: ["openid", "email", "profile"],
      },
      verify,
    );
  }

  /** The provider's URL to send the browser to, and the Set-Cookie that remembers this flow. */
  async start(request: Request, mode: GoogleFlowMode, returnUrl = "/"): Promise<{ url: string; setCookie: string }> {
    const { state, codeVerifier, url } = this.createAuthorizationURL();
    url.search = this.authorizationParams(url.searchParams, request).toString();
    const flow: Flow = { state, verifier: codeVerifier, mode, returnUrl: safeReturnUrl(returnUrl) };
    return { url: url.toString(), setCookie: await flowCookie(request).serialize(flow) };
  }

  protected override authorizationParams(params: URLSearchParams, _request?: Request): URLSearchParams {
    const result = new URLSearchParams(params);
    result.set("prompt", "select_account");
    return result;
  }

  /**
   * Completes a flow: `request`'s URL holds the provider's answer (code and
   * state, or error) and its Cookie header the flow cookie. Throws SignInError.
   */
  override async authenticate(request: Request): Promise<User> {
    const url = new URL(request.url);
    const flow = await readGoogleFlow(request);
    const state = url.searchParams.get("state");
    if (!flow) throw new SignInError("Sign-in with Google expired or was started elsewhere. Please try again.", 400);
    if (!state || state !== flow.state) throw new SignInError("Sign-in with Google was refused: the state does not match.", 400);
    const error = url.searchParams.get("error");
    if (error) throw new SignInError(url.searchParams.get("error_description") || SIGN_IN_MESSAGES.oauthDefault, 401);
    const code = url.searchParams.get("code");
    if (!code) throw new SignInError(SIGN_IN_MESSAGES.noCodeOrError, 400);
    let tokens;
    try {
      tokens = await this.validateAuthorizationCode(code, flow.verifier);
    } catch (cause) {
      const detail = cause instanceof OAuth2RequestError ? `${cause.code}: ${cause.description ?? ""}` : String(cause);
      throw new SignInError(`Google refused the sign-in code (${detail}).`, 401);
    }
    return this.verify({ request, tokens });
  }
}

/** The account behind an access token, from the userinfo endpoint; its e-mail must be verified. */
export async function fetchGoogleAccount(accessToken: string): Promise<GoogleAccount> {
  const response = await fetch(env().GOOGLE_USERINFO_URL, {
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new SignInError(`Google did not return the account (HTTP ${response.status}).`, 401);
  const info = userInfoSchema.safeParse(await response.json().catch(() => null));
  if (!info.success) throw new SignInError("Google returned an account without an e-mail address.", 401);
  const verified = info.data.email_verified === true || info.data.email_verified === "true";
  if (!verified) throw new SignInError("This Google account's e-mail address is not verified.", 403);
  return { sub: info.data.sub, email: info.data.email, name: info.data.name ?? "" };
}
