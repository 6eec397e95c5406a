import { z } from "zod";
import { DEPOSIT_HOLD_HOURS_DEFAULT, DEPOSIT_HOLD_HOURS_MAX } from "./deposits";
import { parseDollars, parseTaxRate } from "./money";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email";
import { isPhoneShaped, PHONE_INVALID } from "./phone-shape";
import type { BusinessSettings, SettingName } from "./site-settings";
import { SERVICE_RADIUS_MAX, SETTING_FIELDS } from "./site-settings-fields";
import { minutesOfDay, TIME_PATTERN, TRAVEL_BUFFER_MAX, WORK_WEEK_LABELS, type WorkWeek, type WorkWeekName } from "./work-week";

/**
 * The one schema a settings save is validated with (the /admin/settings
 * action and anything else that saves them). Browser-safe, but only the
 * server imports it: the form shows the server's messages, so no page
 * carries zod for it. Text is trimmed; line ends become \n.
 */

const field = (name: SettingName) => SETTING_FIELDS.find((f) => f.name === name)!;

function text(name: SettingName) {
  const { label, maxLength, required } = field(name);
  const base = z
    .string({ error: `${label} is required.` })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(maxLength, `${label} must be at most ${maxLength.toLocaleString("en-US")} characters.`));
  return required ? base.pipe(z.string().min(1, `${label} is required.`)) : base;
}

// A single line: a headline or a name with a line break in it is a paste error.
function line(name: SettingName) {
  return text(name).pipe(z.string().regex(/^[^\n]*$/, `${field(name).label} must be on one line.`));
}

function emailAddress(name: SettingName) {
  return line(name).pipe(
    z
      .string()
      .max(EMAIL_MAX_LENGTH)
      .regex(EMAIL_PATTERN, `${field(name).label} must be an e-mail address, like info@example.com.`),
  );
}

export const siteSettingsSchema = z.object({
  businessName: line("businessName"),
  // Its shape; the server adds the rest of the phone rule (app/server/settings.server.ts, docs/decisions/0108).
  phone: line("phone").pipe(z.string().refine(isPhoneShaped, { error: `${PHONE_INVALID}.`, abort: true })),
  publicEmail: emailAddress("publicEmail"),
  notifyEmail: emailAddress("notifyEmail"),
  // Empty is none; stored as written, in thousandths of a percent at most.
  // Absent (a caller that predates it) is none, like empty.
  taxRate: z.preprocess((value) => value ?? "", line("taxRate"))
    .transform((value) => value.replace(/%$/, "").trim() || "0")
    .pipe(z.string().refine((value) => parseTaxRate(value) !== null, "Tax Rate (%) must be a number from 0 to 100 with at most three decimals, like 6 or 6.25.")),
  // Absent (a caller that predates them) is empty, like the taxRate's.
  paymentInstructions: z.preprocess((value) => value ?? "", text("paymentInstructions")),
  invoiceDueDays: z.preprocess((value) => value ?? "", line("invoiceDueDays"))
    .transform((value) => value || "14")
    .pipe(z.string().refine((value) => /^\d{1,3}$/.test(value) && Number(value) <= 365, "Invoice Due (days) must be a whole number from 0 to 365.")),
  // Absent (a caller that predates it) is none, like empty.
  googleReviewUrl: z.preprocess((value) => value ?? "", line("googleReviewUrl")).pipe(
    z.string().refine((value) => value === "" || isHttpsUrl(value), "Google Review URL must be an https:// address, or empty."),
  ),
  // Absent (a caller that predates them, a form without the fields) or empty is the
  // first value, Grand Rapids and 50 miles, as an empty Invoice Due (days) is 14.
  // Whether the ZIP code exists is the server's check (its location data, docs/decisions/0127).
  baseZip: z.preprocess((value) => value || "49503", line("baseZip")).pipe(z.string().regex(/^\d{5}$/, "Base ZIP Code must be five digits, like 49503.")),
  serviceRadiusMiles: z.preprocess((value) => value || "50", line("serviceRadiusMiles")).pipe(
    z
      .string()
      .refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= SERVICE_RADIUS_MAX, `Service Radius (miles) must be a whole number from 1 to ${SERVICE_RADIUS_MAX}.`),
  ),
  // Absent (a caller that predates them) or empty is no deposit, as an empty Tax Rate is none;
  // an empty hold is the first value, 24 hours. Whether a threshold has its percentage is depositFieldErrors'.
  depositAbove: z.preprocess((value) => value ?? "", line("depositAbove")).pipe(
    z.string().refine((value) => value === "" || parseDollars(value) !== null, "Deposit Required Above must be an amount of dollars, like 150 or 149.99, or empty for no deposits."),
  ),
  depositPercent: z.preprocess((value) => value ?? "", line("depositPercent"))
    .transform((value) => value.replace(/%$/, "").trim())
    .pipe(z.string().refine((value) => value === "" || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100), "Deposit (%) must be a whole number from 1 to 100.")),
  depositHoldHours: z.preprocess((value) => value || String(DEPOSIT_HOLD_HOURS_DEFAULT), line("depositHoldHours")).pipe(
    z
      .string()
      .refine(
        (value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= DEPOSIT_HOLD_HOURS_MAX,
        `Deposit Hold (hours) must be a whole number from 1 to ${DEPOSIT_HOLD_HOURS_MAX}.`,
      ),
  ),
  serviceArea: line("serviceArea"),
  facebookUrl: line("facebookUrl").pipe(
    z.string().refine((value) => value === "" || isHttpsUrl(value), "Facebook URL must be an https:// address, or empty."),
  ),
  openingHours: text("openingHours"),
  heroHeadline: line("heroHeadline"),
  heroText: text("heroText"),
  founderName: line("founderName"),
  // Sanitised by the server before it is stored (an empty story after that is refused there).
  aboutStory: text("aboutStory"),
  responseTime: line("responseTime"),
});

