import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { asActor, type Actor } from "../actor.server";
import { AppError } from "../app-error.server";
import { effectiveRoleSql } from "../auth/staff.server";
import type { DB } from "../db.server";
import { takeRateLimit, type Limit } from "../rate-limit.server";
import { seedSettings } from "../settings.server";
import { siteOrigin } from "../site-url.server";
import { jobsQuery, toJob, type Job } from "./job-records.server";

/**
 * The owner's private calendar feed, /calendar/{token}.ics
 * (docs/decisions/0084): every job from 30 days back, for Google or Apple
 * Calendar to subscribe to. The token is the only key (a calendar app cannot
 * sign in), kept in site_settings.calendar_feed_token: made on first use,
 * replaced by Reset feed address, which makes the old address a 404.
 *
 * Each person's own feed (issue 37, docs/decisions/0148): the same address
 * shape with their own token (staff_calendar_feeds, made on first use on
 * their account page, reset there), holding only the jobs assigned to them.
 * A person who is no longer staff has no feed: their address is a 404.
 */

/** How far back the feed reaches: a subscriber still sees last month's jobs. */
export const FEED_DAYS_BACK = 30;

/** At least 128 random bits (192 here), URL-safe: like the customers' links. */
const newFeedToken = () => randomBytes(24).toString("base64url");

/** What a feed token looks like; anything else is refused before the database is asked. */
export const isFeedTokenShape = (token: string) => /^[A-Za-z0-9_-]{22,64}$/.test(token);

const readToken = async (db: DB) =>
  (await db.selectFrom("site_settings").select("calendar_feed_token").where("id", "=", 1).executeTakeFirst())?.calendar_feed_token;

/**
 * The feed's token, made on first use. Read first: any write to site_settings
 * bumps the content version (the page cache starts again), so only the first
 * use writes. Of two first uses at once, the conditional UPDATE lets one
 * token in and both read that one back.
 */
export async function feedToken(db: DB): Promise<string> {
  const existing = await readToken(db);
  if (existing) return existing;
  // A database before its first start (tests) has no settings row yet.
  await seedSettings(db);
  await db.updateTable("site_settings").set({ calendar_feed_token: newFeedToken() }).where("id", "=", 1).where("calendar_feed_token", "is", null).execute();
  const token = await readToken(db);
  if (!token) throw new Error("The calendar feed token could not be stored");
  return token;
}

/** Reset feed address: a new token; the old address answers 404 from now on. */
export async function resetFeedToken(db: DB, actor: Actor): Promise<string> {
  await seedSettings(db);
  const token = newFeedToken();
  await asActor(db, actor, (trx) => trx.updateTable("site_settings").set({ calendar_feed_token: token }).where("id", "=", 1).execute());
  return token;
}

/** The feed's address as the owner copies it: absolute, from APP_URL or the address the owner's own request came to. */
export async function feedAddress(db: DB, request: Request): Promise<string> {
  return `${siteOrigin(request)}/calendar/${await feedToken(db)}.ics`;
}

/** Whose feed an address is: the business's (every job) or one person's (their jobs). */
export type Feed = { person: null } | { person: number };

const readStaffToken = async (db: DB, userId: number) =>
  (await db.selectFrom("staff_calendar_feeds").select("token").where("user_id", "=", userId).executeTakeFirst())?.token;

/** A person's own feed token, made on first use; of two first uses at once, one is stored and both read it back. */
export async function staffFeedToken(db: DB, userId: number): Promise<string> {
  const existing = await readStaffToken(db, userId);
  if (existing) return existing;
  await db
    .insertInto("staff_calendar_feeds")
    .values({ user_id: userId, token: newFeedToken() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const token = await readStaffToken(db, userId);
  if (!token) throw new Error("The calendar feed token could not be stored");
  return token;
}

/** Reset my feed address: a new token for the signed-in person; their old address answers 404 from now on. */
export async function resetStaffFeedToken(db: DB, userId: number): Promise<string> {
  const token = newFeedToken();
  await db
    .insertInto("staff_calendar_feeds")
    .values({ user_id: userId, token })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ token, created_at: sql`now()` }))
    .execute();
  return token;
}

/** A person's own feed address, absolute like the business's. */
export async function staffFeedAddress(db: DB, request: Request, userId: number): Promise<string> {
  return `${siteOrigin(request)}/calendar/${await staffFeedToken(db, userId)}.ics`;
}

/** Unknown tokens: as the customers' pages count them (docs/decisions/0081), so guessing costs time too. */
export const WRONG_FEED_TOKEN_LIMIT: Limit = { bucket: "calendar-miss:ip", max: 20, windowMs: 10 * 60_000 };

export const FEED_NOT_FOUND_MESSAGE = "There is no calendar at this address. The feed address may have been reset: copy the new one from the Schedule page.";

/**
 * Whose feed `token` opens: the business's current token, or the own token
 * of a person who is still staff; looked up by equality in SQL (no token
 * leaves the database to be compared here). A miss counts against the
 * client's limit and is a 404, or a 429 past the limit.
 */
export async function checkFeedToken(db: DB, token: string, clientIp: string): Promise<Feed> {
  if (isFeedTokenShape(token)) {
    const row = await db.selectFrom("site_settings").select("id").where("id", "=", 1).where("calendar_feed_token", "=", token).executeTakeFirst();
    if (row) return { person: null };
    const person = await db
      .selectFrom("staff_calendar_feeds as f")
      .innerJoin("users as u", "u.id", "f.user_id")
      .select("u.id")
      .where("f.token", "=", token)
      .where(sql<boolean>`${effectiveRoleSql(sql.ref("u.role"), sql.ref("u.email"))} IS NOT NULL`)
      .executeTakeFirst();
    if (person) return { person: person.id };
  }
  const { allowed, retryAfterSeconds } = await takeRateLimit(db, WRONG_FEED_TOKEN_LIMIT, clientIp);
  if (!allowed) throw new AppError(429, "Too many tries from your network. Please try again in a few minutes.", { headers: { "Retry-After": String(retryAfterSeconds) } });
  throw new AppError(404, FEED_NOT_FOUND_MESSAGE);
}

/**
 * The feed's jobs: every one that starts at most 30 days before `now`
 * (cancelled ones too, so subscribers drop them), in time order; a person's
 * feed, those assigned to them only.
 */
export async function feedJobs(db: DB, now: Date, feed: Feed = { person: null }): Promise<Job[]> {
  const since = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
  const rows = await jobsQuery(db)
    .where("j.starts_at", ">=", since)
    .$if(feed.person !== null, (q) => q.where("j.assigned_to", "=", feed.person!))
    .orderBy("j.starts_at")
    .orderBy("j.id")
    .execute();
  return rows.map(toJob);
}


