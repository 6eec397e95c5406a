import path from "node:path";
import { z } from "zod";
import { SEED_SETTINGS } from "~/lib/business";
import { dataDirSessionSecret, sharedSessionSecret } from "./session-secret.server";
import { LOG_LEVELS } from "./log.server";

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url({ error: `${name} must be a full URL, e.g. https://example.com` }).optional())
    .optional();

const schema = z.object({
  NODE_ENV: z.string().default("development"),
  // The logger reads it itself, before this parse (./log.server.ts); checked here so a typo stops the start.
  LOG_LEVEL: z.string().trim().toLowerCase().default("info").pipe(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` })),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || v === "memory://" || /^postgres(ql)?:\/\//.test(v), {
      error: "DATABASE_URL must be unset, memory:// or a postgres:// URL",
    }),
  SESSION_SECRET: z.string().optional(),
  APP_URL: optionalUrl("APP_URL"),
  ADMIN_EMAILS: z.string().default(""),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\//.test(v), { error: "SMTP_URL must start with smtp:// or smtps://" }),
  // Process settings, not the owner's: the first-start name and address (app/lib/business.ts).
  MAIL_FROM: z.string().default(`${SEED_SETTINGS.businessName} <${SEED_SETTINGS.publicEmail}>`),
  // Only the first value of the owner's Send New Requests To (app/server/settings.server.ts): a saved setting wins.
  QUOTE_NOTIFY_EMAIL: z.string().default(SEED_SETTINGS.publicEmail),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZATION_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  // Uploads in an S3-compatible bucket instead of UPLOAD_DIR (docs/decisions/0049).
  S3_BUCKET: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)" }).optional(),
  S3_ENDPOINT: optionalUrl("S3_ENDPOINT"),
  S3_REGION: z.string().trim().regex(/^[a-z0-9-]{2,32}$/, { error: "S3_REGION must be a region name, e.g. us-east-1" }).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z
    .string()
    .trim()
    .toLowerCase()
    .default("false")
    .refine((v) => /^(true|false|1|0|yes|no|on|off)$/.test(v), { error: "S3_FORCE_PATH_STYLE must be true or false" })
    .transform((v) => ["true", "1", "yes", "on"].includes(v)),
  // How many reverse proxies stand in front: each appends the address it saw to
  // X-Forwarded-For, so only that many entries from the right are trustworthy.
  TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .default("0")
    .refine((v) => /^(\d{1,2}|true|false|yes|no|on|off|)$/.test(v), {
      error: "TRUST_PROXY must be the number of reverse proxies in front of the app (0, 1, 2, …; true means 1)",
    })
    .transform((v) => (/^\d+$/.test(v) ? Number(v) : ["true", "yes", "on"].includes(v) ? 1 : 0)),
  // Fractions are allowed, so that tests can wait seconds instead of an hour.
  LEAD_REMINDER_MINUTES: z.coerce
    .number({ error: "LEAD_REMINDER_MINUTES must be a number of minutes, e.g. 60" })
    .positive({ error: "LEAD_REMINDER_MINUTES must be more than 0" })
    .max(7 * 24 * 60, { error: "LEAD_REMINDER_MINUTES must be at most a week (10080)" })
    .default(60),
  REVIEW_REQUEST_MINUTES: z.coerce
    .number({ error: "REVIEW_REQUEST_MINUTES must be a number of minutes, e.g. 120" })
    .positive({ error: "REVIEW_REQUEST_MINUTES must be more than 0" })
    .max(30 * 24 * 60, { error: "REVIEW_REQUEST_MINUTES must be at most 30 days (43200)" })
    .default(120),
  APPOINTMENT_REMINDER_HOURS: z.coerce
    .number({ error: "APPOINTMENT_REMINDER_HOURS must be a number of hours, e.g. 24" })
    .positive({ error: "APPOINTMENT_REMINDER_HOURS must be more than 0" })
    .max(24 * 14, { error: "APPOINTMENT_REMINDER_HOURS must be at most two weeks (336)" })
    .default(24),
  CANCEL_CUTOFF_HOURS: z.coerce
    .number({ error: "CANCEL_CUTOFF_HOURS must be a number of hours, e.g. 24" })
    .min(0, { error: "CANCEL_CUTOFF_HOURS must be 0 or more" })
    .max(24 * 14, { error: "CANCEL_CUTOFF_HOURS must be at most two weeks (336)" })
    .default(24),
  BUSINESS_TIME_ZONE: z
    .string()
    .trim()
    .default("America/Detroit")
    .refine(isTimeZone, { error: "BUSINESS_TIME_ZONE must be an IANA time zone name, e.g. America/Detroit" }),
});

/** The S3_* settings make sense only together: a bucket needs its region, a key id its secret. */
function s3Together(e: z.infer<typeof schema>, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const others = (["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => e[k]);
  if (!e.S3_BUCKET) {
    if (others.length) issue("S3_BUCKET", `S3_BUCKET must be set too when ${others.join(", ")} is set (or unset them to keep uploads on disk)`);
    return;
  }
  if (!e.S3_REGION) issue("S3_REGION", "S3_REGION must be set with S3_BUCKET, e.g. us-east-1 (S3-compatible servers usually take us-east-1)");
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    issue(e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID", "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the machine's own AWS credentials");
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Where uploads go when they live in S3: what app/server/uploads/s3-storage.server.ts connects with. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, R2, …); unset = AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (endpoint/bucket/key) rather than in the host name: what most S3-compatible servers need. */
  forcePathStyle: boolean;
}

export type Env = z.infer<typeof schema> & {
  uploadDir: string;
  /** Set when uploads live in S3 (S3_BUCKET): the client's settings. */
  s3?: S3Settings;
  adminEmails: Set<string>;
  sessionSecrets: string[];
};

let cached: Env | undefined;

/**
 * The parsed environment. Parsed once; a bad variable stops the process at
 * start-up with a message naming it. Tests that change process.env call
 * `reloadEnv()`.
 */
export function env(): Env {
  return (cached ??= parseEnv());
}

export function reloadEnv(): Env {
  cached = undefined;
  return env();
}

/** server.js prints a ConfigurationError's message alone: each line names its variable. */
function configurationError(problems: string[]): Error {
  const lines = problems.map((p) => `  ${p}`);
  return Object.assign(new Error(`Invalid environment variables (see .env.example):\n${lines.join("\n")}`), { name: "ConfigurationError" });
}

/**
 * What a server that sends e-mail needs, checked as it starts (server/app.ts,
 * and react-router dev before its first request) rather than in every parse:
 * scripts and tests that never mail a customer may leave APP_URL unset. With
 * SMTP_URL, customers get e-mails whose links must be absolute, and only
 * APP_URL can say where the site is (docs/decisions/0099).
 */
export function requireMailSettings(e: Env = env()): void {
  if (e.SMTP_URL && !e.APP_URL) {
    throw configurationError([
      "APP_URL: APP_URL must be set when SMTP_URL is: the links in customers' e-mails need the site's public origin, e.g. APP_URL=https://example.com",
    ]);
  }
}

function parseEnv(): Env {
  const result = schema.superRefine(s3Together).safeParse(
    Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")),
  );
  if (!result.success) {
    throw configurationError(result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const configuredSecrets = e.SESSION_SECRET?.split(",").map((s) => s.trim()).filter(Boolean);
  const onServer = !!e.DATABASE_URL && e.DATABASE_URL !== "memory://";
  const dataDirSecret = configuredSecrets?.length || onServer ? undefined : [dataDirSessionSecret(dataDir)];
  return {
    ...e,
    DATA_DIR: dataDir,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION!,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    // Unset on a PostgreSQL server: the database's own, loaded when it opens
    // (app/server/session-secret.server.ts), hence a getter.
    get sessionSecrets() {
      return configuredSecrets?.length ? configuredSecrets : (dataDirSecret ?? [sharedSessionSecret(e.DATABASE_URL!)]);
    },
  };
}
