import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS, TOKEN_NAME_MAX, TOKEN_PREFIX } from "~/lib/api-tokens";
import { startOfDayIn } from "~/lib/time-zone";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import { takeRateLimit, type Limit } from "../rate-limit.server";
import { isAdminEmail, type SessionUser } from "../session.server";
import { recordAuthEvent } from "./audit.server";
import { WindowCounter } from "./token-rate-limit.server";

/**
 * Administrators' personal API tokens (docs/decisions/0036): made on
 * /admin/tokens, sent as `Authorization: Bearer <token>` to /api/admin/*,
 * /api/tables/* and /api/upload/*. A token is 256 random bits, so its SHA-256
 * is all that is stored (no salt or slow hash is needed against guessing a
 * random value); the `grd_` prefix lets secret scanners recognise a leaked one.
 * A token acts as the user who made it, who must still be an administrator.
 */

export { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS, TOKEN_NAME_MAX, TOKEN_PREFIX };
const TOKEN_PATTERN = /^grd_[A-Za-z0-9_-]{43}$/;

/**
 * Requests one token may make per window, counted per process in memory
 * (./token-rate-limit.server.ts): a guard against a runaway script, not a
 * quota, so N processes allowing N times this is acceptable.
 */
export const TOKEN_RATE_LIMIT = { max: 600, windowMs: 60_000 };
/**
 * This process's count of each token's requests, by token id. Exported for the
 * tests, which fill a token's window through it instead of making 600 requests.
 */
export const tokenRequestCounter = new WindowCounter(TOKEN_RATE_LIMIT);
/** Refused bearer requests (unknown, expired, revoked) per client address: keeps the audit trail from being flooded. */
export const TOKEN_FAILURE_LIMIT: Limit = { bucket: "api-token-refused:ip", max: 60, windowMs: 10 * 60_000 };
// last_used_at/last_used_ip (and a "used" line in the audit trail for reads)
// are written at most this often per token; writes are audited every time.
const TOUCH_EVERY_MS = 60_000;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The request's bearer token: undefined when it sends none (the cookie
 * session applies), "" for an Authorization: Bearer header without a usable value.
 */
export function bearerTokenOf(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  if (!header) return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (!match) return undefined;
  return (match[1] ?? "").trim();
}

export interface NewToken {
  name: string;
  expiresAt: Date;
  readOnly: boolean;
}

/** Makes a token for `user`; the token itself is in the answer and nowhere else. */
export async function createApiToken(db: DB, user: SessionUser, input: NewToken, clientIp: string): Promise<{ id: number; token: string }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await db
    .insertInto("api_tokens")
    .values({
      user_id: user.id,
      name: input.name,
      token_hash: hashApiToken(token),
      token_start: token.slice(0, TOKEN_PREFIX.length + 4),
      read_only: input.readOnly,
      expires_at: input.expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAuthEvent(db, {
    event: "api_token_created",
    email: user.email,
    clientIp,
    outcome: "created",
    detail: `token #${row.id} "${input.name}", ${input.readOnly ? "read-only" : "read-write"}, expires ${input.expiresAt.toISOString()}`,
  });
  return { id: row.id, token };
}

export type TokenStatus = "active" | "expired" | "revoked";

export interface TokenView {
  id: number;
  name: string;
  tokenStart: string;
  readOnly: boolean;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string;
  revokedAt: Date | null;
  status: TokenStatus;
}

/** The user's tokens, newest first (revoked and expired ones too, so their history stays visible). */
export async function listApiTokens(db: DB, userId: number, now = new Date()): Promise<TokenView[]> {
  const rows = await db
    .selectFrom("api_tokens")
    .select(["id", "name", "token_start", "read_only", "created_at", "expires_at", "last_used_at", "last_used_ip", "revoked_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    tokenStart: r.token_start,
    readOnly: r.read_only,
    createdAt: new Date(r.created_at),
    expiresAt: new Date(r.expires_at),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
    lastUsedIp: r.last_used_ip,
    revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
    status: r.revoked_at ? "revoked" : new Date(r.expires_at).getTime() <= now.getTime() ? "expired" : "active",
  }));
}

/** Revokes one of `user`'s own tokens; false when they have no such live token. */
export async function revokeApiToken(db: DB, user: SessionUser, id: number, clientIp: string): Promise<boolean> {
  const revoked = await db
    .updateTable("api_tokens")
    .set({ revoked_at: sql`now()` })
    .where("id", "=", id)
    .where("user_id", "=", user.id)
    .where("revoked_at", "is", null)
    .returning("name")
    .executeTakeFirst();
  if (revoked) {
    await recordAuthEvent(db, { event: "api_token_revoked", email: user.email, clientIp, outcome: "revoked", detail: `token #${id} "${revoked.name}"` });
  }
  return Boolean(revoked);
}

/**
 * The administrator a bearer request acts as, or an AppError: 401 for a token
 * that is malformed, unknown, expired or revoked; 403 when its maker is no
 * longer an administrator, or for a write with a read-only token; 429 past
 * the rate limit. Refusals and uses are recorded in the audit trail.
 *
 * A request with a live token costs one read, like one with a session cookie
 * (docs/decisions/0036): the token and its user in one SELECT, the rate limit
 * counted in memory, and a write only when the token's last use is a minute
 * old, or for the audit line of a write request.
 */
