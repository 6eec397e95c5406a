import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "~/lib/email";
import { SIGN_IN_MESSAGES } from "~/lib/sign-in";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { recipientRefused } from "../mail-errors.server";
import { sendEmail } from "../mail.server";
import { clearRateLimit, giveBackRateLimit, takeRateLimit, type Limit } from "../rate-limit.server";
import { configuredOrigin } from "../site-url.server";
import { recordAuthEvent } from "./audit.server";
import { getSettings } from "../settings.server";
import { logFor } from "../log.server";

const log = logFor("otp");

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_ATTEMPTS = 5;
/** Limits on sending codes: one per address per 30 s, 10 per address and 50 per client address an hour. */
export const SEND_LIMITS = {
  cooldown: { bucket: "otp:cooldown", max: 1, windowMs: 30_000 },
  perEmail: { bucket: "otp:email", max: 10, windowMs: 3600_000 },
  perClient: { bucket: "otp:client", max: 50, windowMs: 3600_000 },
} satisfies Record<string, Limit>;

/** A sign-in address: the site's e-mail rule, compared and stored in lower case. */
export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN);
export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** How long a client is told to wait (Retry-After) when the mail server is unavailable. */
export const MAIL_RETRY_AFTER_SECONDS = 120;

export type SendResult = { ok: true } | { ok: false; status: 400 | 422 | 429 | 503; error: string; retryAfterSeconds?: number };
export type VerifyResult = { ok: true; email: string } | { ok: false; status: 400 | 401; error: string };

/** Keyed hash: without the server secret a copy of the table cannot be brute-forced back to codes. */
function codeHash(secret: string, email: string, code: string): string {
  return createHmac("sha256", secret).update(`${email}\n${code}`).digest("hex");
}

