import { sql } from "kysely";
import { actorPair, shownActor, type Actor } from "./actor.server";
import { SEED_SETTINGS } from "~/lib/business";
import { NO_DEPOSIT, type DepositPolicy } from "~/lib/deposits";
import { centsToDollarInput, formatTaxRate, parseDollars, parseTaxRate } from "~/lib/money";
import { depositFieldErrors, parseDailyEmail, parseWorkWeek, siteSettingsSchema, settingsFieldErrors, type SettingsFieldErrors } from "~/lib/site-settings-schema";
import type { BusinessSettings, SiteSettings } from "~/lib/site-settings";
import type { WorkWeek } from "~/lib/work-week";
import { SETTINGS_COLUMNS, SETTINGS_NAMES, settingsColumns } from "../../db/site-settings-row";
import { AppError } from "./app-error.server";
import type { DB } from "./db.server";
import { env } from "./env.server";
import { businessTime } from "./leads/lead-mail.server";
import { isDatabaseUnavailable } from "./outage.server";
import { phoneColumns, withPhoneRule } from "./phone.server";
import { isKnownZip } from "./price-book/zip-distance.server";
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
export type { WorkWeek } from "~/lib/work-week";
/** The settings' first row, written by the seed (db/site-settings-row.ts). */
export { seedSettings } from "../../db/site-settings-row";

/** Everything the owner sets: the form's texts, the working week and whether the daily e-mail goes (docs/decisions/0153). */
export type OwnerSettings = BusinessSettings & WorkWeek & { dailyEmail: boolean };

export const SETTINGS_INVALID_MESSAGE = "Please correct the highlighted fields and try again.";

// The last settings this process read: what the edge's outage page and a
// quote that cannot be stored show while the database is down.
let lastKnown: SiteSettings = SEED_SETTINGS;

/** The settings this process read last (the seed's until the first read). */
export function lastKnownSettings(): SiteSettings {
  return lastKnown;
}

const WORK_WEEK_COLUMNS = ["workday_start", "workday_end", "working_days", "travel_buffer_minutes"] as const;

/** The columns' defaults (db/migrations/2026-11-28-06-jobs.ts), for a database whose row does not exist yet. */
const DEFAULT_WORK_WEEK: WorkWeek = { workdayStart: "08:00", workdayEnd: "18:00", workingDays: [1, 2, 3, 4, 5, 6], travelBufferMinutes: 30 };

function toWorkWeek(row: { workday_start: string; workday_end: string; working_days: number[]; travel_buffer_minutes: number }): WorkWeek {
  return {
    workdayStart: row.workday_start,
    workdayEnd: row.workday_end,
    // Sorted and numbers whatever the driver gives (int2[] arrives as numbers from both).
    workingDays: [...row.working_days].map(Number).sort((a, b) => a - b),
    travelBufferMinutes: row.travel_buffer_minutes,
  };
}

/** Every setting, the owner's alert address and the working week too: for the dashboard and the e-mails, never for a page's data. */
export async function getBusinessSettings(db: DB): Promise<OwnerSettings> {
  const row = await db
    .selectFrom("site_settings")
    .select([
      ...Object.values(SETTINGS_COLUMNS),
      "notify_email",
      "payment_instructions",
      "invoice_due_days",
      "google_review_url",
      "base_zip",
      "service_radius_miles",
      sql<string>`tax_rate::text`.as("tax_rate"),
      ...DEPOSIT_COLUMNS,
      ...WORK_WEEK_COLUMNS,
      "daily_email",
    ])
    .where("id", "=", 1)
    .executeTakeFirst();
  const settings = row ? (Object.fromEntries(SETTINGS_NAMES.map((name) => [name, row[SETTINGS_COLUMNS[name]]])) as unknown as SiteSettings) : SEED_SETTINGS;
  lastKnown = settings;
  // QUOTE_NOTIFY_EMAIL is only the first value: once the owner has saved the settings, theirs wins.
  return {
    ...settings,
    notifyEmail: row?.notify_email ?? env().QUOTE_NOTIFY_EMAIL,
    taxRate: formatTaxRate(parseTaxRate(row?.tax_rate ?? "0") ?? 0),
    paymentInstructions: row?.payment_instructions ?? "",
    invoiceDueDays: String(row?.invoice_due_days ?? 14),
    googleReviewUrl: row?.google_review_url ?? "",
    // The columns' defaults (db/migrations/2026-11-29-90-price-book.ts) until the row exists.
    baseZip: row?.base_zip ?? "49503",
    serviceRadiusMiles: String(row?.service_radius_miles ?? 50),
    ...depositTexts(row ? toDepositPolicy(row) : NO_DEPOSIT),
    ...(row ? toWorkWeek(row) : DEFAULT_WORK_WEEK),
    // On until the owner turns it off (the column's default).
    dailyEmail: row?.daily_email ?? true,
  };
}

