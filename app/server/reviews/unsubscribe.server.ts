import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db.server";
import { configuredOrigin } from "../site-url.server";

/**
 * Consent for the e-mails that are not a transaction (review requests and
 * maintenance reminders, docs/decisions/0091): each carries the customer's
 * one-click unsubscribe link (RFC 8058) in its List-Unsubscribe header and
 * its text; once used, the customer gets none of them again. Receipts,
 * estimates, invoices and appointment e-mails are transactions: they still go.
 */

/** At least 128 random bits (192 here), URL-safe, like the jobs' tokens. */
export const newUnsubscribeToken = () => randomBytes(24).toString("base64url");

/** The customer's unsubscribe token, made on first use (two transactions making it at once agree: the first one's wins). */
export async function unsubscribeTokenOf(db: DB, customerId: number): Promise<string> {
  const row = await db
    .updateTable("customers")
    .set({ unsubscribe_token: sql<string>`coalesce(unsubscribe_token, ${newUnsubscribeToken()})` })
    .where("id", "=", customerId)
    .returning("unsubscribe_token")
    .executeTakeFirstOrThrow();
  return row.unsubscribe_token!;
}

/** The unsubscribe page; absolute from APP_URL (an e-mail never carries a link from a request's Host). */
export function unsubscribeLink(token: string, origin = configuredOrigin()): string {
  return `${origin ?? ""}/unsubscribe/${token}`;
}

/**
 * RFC 8058's headers: a mail client offers "Unsubscribe" and POSTs
 * `List-Unsubscribe=One-Click` to the https link itself. Without APP_URL
 * there is no absolute link, so no header (a relative one is no URI).
 */
export function unsubscribeHeaders(token: string, origin = configuredOrigin()): Record<string, string> {
  if (!origin) return {};
  return { "List-Unsubscribe": `<${unsubscribeLink(token, origin)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The customer a token names (a merged record's token names the record it joined), or undefined. */
export async function customerByUnsubscribeToken(db: DB, token: string) {
  return db
    .selectFrom("customers as c")
    .leftJoin("customers as m", "m.id", "c.merged_into")
    .select([
      sql<number>`coalesce(m.id, c.id)`.as("id"),
      sql<string>`coalesce(m.email, c.email)`.as("email"),
      sql<Date | null>`coalesce(m.unsubscribed_at, c.unsubscribed_at)`.as("unsubscribedAt"),
    ])
    .where("c.unsubscribe_token", "=", token)
    .executeTakeFirst();
}

/** Unsubscribes the customer (and the record merged away that the link was made for); a second time changes nothing. */
export async function unsubscribe(db: DB, token: string): Promise<boolean> {
  const customer = await customerByUnsubscribeToken(db, token);
  if (!customer) return false;
  await db
    .updateTable("customers")
    .set({ unsubscribed_at: sql`coalesce(unsubscribed_at, now())` })
    .where((eb) => eb.or([eb("id", "=", customer.id), eb("unsubscribe_token", "=", token)]))
    .execute();
  return true;
}
