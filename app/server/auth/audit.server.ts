import type { DB } from "../db.server";
import { logFor } from "../log.server";

const log = logFor("auth-audit");

/** What the audit trail records; administrators read it as the auth_audit table. */
export type AuthEvent =
  | "code_sent"
  | "code_failed"
  | "sign_in"
  | "sign_in_failed"
  | "logout"
  // API tokens (app/server/auth/tokens.server.ts).
  | "api_token_created"
  | "api_token_revoked"
  | "api_token_used"
  | "api_token_refused"
  // Passkeys (app/server/auth/passkeys.server.ts); signing in with one is sign_in / sign_in_failed.
  | "passkey_added"
  | "passkey_removed";

export interface AuthAuditEntry {
  event: AuthEvent;
  email?: string;
  clientIp?: string;
  /** e.g. "sent", "rate_limited", "wrong_code", "success". */
  outcome: string;
  detail?: string;
}

/**
 * Appends one line to the audit trail. A failure to write it is logged, never
 * shown to the person signing in: the trail must not become a way to lock staff out.
 */
export async function recordAuthEvent(db: DB, entry: AuthAuditEntry): Promise<void> {
  try {
    await db
      .insertInto("auth_audit")
      .values({
        event: entry.event,
        email: (entry.email ?? "").slice(0, 320),
        client_ip: entry.clientIp ?? "",
        outcome: entry.outcome,
        detail: (entry.detail ?? "").slice(0, 500),
      })
      .execute();
  } catch (error) {
    log.error({ err: error, event: entry.event, outcome: entry.outcome }, "could not record");
  }
}