/** Only the working week: what the free times read on each request, one small row. */
export async function getWorkWeek(db: DB): Promise<WorkWeek> {
  const row = await db.selectFrom("site_settings").select(WORK_WEEK_COLUMNS).where("id", "=", 1).executeTakeFirst();
  return row ? toWorkWeek(row) : DEFAULT_WORK_WEEK;
}

/** What the free times read of the settings: the working week and the Base ZIP Code (the road's starting point, docs/decisions/0130). */
export type ScheduleRules = WorkWeek & { baseZip: string };

/** The settings' columns of ScheduleRules, for a query that reads them with others at once. */
export const SCHEDULE_RULES_COLUMNS = [...WORK_WEEK_COLUMNS, "base_zip"] as const;

/** ScheduleRules from its columns' row, or the columns' defaults (db/migrations/2026-11-29-90-price-book.ts) while the row does not exist. */
export function toScheduleRules(row: Parameters<typeof toWorkWeek>[0] & { base_zip: string } | null | undefined): ScheduleRules {
  return row ? { ...toWorkWeek(row), baseZip: row.base_zip } : { ...DEFAULT_WORK_WEEK, baseZip: "49503" };
}

/** The schedule's rules alone, one small row. */
export async function getScheduleRules(db: DB): Promise<ScheduleRules> {
  return toScheduleRules(await db.selectFrom("site_settings").select(SCHEDULE_RULES_COLUMNS).where("id", "=", 1).executeTakeFirst());
}

/**
 * The current settings, as pages show them. A database created before its
 * first start (tests' databases, which are migrated but not seeded) has no
 * row yet: it reads as the seed's values, and the first save creates the row.
 */
