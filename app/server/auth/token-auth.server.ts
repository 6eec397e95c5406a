import { sql } from "kysely";
import { AppError } from "../app-error.server";
import type { DB } from "../db.server";
import { takeRateLimit, type Limit } from "../rate-limit.server";
import { effectiveRole, type SessionUser } from "../session.server";
import { can, OWNER_ONLY } from "./permissions.server";
import { recordAuthEvent } from "./audit.server";
import { WindowCounter } from "./token-rate-limit.server";
import { hashApiToken } from "./tokens.server";

/**
 * A bearer request's API token judged (docs/decisions/0036): who it acts as,
 * or why it is refused. Tokens are made and revoked in ./tokens.server.ts.
 */

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
          "u.role",
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
  const user: SessionUser = { id: found.user_id, email: found.email, name: found.user_name, role: effectiveRole(found.email, found.role) };
  const refuse = async (error: string, outcome: string): Promise<never> => {
    await audit("api_token_refused", outcome, user.email, found.name, found.id);
    throw new AppError(403, error);
  };
  // A token acts with its maker's role of the moment (docs/decisions/0114): the API is the owner's.
  if (!can(user, "tables.manage")) return refuse(OWNER_ONLY, "not_admin");
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
