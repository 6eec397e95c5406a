import { sql } from "kysely";
import { dayIn, localInstant } from "~/lib/time-zone";
import type { DB } from "../db.server";
import { env } from "../env.server";
import type { EmailKind } from "../leads/lead-mail.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { dayBefore, digestContent, digestRecipients, isEmpty } from "./daily-email-content.server";
import { dailyEmail } from "./daily-email-mail.server";

/**
 * The owners' daily e-mail (issue 38, docs/decisions/0153): at 7:00 on the
 * business's wall clock (BUSINESS_TIME_ZONE, clock changes included), once a
 * day however many processes look. Every process's background tick calls
 * sendDailyEmail; the day is claimed by inserting its daily_digests row ON
 * CONFLICT DO NOTHING in the transaction that queues the e-mails, so one
 * process inserts it and queues them, and any other, waiting on the same key,
 * inserts nothing and queues nothing. A day with nothing to tell (no job, no
 * request, booking or cancellation, no invoice past due) is claimed and sends
 * nothing. Only the current day is ever claimed:
 * a process started at 9:00 sends that day's, one started the next morning
 * before 7:00 sends nothing for the day it missed.
 */

/** When: minutes after the business's midnight. */
export const DAILY_EMAIL_AT_MINUTE = 7 * 60;

/** The outbox kind (the E-mail Log names it). */
export const DAILY_EMAIL_KIND = "daily_email" satisfies EmailKind;

export type DailyEmailOutcome =
  /** Before 7:00 on `day`. */
  | { day: string; outcome: "early" }
  /** Send the daily e-mail is off. */
  | { day: string; outcome: "off" }
  /** This call claimed the day and queued its e-mails, one per owner (none when there was nothing to tell, or no owner). */
  | { day: string; outcome: "sent"; emails: number }
  /** Another call (this process's, or another's) had claimed the day. */
  | { day: string; outcome: "taken" };

/** The instant of 7:00 on `day` in `timeZone`; where a clock change skipped it, the first whole hour after. */
export function dailyEmailTime(day: string, timeZone: string): Date {
  for (let minute = DAILY_EMAIL_AT_MINUTE; minute < 24 * 60; minute += 60) {
    const at = localInstant(day, minute, timeZone);
    if (at !== null) return new Date(at);
  }
  throw new RangeError(`${day} has no hour from 7:00 on in ${timeZone}`);
}

/** Queues today's e-mails if it is 7:00 or later, the setting is on and no process has yet; says which. */
export async function sendDailyEmail(db: DB, now = new Date()): Promise<DailyEmailOutcome> {
  const tz = env().BUSINESS_TIME_ZONE;
  const day = dayIn(now, tz);
  if (now < dailyEmailTime(day, tz)) return { day, outcome: "early" };
  // What every tick after the claim finds: one read by primary key, no transaction.
  if (await dayClaimed(db, day)) return { day, outcome: "taken" };
  return db.transaction().execute(async (trx): Promise<DailyEmailOutcome> => {
    const settings = await getBusinessSettings(trx);
    if (!settings.dailyEmail) return { day, outcome: "off" };
    // "Since yesterday's e-mail", or the last 24 hours when there was none.
    const yesterday = await trx.selectFrom("daily_digests").select("claimed_at").where("day", "=", sql<Date>`${dayBefore(day)}::date`).executeTakeFirst();
    const since = yesterday && yesterday.claimed_at <= now ? yesterday.claimed_at : new Date(now.getTime() - 86_400_000);
    const claimed = await trx
      .insertInto("daily_digests")
      .values({ day, claimed_at: now, since })
      .onConflict((oc) => oc.column("day").doNothing())
      .returning("day")
      .executeTakeFirst();
    if (!claimed) return { day, outcome: "taken" };
    const [content, owners] = await Promise.all([digestContent(trx, day, since, now), digestRecipients(trx)]);
    // Nothing to tell is no e-mail; the day stays claimed, so nothing goes later in the day either.
    const recipients = isEmpty(content) ? [] : owners;
    for (const to of recipients) await enqueueEmail(trx, dailyEmail(content, to, settings), { kind: DAILY_EMAIL_KIND });
    await trx.updateTable("daily_digests").set({ emails: recipients.length }).where("day", "=", sql<Date>`${day}::date`).execute();
    return { day, outcome: "sent", emails: recipients.length };
  });
}

async function dayClaimed(db: DB, day: string): Promise<boolean> {
  const row = await db.selectFrom("daily_digests").select("day").where("day", "=", sql<Date>`${day}::date`).executeTakeFirst();
  return row !== undefined;
}