/** A threshold without its percentage would ask for no amount at all: the one rule between the deposit fields. */
export function depositFieldErrors(settings: Pick<ValidSettings, "depositAbove" | "depositPercent">): SettingsFieldErrors {
  return settings.depositAbove !== "" && settings.depositPercent === "" ? { depositPercent: "Deposit (%) is required when Deposit Required Above is set." } : {};
}

// The schema's output is exactly the settings the owner types (the phone's number is derived from it).
export type ValidSettings = z.output<typeof siteSettingsSchema> & Omit<BusinessSettings, "phoneE164" | "phoneExt">;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/*
 * The working week. Each field is optional: a save without it (a caller that
 * predates it) leaves the stored value; the form always sends all four, its
 * day checkboxes with an empty marker, so no day ticked reads as [] (refused),
 * not as absent.
 */
function clock(name: "workdayStart" | "workdayEnd") {
  const label = WORK_WEEK_LABELS[name];
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .pipe(z.string().min(1, `${label} is required.`))
    .pipe(z.string().regex(TIME_PATTERN, `${label} must be a time from 00:00 to 23:59, like 08:00.`))
    .optional();
}

const BUFFER_MESSAGE = `${WORK_WEEK_LABELS.travelBufferMinutes} must be a whole number from 0 to ${TRAVEL_BUFFER_MAX}.`;

export const workWeekSchema = z.object({
  workdayStart: clock("workdayStart"),
  workdayEnd: clock("workdayEnd"),
  workingDays: z
    .array(z.union([z.string(), z.number()]), { error: "Choose at least one working day." })
    .transform((values) => values.map(String).filter((value) => value !== ""))
    .pipe(z.array(z.string().regex(/^[1-7]$/, "Working days are Monday to Sunday.")))
    .transform((values) => [...new Set(values.map(Number))].sort((a, b) => a - b))
    .pipe(z.array(z.number()).min(1, "Choose at least one working day."))
    .optional(),
  travelBufferMinutes: z
    .union([z.string(), z.number()], { error: BUFFER_MESSAGE })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^[0-9]{1,3}$/, BUFFER_MESSAGE))
    .transform(Number)
    .pipe(z.number().max(TRAVEL_BUFFER_MAX, BUFFER_MESSAGE))
    .optional(),
});

export type WorkWeekInput = z.output<typeof workWeekSchema>;

/**
 * The parsed working week, or a message per field. Workday End must come
 * after Workday Start when both are given (a day that ends before it starts
 * would offer customers nothing; a night shift is not a detailer's day).
 */
export function parseWorkWeek(input: unknown): { ok: true; data: Partial<WorkWeek> } | { ok: false; errors: Partial<Record<WorkWeekName, string>> } {
  const parsed = workWeekSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: settingsFieldErrors(parsed.error) as Partial<Record<WorkWeekName, string>> };
  const { workdayStart, workdayEnd } = parsed.data;
  if (workdayStart && workdayEnd && minutesOfDay(workdayEnd) <= minutesOfDay(workdayStart)) {
    return { ok: false, errors: { workdayEnd: `Workday End must be after Workday Start (${workdayStart}).` } };
  }
  const data = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) as Partial<WorkWeek>;
  return { ok: true, data };
}

/**
 * Send the daily e-mail (docs/decisions/0153): a boolean when the input says
 * (the settings form sends its checkbox's marker, read by its route), else
 * undefined: a caller that predates it keeps what is stored.
 */
export function parseDailyEmail(input: unknown): boolean | undefined {
  const parsed = z.object({ dailyEmail: z.boolean().optional() }).safeParse(input);
  return parsed.success ? parsed.data.dailyEmail : undefined;
}

export type SettingsFieldErrors = Partial<Record<SettingName | WorkWeekName, string>>;

/** The first message of each field that failed, keyed by the field's name. */
export function settingsFieldErrors(error: z.ZodError): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  for (const issue of error.issues) {
    const name = issue.path[0] as SettingName | WorkWeekName | undefined;
    if (name && !errors[name]) errors[name] = issue.message;
  }
  return errors;
}
