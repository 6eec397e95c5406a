import { sql } from "kysely";
import type { DB } from "../db.server";

/**
 * The WebAuthn challenges handed out (docs/decisions/0134), kept in the
 * database so that any process can check the answer: each is used once (the
 * first use deletes it, whatever the outcome), for CHALLENGE_TTL_MS.
 * - register: bound to the session that asked (and its user); another
 *   session's answer finds nothing, and signing out deletes it with the session.
 * - sign_in: bound to nothing but itself: the answer names it inside the
 *   signed client data, so only the authenticator holding the passkey can use it.
 */

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** The browser's own time limit for the passkey dialog (WebAuthn `timeout`): inside the challenge's life. */
export const CEREMONY_TIMEOUT_MS = 3 * 60_000;

export type ChallengePurpose = "register" | "sign_in";

/** What a registration challenge is bound to, and the user handle the new passkey gets. */
export interface RegistrationBinding {
  sessionId: string;
  userId: number;
  userHandle: string;
}

export async function storeSignInChallenge(db: DB, challenge: string): Promise<void> {
  await insertChallenge(db, { challenge, purpose: "sign_in" });
}

export async function storeRegistrationChallenge(db: DB, challenge: string, binding: RegistrationBinding): Promise<void> {
  await insertChallenge(db, {
    challenge,
    purpose: "register",
    session_id: binding.sessionId,
    user_id: binding.userId,
    user_handle: binding.userHandle,
  });
}

async function insertChallenge(
  db: DB,
  values: { challenge: string; purpose: ChallengePurpose; session_id?: string; user_id?: number; user_handle?: string },
): Promise<void> {
  await db
    .insertInto("passkey_challenges")
    .values({ ...values, expires_at: sql<Date>`now() + ${`${CHALLENGE_TTL_MS / 1000} seconds`}::interval` })
    .execute();
}

export type ChallengeUse = { ok: true; userHandle: string | null } | { ok: false; outcome: "no_challenge" | "expired" };

/**
 * Uses a sign-in challenge: deleted in the same statement that finds it, so
 * two answers carrying it cannot both pass.
 */
export async function useSignInChallenge(db: DB, challenge: string): Promise<ChallengeUse> {
  const row = await db
    .deleteFrom("passkey_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", "sign_in")
    .returning(["user_handle", sql<boolean>`expires_at <= now()`.as("expired")])
    .executeTakeFirst();
  return judged(row);
}

/** Uses a registration challenge of this session and user (another's is not found, and stays theirs). */
export async function useRegistrationChallenge(db: DB, challenge: string, bound: { sessionId: string; userId: number }): Promise<ChallengeUse> {
  const row = await db
    .deleteFrom("passkey_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", "register")
    .where("session_id", "=", bound.sessionId)
    .where("user_id", "=", bound.userId)
    .returning(["user_handle", sql<boolean>`expires_at <= now()`.as("expired")])
    .executeTakeFirst();
  return judged(row);
}

function judged(row: { user_handle: string | null; expired: boolean } | undefined): ChallengeUse {
  if (!row) return { ok: false, outcome: "no_challenge" };
  if (row.expired) return { ok: false, outcome: "expired" };
  return { ok: true, userHandle: row.user_handle };
}

/** Deletes the challenges nobody used in time (the hourly clean-up, with the rate-limit hits'). */
export async function pruneExpiredChallenges(db: DB): Promise<void> {
  await db.deleteFrom("passkey_challenges").where("expires_at", "<=", sql<Date>`now()`).execute();
}