function matches(email: string, code: string, stored: string): boolean {
  const expected = Buffer.from(stored, "hex");
  // Every configured secret: a rotation does not void codes sent a minute ago.
  return env().sessionSecrets.some((secret) => {
    const actual = Buffer.from(codeHash(secret, email, code), "hex");
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}

/**
 * Sends a new six-digit code to the address, replacing any earlier one.
 * Unknown and known addresses are treated alike (a user row is created only
 * when a code is used), so the answer reveals nothing about who has an account.
 */
export async function sendSignInCode(db: DB, input: { email: unknown; clientIp: string }): Promise<SendResult> {
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) return { ok: false, status: 400, error: SIGN_IN_MESSAGES.sendFailed };
  const email = parsed.data;
  const audit = (outcome: string, detail = "") =>
    recordAuthEvent(db, { event: "code_sent", email, clientIp: input.clientIp, outcome, detail });

  const limits = await takeSendLimits(db, email, input.clientIp);
  if (!limits.ok) {
    await audit("rate_limited", limits.detail);
    return { ok: false, status: 429, error: limits.error, retryAfterSeconds: limits.retryAfterSeconds };
  }

  const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
  const values = {
    code_hash: codeHash(env().sessionSecrets[0]!, email, code),
    wrong_attempts: 0,
    created_at: sql<Date>`now()`,
    expires_at: sql<Date>`now() + ${`${CODE_TTL_MS / 1000} seconds`}::interval`,
  };
  // The code an earlier e-mail carried stays good if this one cannot be sent.
  const previous = await db.selectFrom("one_time_codes").selectAll().where("email", "=", email).executeTakeFirst();
  await db
    .insertInto("one_time_codes")
    .values({ email, ...values })
    .onConflict((oc) => oc.column("email").doUpdateSet(values))
    .execute();

  try {
    await sendEmail(codeEmail(email, code, (await getSettings(db)).businessName));
  } catch (error) {
    const refused = recipientRefused(error);
    log.error({ err: error }, `could not send a code (${refused ? "address refused" : "mail server unavailable"})`);
    if (previous) {
      const { email: _email, ...kept } = previous;
      await db.updateTable("one_time_codes").set(kept).where("email", "=", email).execute();
    } else {
      await db.deleteFrom("one_time_codes").where("email", "=", email).execute();
    }
    // Nothing was sent, so the address may ask again at once (no 30 s wait, no
    // hourly slot used); the per-client limit still counts, so a flood of
    // requests during an outage is still stopped.
    await giveBackRateLimit(db, limits.perAddressHits);
    await audit(refused ? "refused" : "failed", error instanceof Error ? error.message : String(error));
    // 422: the address cannot take mail, asking again will not help. 503 (not
    // 502): the mail server is unavailable for now and the client may retry later.
    return refused
      ? { ok: false, status: 422, error: SIGN_IN_MESSAGES.sendFailed }
      : { ok: false, status: 503, error: SIGN_IN_MESSAGES.mailUnavailable, retryAfterSeconds: MAIL_RETRY_AFTER_SECONDS };
  }
  await audit("sent");
  return { ok: true };
}

type SendLimits =
  | { ok: true; perAddressHits: number[] }
  | { ok: false; error: string; retryAfterSeconds: number; detail: string };

/** Takes one hit of each send limit; the first refusal stops (a refused hit is not recorded). */
async function takeSendLimits(db: DB, email: string, clientIp: string): Promise<SendLimits> {
  const checks: [Limit, string, (s: number) => string, "client" | "address"][] = [
    [SEND_LIMITS.perClient, clientIp, SIGN_IN_MESSAGES.tooMany, "client"],
    [SEND_LIMITS.cooldown, email, SIGN_IN_MESSAGES.cooldown, "address"],
    [SEND_LIMITS.perEmail, email, SIGN_IN_MESSAGES.tooMany, "address"],
  ];
  const perAddressHits: number[] = [];
  for (const [limit, key, message, per] of checks) {
    const { allowed, retryAfterSeconds, hitId } = await takeRateLimit(db, limit, key);
    if (!allowed) return { ok: false, error: message(retryAfterSeconds), retryAfterSeconds, detail: limit.bucket };
    if (per === "address" && hitId !== undefined) perAddressHits.push(hitId);
  }
  return { ok: true, perAddressHits };
}

function codeEmail(email: string, code: string, businessName: string) {
  const minutes = CODE_TTL_MS / 60_000;
  // Only a configured public origin goes into the link, never the request's Host header.
  const linkOrigin = configuredOrigin();
  const link = linkOrigin ? `${linkOrigin}/login?${new URLSearchParams({ email, code })}` : undefined;
  const text = [
    `Your sign-in code for ${businessName} is: ${code}`,
    "",
    `It works once, for ${minutes} minutes, and only for ${email}.`,
    ...(link ? ["", `Or open this link (in any browser) and press Verify OTP:`, link] : []),
    "",
    "If you did not ask for it, ignore this e-mail: nobody can sign in without the code.",
  ].join("\n");
  return { to: email, subject: `Your sign-in code: ${code}`, text };
}

/**
 * Uses the address's code: right, unexpired, fewer than five wrong tries
 * before it, and not used before (a used code is deleted). A wrong try is
 * counted; after the fifth the code is dead and a new one must be sent.
 */
export async function verifySignInCode(db: DB, input: { email: unknown; otp: unknown; clientIp: string }): Promise<VerifyResult> {
  const email = emailSchema.safeParse(input.email);
  const otp = otpSchema.safeParse(input.otp);
  if (!email.success || !otp.success) return { ok: false, status: 400, error: SIGN_IN_MESSAGES.invalidCode };
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("one_time_codes")
      .select(["code_hash", "wrong_attempts", sql<boolean>`expires_at <= now()`.as("expired")])
      .where("email", "=", email.data)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return "no_code" as const;
    if (row.expired) {
      await trx.deleteFrom("one_time_codes").where("email", "=", email.data).execute();
      return "expired" as const;
    }
    if (row.wrong_attempts >= MAX_WRONG_ATTEMPTS) return "locked" as const;
    if (!matches(email.data, otp.data, row.code_hash)) {
      await trx
        .updateTable("one_time_codes")
        .set({ wrong_attempts: sql`wrong_attempts + 1` })
        .where("email", "=", email.data)
        .execute();
      return "wrong_code" as const;
    }
    await trx.deleteFrom("one_time_codes").where("email", "=", email.data).execute();
    return "ok" as const;
  });
  if (outcome === "ok") {
    // The code reached its owner: the 30-second resend wait guards an inbox
    // against a flood of codes, not someone who signs out and back in at once.
    // The hourly limits still count this send.
    await clearRateLimit(db, SEND_LIMITS.cooldown, email.data);
    return { ok: true, email: email.data };
  }
  await recordAuthEvent(db, { event: "code_failed", email: email.data, clientIp: input.clientIp, outcome });
  const error =
    outcome === "expired"
      ? SIGN_IN_MESSAGES.expiredCode
      : outcome === "locked"
        ? SIGN_IN_MESSAGES.lockedCode
        : SIGN_IN_MESSAGES.invalidCode;
  return { ok: false, status: 401, error };
}
