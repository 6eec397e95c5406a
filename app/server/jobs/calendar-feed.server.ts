import { randomBytes } from "node:crypto";
import { asActor, type Actor } from "../actor.server";
import { AppError } from "../app-error.server";
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

/** Unknown tokens: as the customers' pages count them (docs/decisions/0081), so guessing costs time too. */
export const WRONG_FEED_TOKEN_LIMIT: Limit = { bucket: "calendar-miss:ip", max: 20, windowMs: 10 * 60_000 };

export const FEED_NOT_FOUND_MESSAGE = "There is no calendar at this address. The feed address may have been reset: copy the new one from the Schedule page.";

/**
 * Whether `token` is the current feed token: looked up by equality in SQL
 * (no token leaves the database to be compared here). A miss counts against
 * the client's limit and is a 404, or a 429 past the limit.
 */
export async function checkFeedToken(db: DB, token: string, clientIp: string): Promise<void> {
  if (isFeedTokenShape(token)) {
    const row = await db.selectFrom("site_settings").select("id").where("id", "=", 1).where("calendar_feed_token", "=", token).executeTakeFirst();
    if (row) return;
  }
  const { allowed, retryAfterSeconds } = await takeRateLimit(db, WRONG_FEED_TOKEN_LIMIT, clientIp);
  if (!allowed) throw new AppError(429, "Too many tries from your network. Please try again in a few minutes.", { headers: { "Retry-After": String(retryAfterSeconds) } });
  throw new AppError(404, FEED_NOT_FOUND_MESSAGE);
}

/** The feed's jobs: every one that starts at most 30 days before `now` (cancelled ones too, so subscribers drop them), in time order. */
export async function feedJobs(db: DB, now: Date): Promise<Job[]> {
  const since = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
  const rows = await jobsQuery(db).where("j.starts_at", ">=", since).orderBy("j.starts_at").orderBy("j.id").execute();
  return rows.map(toJob);
}


