import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { TOKEN_PREFIX } from "~/lib/api-tokens";
import type { DB } from "../db.server";
import type { SessionUser } from "../session.server";
import { recordAuthEvent } from "./audit.server";

/**
 * Administrators' personal API tokens (docs/decisions/0036): made on
 * /admin/tokens, sent as `Authorization: Bearer <token>` to /api/admin/*,
 * /api/tables/* and /api/upload/*. A token is 256 random bits, so its SHA-256
 * is all that is stored (no salt or slow hash is needed against guessing a
 * random value); the `grd_` prefix lets secret scanners recognise a leaked one.
 * A token acts as the user who made it, who must still be an administrator.
 *
 * Here: making, listing and revoking tokens. A request's token is judged in
 * ./token-auth.server.ts, the dashboard's form read by tokenSchema (~/lib/token-input.ts).
 */

export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

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
