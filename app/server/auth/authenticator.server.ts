import { Authenticator } from "remix-auth";
import type { DB } from "../db.server";
import { createSession, destroySession, getSessionUser } from "../session.server";
import { recordAuthEvent } from "./audit.server";
import { fetchGoogleAccount, GoogleStrategy, googleRedirectUri } from "./google.server";
import { EmailOtpStrategy, SignInError } from "./otp-strategy.server";
import { PasskeyStrategy } from "./passkey-sign-in.server";
import { AccountConflictError, userForGoogleAccount, userForVerifiedEmail, type AuthUser } from "./users.server";
import { logFor } from "../log.server";

const log = logFor("auth");

export type SignInMethod = "email-otp" | "google" | "passkey";

/**
 * The remix-auth Authenticator for one request: strategies take the database,
 * the client address (for the audit trail) and the OAuth redirect URI (APP_URL
 * or the request's origin), so they are made per request; they hold no other state.
 */
export function authenticator(db: DB, request: Request, clientIp: string) {
  return new Authenticator<AuthUser>()
    .use(new EmailOtpStrategy<AuthUser>(db, clientIp, ({ email }) => userForVerifiedEmail(db, email)))
    .use(
      new GoogleStrategy<AuthUser>(googleRedirectUri(request), async ({ tokens }) => {
        const account = await fetchGoogleAccount(tokens.accessToken());
        try {
          return await userForGoogleAccount(db, account);
        } catch (error) {
          if (error instanceof AccountConflictError)
            throw new SignInError("This e-mail address is linked to another Google account.", 409);
          throw error;
        }
      }),
    )
    // A staff member's passkey (docs/decisions/0134): the strategy has found and checked the user.
    .use(new PasskeyStrategy<AuthUser>(db, clientIp, async ({ user }) => user));
}

export const googleStrategy = (db: DB, request: Request, clientIp: string) =>
  authenticator(db, request, clientIp).get<GoogleStrategy<AuthUser>>("google")!;

/**
 * Signs in with a strategy and starts a new session. Returns the session's
 * Set-Cookie, or throws SignInError (recorded in the audit trail either way).
 * `source` is the request that carries the proof (for Google, the provider's
 * answer); `request` the one the browser sent us.
 */
export async function signIn(
  db: DB,
  method: SignInMethod,
  request: Request,
  clientIp: string,
  source: Request = request,
): Promise<{ user: AuthUser; setCookie: string }> {
  let user: AuthUser;
  try {
    user = await authenticator(db, request, clientIp).authenticate(method, source);
  } catch (error) {
    const message = error instanceof SignInError ? error.message : "unexpected error";
    // Wrong codes are already recorded as code_failed, refused passkeys as sign_in_failed.
    if (method === "google")
      await recordAuthEvent(db, { event: "sign_in_failed", clientIp, outcome: "refused", detail: `google: ${message}` });
    if (!(error instanceof SignInError)) log.error({ err: error, method }, "sign-in failed");
    throw error instanceof SignInError ? error : new SignInError("Sign-in failed. Please try again.", 500);
  }
  const setCookie = await createSession(db, request, user.id, clientIp);
  await recordAuthEvent(db, { event: "sign_in", email: user.email, clientIp, outcome: "success", detail: method });
  return { user, setCookie };
}

/** Ends the request's session (the row is deleted) and returns the Set-Cookie that clears the cookie. */
export async function signOut(db: DB, request: Request, clientIp: string): Promise<string> {
  const user = await getSessionUser(db, request);
  const setCookie = await destroySession(db, request);
  if (user) await recordAuthEvent(db, { event: "logout", email: user.email, clientIp, outcome: "success" });
  return setCookie;
}
