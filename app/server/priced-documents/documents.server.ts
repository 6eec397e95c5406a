import { randomBytes } from "node:crypto";
import { parseTaxRate, totals, type Totals } from "~/lib/money";
import type { DocumentLine } from "~/lib/priced-lines";
import { notFound } from "../app-error.server";
import type { DB } from "../db.server";

/**
 * A priced document (docs/decisions/0116): numbered lines of work with a
 * price, their totals at a tax rate in whole cents (docs/decisions/0080), and
 * a token that is the customer's link. Estimates and invoices are two kinds;
 * each keeps its own rules (deciding, paying) in its own module and stores its
 * lines in its own table, named here. A new kind adds its table to LINE_TABLES.
 */

export type { DocumentLine };

/** Each kind's lines table and the column that points at its document. */
const LINE_TABLES = {
  estimate: { table: "estimate_lines", key: "estimate_id" },
  invoice: { table: "invoice_lines", key: "invoice_id" },
} as const;
export type DocumentKind = keyof typeof LINE_TABLES;

/** At least 128 random bits (192 here), URL-safe: the customer's link. */
export const newDocumentToken = () => randomBytes(24).toString("base64url");

/** Whether a token can be one of ours at all (a wrong shape is not looked up). */
export const isDocumentToken = (token: string) => /^[A-Za-z0-9_-]{22,64}$/.test(token);

/** An id from the URL: a positive whole number, or a 404 saying `missing` ("Estimate not found"). */
export function documentId(raw: string | undefined, missing: string): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(missing);
  return Number(raw);
}

/** What every kind of document has; each kind's interface adds its own (a Valid Until day, payments). */
export interface PricedDocument {
  id: number;
  number: number;
  token: string;
  customerId: number;
  /** The quote request it answers, if any (docs/decisions/0110). */
  leadId: number | null;
  message: string;
  taxRateMilliPercent: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  sentAt: Date | null;
  createdAt: Date;
  /** The customer's contact details, from their record; the vehicle type their request named ("" without one). */
  customer: { name: string; email: string; phone: string; vehicleType: string };
  lines: DocumentLine[];
}

/** The columns every kind's loader selects for documentFields (its own table's, the customer's, the request's vehicle type; the tax rate as text). */
export interface DocumentRow {
  id: number;
  number: number;
  token: string;
  customer_id: number;
  lead_id: number | null;
  message: string;
  tax_rate: string;
  subtotal_cents: number | string;
  tax_cents: number | string;
  total_cents: number | string;
  sent_at: Date | null;
  created_at: Date;
  name: string;
  email: string;
  phone: string;
  vehicle_type: string | null;
}

/** A loaded row as the fields every kind shares; the kind adds its own. */
export function documentFields(row: DocumentRow, lines: DocumentLine[]): PricedDocument {
  return {
    id: row.id,
    number: row.number,
    token: row.token,
    customerId: row.customer_id,
    leadId: row.lead_id,
    message: row.message,
    taxRateMilliPercent: parseTaxRate(row.tax_rate) ?? 0,
    subtotalCents: Number(row.subtotal_cents),
    taxCents: Number(row.tax_cents),
    totalCents: Number(row.total_cents),
    sentAt: row.sent_at,
    createdAt: row.created_at,
    customer: { name: row.name, email: row.email, phone: row.phone, vehicleType: row.vehicle_type ?? "" },
    lines,
  };
}

/** Which document a kind's loader reads: by id (the dashboard) or by token (the customer's link). */
export type DocumentKey = { id: number } | { token: string };

/** The document with this id, or a 404 saying `missing`. */
export async function documentById<T>(load: (key: DocumentKey) => Promise<T | undefined>, id: number, missing: string): Promise<T> {
  const found = await load({ id });
  if (!found) throw notFound(missing);
  return found;
}

/** The customer's view: only a sent one (a draft's link has not been given to anyone), else undefined (a 404). */
export async function sentByToken<T>(load: (key: DocumentKey) => Promise<T | undefined>, token: string, isDraft: (found: T) => boolean): Promise<T | undefined> {
  if (!isDocumentToken(token)) return undefined;
  const found = await load({ token });
  return found && !isDraft(found) ? found : undefined;
}

// The kinds' tables have the same columns but for the key; Kysely types one of them.
const linesOf = (kind: DocumentKind) => LINE_TABLES[kind] as unknown as (typeof LINE_TABLES)["estimate"];

/** A document's lines, in their order. */
export async function readLines(db: DB, kind: DocumentKind, documentId: number): Promise<DocumentLine[]> {
  const { table, key } = linesOf(kind);
  const rows = await db.selectFrom(table).select(["description", "quantity", "unit_price_cents", "service_id", "plan_discount"]).where(key, "=", documentId).orderBy("position").execute();
  return rows.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPriceCents: l.unit_price_cents,
    serviceId: l.service_id,
    ...(l.plan_discount ? { planDiscount: true as const } : {}),
  }));
}

/** Stores `lines` as the document's lines, in this order (a new document's, or after deleteLines). */
export async function insertLines(trx: DB, kind: DocumentKind, documentId: number, lines: readonly DocumentLine[]): Promise<void> {
  if (!lines.length) return;
  const { table, key } = linesOf(kind);
  await trx
    .insertInto(table)
    .values(
      lines.map((line, position) => ({
        [key]: documentId,
        position,
        description: line.description,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
        service_id: line.serviceId,
        plan_discount: line.planDiscount === true,
      })) as { estimate_id: number; position: number; description: string; quantity: number; unit_price_cents: number; service_id: number | null; plan_discount: boolean }[],
    )
    .execute();
}

/**
 * The editor's save: the document's lines replaced by `lines` (a service
 * link kept only if that service still exists) and their totals at
 * `milliPercent`, for the caller to store on the document in the same
 * transaction.
 */
export async function replaceLines(trx: DB, kind: DocumentKind, documentId: number, lines: readonly DocumentLine[], milliPercent: number): Promise<Totals> {
  const kept = await knownServices(trx, lines);
  const { table, key } = linesOf(kind);
  await trx.deleteFrom(table).where(key, "=", documentId).execute();
  await insertLines(trx, kind, documentId, kept);
  return totals(kept, milliPercent);
}

/** A line's service link is kept only if that service still exists (it may have been deleted meanwhile). */
async function knownServices(trx: DB, lines: readonly DocumentLine[]): Promise<DocumentLine[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.serviceId === null ? [] : [l.serviceId])))];
  if (!ids.length) return [...lines];
  const found = new Set((await trx.selectFrom("services").select("id").where("id", "in", ids).execute()).map((s) => s.id));
  return lines.map((l) => (l.serviceId !== null && !found.has(l.serviceId) ? { ...l, serviceId: null } : l));
}
