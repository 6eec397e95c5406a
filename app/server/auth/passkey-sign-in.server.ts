import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { Strategy } from "remix-auth/strategy";
import { z } from "zod";
import { PASSKEY_MESSAGES } from "~/lib/passkeys";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import { requireJsonObject } from "../json-body.server";
import { logFor } from "../log.server";
import { rateLimited, takeRateLimit } from "../rate-limit.server";
import { effectiveRole } from "../session.server";
import { recordAuthEvent } from "./audit.server";
import { SignInError } from "./otp-strategy.server";
import { CEREMONY_TIMEOUT_MS, storeSignInChallenge, useSignInChallenge } from "./passkey-challenges.server";
import { challengeOf, PASSKEY_LIMITS, requireRelyingParty, takePasskeyLimit } from "./passkeys.server";
import { can } from "./permissions.server";
import type { AuthUser } from "./users.server";

/**
 * Signing in with a passkey (docs/decisions/0134), in two requests: the
 * options (a challenge for anyone, kept server-side for a few minutes), then
 * the browser's signed answer, checked here and turned into the same session
 * and audit line as any sign-in by the authenticator's PasskeyStrategy.
 */

const log = logFor("passkeys");

/**
 * Step one: the options for navigator.credentials.get(). No passkeys are
 * listed (allowCredentials is empty): passkeys are discoverable, and the
 * browser offers the ones it holds for this site, so nobody types an address
 * and the answer says nothing about who has passkeys here.
 */
export async function passkeySignInOptions(db: DB, request: Request, clientIp: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = requireRelyingParty(request);
  await refuseWhileFailing(db, clientIp);
  await takePasskeyLimit(db, PASSKEY_LIMITS.signIn, clientIp);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required", timeout: CEREMONY_TIMEOUT_MS });
  await storeSignInChallenge(db, options.challenge);
  return options;
}

const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+=*$/);

/** The shape of a browser's sign-in answer (@simplewebauthn/browser's startAuthentication); the library checks the rest. */
const signInAnswer = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url(8000),
    authenticatorData: base64url(8000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});

type Refusal = "bad_answer" | "no_challenge" | "expired" | "unknown_passkey" | "wrong_user_handle" | "not_verified" | "not_staff" | "counter_raced";

const REFUSALS: Record<Refusal, { message: string; status: number }> = {
  bad_answer: { message: PASSKEY_MESSAGES.refused, status: 400 },
  no_challenge: { message: PASSKEY_MESSAGES.expired, status: 401 },
  expired: { message: PASSKEY_MESSAGES.expired, status: 401 },
  unknown_passkey: { message: PASSKEY_MESSAGES.unknown, status: 401 },
  wrong_user_handle: { message: PASSKEY_MESSAGES.unknown, status: 401 },
  not_verified: { message: PASSKEY_MESSAGES.refused, status: 401 },
  not_staff: { message: PASSKEY_MESSAGES.notStaff, status: 403 },
  counter_raced: { message: PASSKEY_MESSAGES.refused, status: 401 },
};

/**
 * Step two: the user whose passkey signed this request's challenge. Refused
 * (SignInError, an audit line, and a hit on the client's failure limit):
 * a challenge not handed out, used before or expired; a passkey not known
 * here (never added, or removed); a signature, origin, RP ID, user
 * verification or counter that does not hold; a user who is not staff.
 */
