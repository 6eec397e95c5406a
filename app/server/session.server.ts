import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { isRole, type Role } from "~/lib/roles";
import type { DB } from "./db.server";
import { env } from "./env.server";
import { signedCookie } from "./signed-cookie.server";

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** …and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
// last_seen_at is written at most this often, not on every request.
const TOUCH_EVERY_MS = 5 * 60_000;

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  /** The role sign-in grants: the stored one, or owner for an ADMIN_EMAILS address; null is not staff (docs/decisions/0114). */
  role: Role | null;
}

/** The role a users row has as sign-in sees it: ADMIN_EMAILS addresses are owners whatever is stored. */
export function effectiveRole(email: string, stored: string | null): Role | null {
  if (isAdminEmail(email)) return "owner";
  return isRole(stored) ? stored : null;
}

/** The session cookie: signed, HttpOnly, SameSite=Lax, Secure on https; holds the session token. */
const sessionCookie = signedCookie("session", SESSION_ABSOLUTE_MS / 1000);

/** A Cookie header that carries a session cookie (on https named `__Host-session`), signed or not. */
export const SESSION_COOKIE_IN_HEADER = /(?:^|;\s*)(?:__Host-)?session=/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

async function tokenFrom(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie(request).parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length >= 32 ? value : null;
}

export function isAdminEmail(email: string): boolean {
  return env().adminEmails.has(email.toLowerCase());
}

/**
 * Starts a new session for the user (a new id at every sign-in; any session
 * the request carried is ended) and returns the Set-Cookie header value.
 */
export async function createSession(db: DB, request: Request, userId: number, clientIp = ""): Promise<string> {
  readThisRequest.delete(request);
  const previous = await tokenFrom(request);
  if (previous) await db.deleteFrom("sessions").where("id", "=", hashToken(previous)).execute();
  const token = randomBytes(32).toString("base64url"); // 256 bits
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      client_ip: clientIp,
      user_agent: (request.headers.get("user-agent") ?? "").slice(0, 300),
    })
    .execute();
  await db
    .updateTable("users")
    .set({ last_login_at: sql`now()` })
    .where("id", "=", userId)
    .execute();
  return sessionCookie(request).serialize(token);
}

/*
 * One read per request: the admin guard (middleware) and the root loader both
 * ask, and on the embedded database every query waits its turn. Signing in
 * or out within the request forgets the answer.
 */
const readThisRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user, or null when there is no live session. */
export function getSessionUser(db: DB, request: Request): Promise<SessionUser | null> {
  let user = readThisRequest.get(request);
  if (!user) {
    user = readSessionUser(db, request);
    readThisRequest.set(request, user);
    // A failed read (the database down) is not remembered: a later ask tries again.
    user.catch(() => readThisRequest.delete(request));
  }
  return user;
}

async function readSessionUser(db: DB, request: Request): Promise<SessionUser | null> {
  const token = await tokenFrom(request);
  if (!token) return null;
  const id = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.name", "users.role", "sessions.last_seen_at", "sessions.expires_at"])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (new Date(row.expires_at).getTime() <= now || lastSeen + SESSION_IDLE_MS <= now) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: sql`now()` })
      .where("id", "=", id)
      .execute();
  }
  return { id: row.id, email: row.email, name: row.name, role: effectiveRole(row.email, row.role) };
}

/**
 * The id of the request's session row (its token's hash), for records bound
 * to the session and gone with it (a passkey's registration challenge); null
 * without a session cookie. Ask getSessionUser first: this does not check
 * that the session is live.
 */
export async function sessionIdOf(request: Request): Promise<string | null> {
  const token = await tokenFrom(request);
  return token ? hashToken(token) : null;
}

/** Ends the request's session (deletes the row) and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(db: DB, request: Request): Promise<string> {
  readThisRequest.delete(request);
  const token = await tokenFrom(request);
  if (token) await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
  return sessionCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}
