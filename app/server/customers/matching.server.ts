import { sql } from "kysely";
import type { DB } from "../db.server";
import { phoneColumns } from "../phone.server";

/**
 * The customer a request belongs to (docs/decisions/0090): by e-mail (trimmed,
 * letter case ignored), else by the phone's number in E.164 form (its
 * extension left out; docs/decisions/0108), else a new customer. The rule is
 * the database's match_customer() (migrations 2026-11-28-08-customers and
 * 2026-11-29-54-phone-e164), the one the BEFORE INSERT trigger on
 * quote_requests and the migration's linking use too, so every path matches
 * alike. It takes a transaction-scoped advisory lock, so two requests from one
 * new person at once (any processes) make one customer: call it inside the
 * transaction that stores the request.
 */
export async function matchCustomer(trx: DB, person: { name: string; email: string; phone: string }): Promise<number> {
  const { phone, phone_e164, phone_ext } = phoneColumns(person.phone);
  const { rows } = await sql<{ id: number }>`SELECT match_customer(${person.name}, ${person.email}, ${phone}, ${phone_e164}, ${phone_ext}) AS id`.execute(trx);
  return rows[0]!.id;
}