export async function authenticateApiToken(db: DB, request: Request, token: string, clientIp: string): Promise<SessionUser> {
  const what = `${request.method} ${new URL(request.url).pathname}`;
  const write = !SAFE_METHODS.has(request.method);
  const hash = TOKEN_PATTERN.test(token) ? hashApiToken(token) : undefined;
  // Expiry and staleness by the database's clock, as the session lookup does.
  const found = hash
    ? await db
        .selectFrom("api_tokens as t")
        .innerJoin("users as u", "u.id", "t.user_id")
        .select([
          "t.id",
          "t.name",
          "t.read_only",
          "t.revoked_at",
          sql<boolean>`t.expires_at > now()`.as("unexpired"),
          sql<boolean>`(t.last_used_at IS NULL OR t.last_used_at <= now() - make_interval(secs => ${TOUCH_EVERY_MS / 1000}))`.as("stale"),
          "u.id as user_id",
          "u.email",
          "u.name as user_name",
          "u.is_admin",
        ])
        .where("t.token_hash", "=", hash)
        .executeTakeFirst()
    : undefined;

  const audit = (event: "api_token_refused" | "api_token_used", outcome: string, email?: string, name?: string, id?: number) =>
    recordAuthEvent(db, { event, email, clientIp, outcome, detail: id ? `token #${id} "${name}": ${what}` : what });

  if (!found || found.revoked_at || !found.unexpired) {
    const limited = await takeRateLimit(db, TOKEN_FAILURE_LIMIT, clientIp);
    if (!limited.allowed) throw tooMany(limited.retryAfterSeconds);
    const [error, outcome] = !found
      ? ["Invalid API token", "unknown"]
      : found.revoked_at
        ? ["This API token has been revoked", "revoked"]
        : ["This API token has expired", "expired"];
    await audit("api_token_refused", outcome, found?.email, found?.name, found?.id);
    // RFC 6750: a refused bearer credential says so in WWW-Authenticate.
    throw new AppError(401, error, { headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } });
  }

  const counted = tokenRequestCounter.take(found.id);
  if (!counted.allowed) throw tooMany(counted.retryAfterSeconds);
  const user: SessionUser = { id: found.user_id, email: found.email, name: found.user_name, isAdmin: found.is_admin || isAdminEmail(found.email) };
  const refuse = async (error: string, outcome: string): Promise<never> => {
    await audit("api_token_refused", outcome, user.email, found.name, found.id);
    throw new AppError(403, error);
  };
  if (!user.isAdmin) return refuse("Administrator access required", "not_admin");
  if (write && found.read_only) return refuse("This API token is read-only", "read_only");

  // Conditional, so that of several requests (or processes) seeing a stale
  // last use at once, one writes it and one audit line for reads follows.
  const touched = found.stale
    ? await db
        .updateTable("api_tokens")
        .set({ last_used_at: sql`now()`, last_used_ip: clientIp })
        .where("id", "=", found.id)
        .where(sql<boolean>`(last_used_at IS NULL OR last_used_at <= now() - make_interval(secs => ${TOUCH_EVERY_MS / 1000}))`)
        .returning("id")
        .executeTakeFirst()
    : undefined;
  if (write || touched) await audit("api_token_used", write ? "write" : "read", user.email, found.name, found.id);
  return user;
}

const tooMany = (retryAfterSeconds: number) =>
  new AppError(429, "Too many requests with this API token. Try again later.", { headers: { "Retry-After": String(retryAfterSeconds) } });

// ---------------------------------------------------------------- the dashboard form

/** YYYY-MM-DD of `at` in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The day `days` after `day` (YYYY-MM-DD, calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export type TokenFormResult =
  | { ok: true; token: NewToken }
  | { ok: false; fields: Partial<Record<"name" | "expires", string>>; values: { name: string; expires: string; readOnly: boolean } };

/**
 * The create form's fields: `name`, `expires` (a day, the token working
 * through its end in the business's time zone), `read_only` (a checkbox).
 */
export function parseTokenForm(form: FormData, now: Date, timeZone: string): TokenFormResult {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.trim() : "";
  };
  const name = text("name");
  const expires = text("expires");
  const readOnly = form.get("read_only") !== null;
  const fields: Partial<Record<"name" | "expires", string>> = {};
  if (!name) fields.name = "Name is required";
  else if (name.length > TOKEN_NAME_MAX) fields.name = `Name cannot exceed ${TOKEN_NAME_MAX} characters`;
  else if (/[\u0000-\u001f\u007f]/.test(name)) fields.name = "Name cannot contain control characters";

  const today = dayIn(now, timeZone);
  const last = addDays(today, TOKEN_MAX_DAYS);
  if (!expires) fields.expires = "Expires is required";
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || addDays(expires, 0) !== expires) fields.expires = "Expires must be a date (YYYY-MM-DD)";
  else if (expires < today) fields.expires = "Expires cannot be in the past";
  else if (expires > last) fields.expires = `Expires must be within ${TOKEN_MAX_DAYS} days (by ${last})`;

  if (Object.keys(fields).length) return { ok: false, fields, values: { name, expires, readOnly } };
  return { ok: true, token: { name, readOnly, expiresAt: startOfDayIn(addDays(expires, 1), timeZone) } };
}
