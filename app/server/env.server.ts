import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SEED_SETTINGS } from "~/lib/business";

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url({ error: `${name} must be a full URL, e.g. https://example.com` }).optional())
    .optional();

const schema = z.object({
  NODE_ENV: z.string().default("development"),
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
  QUOTE_NOTIFY_EMAIL: z.string().default(SEED_SETTINGS.publicEmail),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZATION_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(25 * 1024 * 1024),
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
  BUSINESS_TIME_ZONE: z
    .string()
    .trim()
    .default("America/Detroit")
    .refine(isTimeZone, { error: "BUSINESS_TIME_ZONE must be an IANA time zone name, e.g. America/Detroit" }),
});

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof schema> & {
  uploadDir: string;
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

function parseEnv(): Env {
  const result = schema.safeParse(
    Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")),
  );
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    // server.js prints a ConfigurationError's message alone: it names the variable.
    throw Object.assign(new Error(`Invalid environment variables (see .env.example):\n${lines.join("\n")}`), {
      name: "ConfigurationError",
    });
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    DATA_DIR: dataDir,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    sessionSecrets: e.SESSION_SECRET
      ? e.SESSION_SECRET.split(",").map((s) => s.trim()).filter(Boolean)
      : [generatedSecret(dataDir)],
  };
}

/** A secret made once and kept in DATA_DIR, so sessions survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}