export async function getSettings(db: DB): Promise<SiteSettings> {
  const {
    notifyEmail: _private,
    taxRate: _rate,
    paymentInstructions: _pay,
    invoiceDueDays: _due,
    googleReviewUrl: _google,
    baseZip: _zip,
    serviceRadiusMiles: _radius,
    depositAbove: _above,
    depositPercent: _percent,
    depositHoldHours: _hold,
    workdayStart,
    workdayEnd,
    workingDays,
    travelBufferMinutes,
    dailyEmail: _daily,
    ...settings
  } = await getBusinessSettings(db);
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

/** The settings' schema with the whole phone rule, which needs the server's library (docs/decisions/0108). */
const serverSettingsSchema = siteSettingsSchema.extend({
  phone: withPhoneRule(siteSettingsSchema.shape.phone),
  // A ZIP code without a location would price no travel at all (docs/decisions/0127).
  baseZip: siteSettingsSchema.shape.baseZip.refine(isKnownZip, "Base ZIP Code is not a US ZIP code we know."),
});

/**
 * Validates (site-settings-schema.ts), sanitises the About story and stores
 * the settings; returns what was stored. Invalid input throws AppError 400
 * with a message per field (every field's at once), and nothing is stored.
 * A working-week field the input lacks keeps its stored value, and so does
 * Send the daily e-mail (dailyEmail, a boolean) when the input lacks it.
 */
export async function saveSettings(db: DB, input: unknown, actor: Actor): Promise<OwnerSettings> {
  const parsed = serverSettingsSchema.safeParse(input);
  const workWeek = parseWorkWeek(input);
  const dailyEmail = parseDailyEmail(input);
  const fields: SettingsFieldErrors = {
    ...(workWeek.ok ? {} : workWeek.errors),
    ...(parsed.success ? depositFieldErrors(parsed.data) : settingsFieldErrors(parsed.error)),
  };
  const aboutStory = parsed.success ? sanitizeRichText(parsed.data.aboutStory) : "";
  // Only markup (or only what the sanitiser removed) is no story.
  if (parsed.success && !aboutStory.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim()) fields.aboutStory = "About Story is required.";
  if (!parsed.success || !workWeek.ok || Object.keys(fields).length > 0) throw new AppError(400, SETTINGS_INVALID_MESSAGE, { fields });
  // The phone's number, stored beside what was typed (docs/decisions/0108).
  const { phone_e164: phoneE164, phone_ext: phoneExt } = phoneColumns(parsed.data.phone);
  const { notifyEmail, taxRate, paymentInstructions, invoiceDueDays, googleReviewUrl, baseZip, serviceRadiusMiles, depositAbove, depositPercent, depositHoldHours, ...settings } = {
    ...parsed.data,
    aboutStory,
    phoneE164,
    phoneExt,
  };
  const deposit: DepositPolicy = {
    aboveCents: depositAbove === "" ? null : parseDollars(depositAbove),
    // Kept as typed while there is no threshold: it is used once one is set.
    percent: depositPercent === "" ? null : Number(depositPercent),
    holdHours: Number(depositHoldHours),
  };
  const week = workWeek.data;
  const values = {
    ...settingsColumns(settings),
    notify_email: notifyEmail,
    tax_rate: taxRate,
    payment_instructions: paymentInstructions,
    invoice_due_days: Number(invoiceDueDays),
    google_review_url: googleReviewUrl,
    base_zip: baseZip,
    service_radius_miles: Number(serviceRadiusMiles),
    deposit_above_cents: deposit.aboveCents,
    deposit_percent: deposit.percent,
    deposit_hold_hours: deposit.holdHours,
    ...(week.workdayStart !== undefined && { workday_start: week.workdayStart }),
    ...(week.workdayEnd !== undefined && { workday_end: week.workdayEnd }),
    ...(week.workingDays !== undefined && { working_days: week.workingDays }),
    ...(week.travelBufferMinutes !== undefined && { travel_buffer_minutes: week.travelBufferMinutes }),
    ...(dailyEmail !== undefined && { daily_email: dailyEmail }),
    ...actorPair("updated_by", actor),
    updated_at: new Date(),
  };
  const stored = await db
    .insertInto("site_settings")
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .returning([...WORK_WEEK_COLUMNS, "daily_email"])
    .executeTakeFirstOrThrow();
  lastKnown = settings;
  return {
    ...settings,
    notifyEmail,
    taxRate: formatTaxRate(parseTaxRate(taxRate) ?? 0),
    paymentInstructions,
    invoiceDueDays,
    googleReviewUrl,
    baseZip,
    serviceRadiusMiles,
    ...depositTexts(deposit),
    ...toWorkWeek(stored),
    dailyEmail: stored.daily_email,
  };
}

/** The Tax Rate (%) in thousandths of a percent (6.25 % = 6250), for pricing an estimate. */
export async function taxRateMilliPercent(db: DB): Promise<number> {
  const row = await db.selectFrom("site_settings").select(sql<string>`tax_rate::text`.as("rate")).where("id", "=", 1).executeTakeFirst();
  return parseTaxRate(row?.rate ?? "0") ?? 0;
}

/** Base ZIP Code and Service Radius (miles): where travel is measured from and how far online booking reaches. */
export const DEFAULT_TRAVEL_AREA = { baseZip: "49503", radiusMiles: 50 };

export async function getTravelArea(db: DB): Promise<{ baseZip: string; radiusMiles: number }> {
  const row = await db.selectFrom("site_settings").select(["base_zip", "service_radius_miles"]).where("id", "=", 1).executeTakeFirst();
  return { baseZip: row?.base_zip ?? DEFAULT_TRAVEL_AREA.baseZip, radiusMiles: row?.service_radius_miles ?? DEFAULT_TRAVEL_AREA.radiusMiles };
}

const DEPOSIT_COLUMNS = ["deposit_above_cents", "deposit_percent", "deposit_hold_hours"] as const;

function toDepositPolicy(row: { deposit_above_cents: number | null; deposit_percent: number | null; deposit_hold_hours: number }): DepositPolicy {
  return { aboveCents: row.deposit_above_cents, percent: row.deposit_percent, holdHours: row.deposit_hold_hours };
}

/** The deposit rule as the settings form shows it: dollars with cents, "" for none. */
function depositTexts(policy: DepositPolicy): Pick<OwnerSettings, "depositAbove" | "depositPercent" | "depositHoldHours"> {
  return {
    depositAbove: policy.aboveCents === null ? "" : centsToDollarInput(policy.aboveCents),
    depositPercent: policy.percent === null ? "" : String(policy.percent),
    depositHoldHours: String(policy.holdHours),
  };
}

/** Deposit Required Above, Deposit (%) and Deposit Hold (hours): what a booking asks (depositFor) and how long it waits; no deposit until the row exists. */
export async function getDepositPolicy(db: DB): Promise<DepositPolicy> {
  const row = await db.selectFrom("site_settings").select(DEPOSIT_COLUMNS).where("id", "=", 1).executeTakeFirst();
  return row ? toDepositPolicy(row) : NO_DEPOSIT;
}

/** Who saved the settings last, and when (in the business's time zone); nothing before the first save. */
export async function settingsUpdated(db: DB): Promise<{ by: string; at: string | null; stamp: string | null }> {
  const row = await db.selectFrom("site_settings").select(["updated_at", shownActor("site_settings", "updated_by").as("updated_by")]).where("id", "=", 1).executeTakeFirst();
  if (!row) return { by: "", at: null, stamp: null };
  return { by: row.updated_by, at: businessTime(row.updated_at), stamp: row.updated_at.toISOString() };
}

