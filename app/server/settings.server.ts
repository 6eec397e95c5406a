import { sql } from "kysely";
import { SEED_SETTINGS } from "~/lib/business";
import { formatTaxRate, parseTaxRate } from "~/lib/money";
import { siteSettingsSchema, settingsFieldErrors } from "~/lib/site-settings-schema";
import type { BusinessSettings, SiteSettings } from "~/lib/site-settings";
import type { Database } from "../../db/types";
import { AppError } from "./app-error.server";
import type { DB } from "./db.server";
import { env } from "./env.server";
import { businessTime } from "./leads/lead-mail.server";
import { isDatabaseUnavailable } from "./outage.server";
import { sanitizeRichText } from "./rich-text.server";

/**
 * The business settings (docs/decisions/0014): one row of `site_settings`,
 * read by primary key for every page (the root loader), the structured data
 * and the e-mails; written only by `saveSettings`. A write bumps the content
 * version (a trigger), so the rendered-page cache of / and /about follows it
 * in every process within a second. The owner's alert address (Send New
 * Requests To) comes only with getBusinessSettings (the settings form, the
 * e-mails), never with getSettings: a page's settings go to every visitor.
 */

export type { BusinessSettings, SiteSettings } from "~/lib/site-settings";

export const SETTINGS_INVALID_MESSAGE = "Please correct the highlighted fields and try again.";

type Row = Database["site_settings"];

/** The public settings' columns. */
const COLUMNS = {
  businessName: "business_name",
  phone: "phone",
  publicEmail: "public_email",
  serviceArea: "service_area",
  facebookUrl: "facebook_url",
  openingHours: "opening_hours",
  heroHeadline: "hero_headline",
  heroText: "hero_text",
  founderName: "founder_name",
  aboutStory: "about_story",
  responseTime: "response_time",
} as const satisfies Record<keyof SiteSettings, keyof Row>;

const NAMES = Object.keys(COLUMNS) as (keyof SiteSettings)[];

function toColumns(settings: SiteSettings) {
  return Object.fromEntries(NAMES.map((name) => [COLUMNS[name], settings[name]])) as {
    [K in keyof SiteSettings as (typeof COLUMNS)[K]]: string;
  };
}

// The last settings this process read: what the edge's outage page and a
// quote that cannot be stored show while the database is down.
let lastKnown: SiteSettings = SEED_SETTINGS;

/** The settings this process read last (the seed's until the first read). */
export function lastKnownSettings(): SiteSettings {
  return lastKnown;
}

/** Every setting, the owner's alert address too: for the settings form and the e-mails, never for a page's data. */
export async function getBusinessSettings(db: DB): Promise<BusinessSettings> {
  const row = await db
    .selectFrom("site_settings")
    .select([...Object.values(COLUMNS), "notify_email", "payment_instructions", "invoice_due_days", sql<string>`tax_rate::text`.as("tax_rate")])
    .where("id", "=", 1)
    .executeTakeFirst();
  const settings = row ? (Object.fromEntries(NAMES.map((name) => [name, row[COLUMNS[name]]])) as unknown as SiteSettings) : SEED_SETTINGS;
  lastKnown = settings;
  // QUOTE_NOTIFY_EMAIL is only the first value: once the owner has saved the settings, theirs wins.
  return {
    ...settings,
    notifyEmail: row?.notify_email ?? env().QUOTE_NOTIFY_EMAIL,
    taxRate: formatTaxRate(parseTaxRate(row?.tax_rate ?? "0") ?? 0),
    paymentInstructions: row?.payment_instructions ?? "",
    invoiceDueDays: String(row?.invoice_due_days ?? 14),
  };
}

/**
 * The current settings, as pages show them. A database created before its
 * first start (tests' databases, which are migrated but not seeded) has no
 * row yet: it reads as the seed's values, and the first save creates the row.
 */
export async function getSettings(db: DB): Promise<SiteSettings> {
  const { notifyEmail: _private, taxRate: _rate, paymentInstructions: _pay, invoiceDueDays: _due, ...settings } = await getBusinessSettings(db);
  return settings;
}

/**
 * For pages: the current settings, or while the database is down the last
 * ones this process read, so a page that needs nothing else from the
 * database still renders (docs/decisions/0009).
 */
export async function getSettingsForPage(db: DB): Promise<SiteSettings> {
  try {
    return await getSettings(db);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return lastKnown;
    throw error;
  }
}

/**
 * Validates (site-settings-schema.ts), sanitises the About story and stores
 * the settings; returns what was stored. Invalid input throws AppError 400
 * with a message per field, and nothing is stored.
 */
export async function saveSettings(db: DB, input: unknown, actorEmail: string): Promise<BusinessSettings> {
  const parsed = siteSettingsSchema.safeParse(input);
  if (!parsed.success) throw new AppError(400, SETTINGS_INVALID_MESSAGE, { fields: settingsFieldErrors(parsed.error) });
  const aboutStory = sanitizeRichText(parsed.data.aboutStory);
  // Only markup (or only what the sanitiser removed) is no story.
  if (!aboutStory.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim()) {
    throw new AppError(400, SETTINGS_INVALID_MESSAGE, { fields: { aboutStory: "About Story is required." } });
  }
  const { notifyEmail, taxRate, paymentInstructions, invoiceDueDays, ...settings } = { ...parsed.data, aboutStory };
  const values = {
    ...toColumns(settings),
    notify_email: notifyEmail,
    tax_rate: taxRate,
    payment_instructions: paymentInstructions,
    invoice_due_days: Number(invoiceDueDays),
    updated_by: actorEmail,
    updated_at: new Date(),
  };
  await db
    .insertInto("site_settings")
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
  lastKnown = settings;
  return { ...settings, notifyEmail, taxRate: formatTaxRate(parseTaxRate(taxRate) ?? 0), paymentInstructions, invoiceDueDays };
}

/** The Tax Rate (%) in thousandths of a percent (6.25 % = 6250), for pricing an estimate. */
export async function taxRateMilliPercent(db: DB): Promise<number> {
  const row = await db.selectFrom("site_settings").select(sql<string>`tax_rate::text`.as("rate")).where("id", "=", 1).executeTakeFirst();
  return parseTaxRate(row?.rate ?? "0") ?? 0;
}

/** Who saved the settings last, and when (in the business's time zone); nothing before the first save. */
export async function settingsUpdated(db: DB): Promise<{ by: string; at: string | null; stamp: string | null }> {
  const row = await db.selectFrom("site_settings").select(["updated_at", "updated_by"]).where("id", "=", 1).executeTakeFirst();
  if (!row) return { by: "", at: null, stamp: null };
  return { by: row.updated_by, at: businessTime(row.updated_at), stamp: row.updated_at.toISOString() };
}

/** First start: the row with today's texts, unless it exists (a restart never overwrites the owner's values). */
export async function seedSettings(db: DB): Promise<void> {
  const exists = await db.selectFrom("site_settings").select("id").where("id", "=", 1).executeTakeFirst();
  if (exists) return;
  await db
    .insertInto("site_settings")
    .values({ id: 1, ...toColumns(SEED_SETTINGS) })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}