export async function verifyPasskeySignIn(db: DB, request: Request, body: unknown, clientIp: string): Promise<AuthUser> {
  const rp = requireRelyingParty(request);
  await refuseWhileFailing(db, clientIp);
  const refuse = async (refusal: Refusal, email = "", detail = ""): Promise<never> => {
    await takeRateLimit(db, PASSKEY_LIMITS.failures, clientIp);
    await recordAuthEvent(db, { event: "sign_in_failed", email, clientIp, outcome: refusal, detail: `passkey${detail ? `: ${detail}` : ""}` });
    const { message, status } = REFUSALS[refusal];
    throw new SignInError(message, status);
  };

  const parsed = signInAnswer.safeParse((body as { response?: unknown } | null)?.response);
  if (!parsed.success) return refuse("bad_answer");
  const response = parsed.data as unknown as AuthenticationResponseJSON;

  // The challenge is used up first, whatever follows: an answer is checked once.
  const challenge = challengeOf(response.response.clientDataJSON);
  const used = await useSignInChallenge(db, challenge);
  if (!used.ok) return refuse(used.outcome);

  const passkey = await db
    .selectFrom("passkeys")
    .innerJoin("users", "users.id", "passkeys.user_id")
    .select(["passkeys.id", "passkeys.public_key", "passkeys.counter", "passkeys.transports", "passkeys.user_handle", "users.id as user_id", "users.email", "users.role"])
    .where("passkeys.credential_id", "=", response.id)
    .executeTakeFirst();
  if (!passkey) return refuse("unknown_passkey");
  // A discoverable passkey names its user: it must be the one it was added for.
  if (response.response.userHandle !== undefined && response.response.userHandle !== passkey.user_handle) return refuse("wrong_user_handle", passkey.email);

  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: response.id, publicKey: isoBase64URL.toBuffer(passkey.public_key), counter: Number(passkey.counter), transports: passkey.transports },
      requireUserVerification: true,
    });
    if (!verified.verified) return refuse("not_verified", passkey.email);
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    if (error instanceof SignInError) throw error;
    // The library's words say what did not hold (signature, origin, counter…); they name no person.
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ reason }, "a passkey's sign-in was refused");
    return refuse("not_verified", passkey.email, reason);
  }

  // The same rule as every sign-in's dashboard: someone no longer staff gets nothing from a passkey.
  if (!can({ id: passkey.user_id, role: effectiveRole(passkey.email, passkey.role) }, "account.own")) return refuse("not_staff", passkey.email);

  // The counter moves only forward, and only from the value this check read (two uses at once: one wins).
  const moved = await db
    .updateTable("passkeys")
    .set({ counter: newCounter, last_used_at: new Date() })
    .where("id", "=", passkey.id)
    .where("counter", "=", Number(passkey.counter))
    .returning("id")
    .executeTakeFirst();
  if (!moved) return refuse("counter_raced", passkey.email);
  return { id: passkey.user_id, email: passkey.email };
}

/** Past the failure limit every passkey request of the client waits (429), good answers included. */
async function refuseWhileFailing(db: DB, clientIp: string): Promise<void> {
  const { limited, retryAfterSeconds } = await rateLimited(db, PASSKEY_LIMITS.failures, clientIp);
  if (limited) throw new SignInError(PASSKEY_MESSAGES.tooMany(retryAfterSeconds), 429, { headers: { "Retry-After": String(retryAfterSeconds) } });
}

/**
 * The remix-auth strategy for a passkey's answer, so that it signs in through
 * the one `signIn` (./authenticator.server.ts) as codes and Google do: the
 * same session, the same sign_in line. The request carries `{ response }` as JSON.
 */
export class PasskeyStrategy<User> extends Strategy<User, { user: AuthUser }> {
  name = "passkey";

  constructor(
    private readonly db: DB,
    private readonly clientIp: string,
    verify: Strategy.VerifyFunction<User, { user: AuthUser }>,
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<User> {
    let body: Record<string, unknown>;
    try {
      body = await requireJsonObject(request.clone());
    } catch (error) {
      if (error instanceof AppError) throw new SignInError(error.message, error.status, error.details);
      throw error;
    }
    try {
      return this.verify({ user: await verifyPasskeySignIn(this.db, request, body, this.clientIp) });
    } catch (error) {
      // requireRelyingParty's 409 (no passkeys at an IP address) is a refusal too.
      if (error instanceof AppError && !(error instanceof SignInError)) throw new SignInError(error.message, error.status, error.details);
      throw error;
    }
  }
}
