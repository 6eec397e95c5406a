import { actorColumns, type Actor } from "../actor.server";
import { sql } from "kysely";
import { parseEstimateForm, type EstimateForm, type EstimateInput } from "~/lib/estimate-input";
import { addDays } from "~/lib/time-zone";
import { isDecided, shownStatus, type EstimateStatus } from "~/lib/estimate-status";
import { totals } from "~/lib/money";
import { AppError, notFound } from "../app-error.server";
import { checkCustomerVehicle, joinedVehicle, onlyVehicle } from "../customers/saved-details.server";
import type { WorkOrigin, WorkSource } from "../customers/work-origin.server";
import type { DB } from "../db.server";
import { documentById, documentFields, documentId, insertLines, sentByToken, type DocumentKey, newDocumentToken, type PricedDocument, readLines, replaceLines } from "../priced-documents/documents.server";
import { fromPriceList, withPlanDiscount, type DocumentLine } from "~/lib/priced-lines";
import { planDiscountFor } from "../plans/plan-discount.server";
import { taxRateMilliPercent } from "../settings.server";
import { businessToday } from "../time-zone.server";

/**
 * Estimates: made for a customer (from a lead or not, ../customers/work-origin.server.ts), saved whole (lines and totals in one
 * transaction, or nothing), priced on the server in whole cents
 * (docs/decisions/0080): a priced document (../priced-documents/,
 * docs/decisions/0116) with a Valid Until day and the customer's decision.
 * The customer reaches one through its token (docs/decisions/0081);
 * decisions are in ./decisions.server.ts.
 */

export const ESTIMATE_INVALID_MESSAGE = "Please correct the highlighted fields and try again.";
export const VALID_DAYS = 30;

export type EstimateLine = DocumentLine;

export interface Estimate extends PricedDocument {
  source: WorkSource;
  /** As shown: a sent one past its Valid Until day is "expired". */
  status: EstimateStatus;
  storedStatus: EstimateStatus;
  validUntil: string;
  durationMinutes: number;
  declineReason: string;
  viewedAt: Date | null;
  decidedAt: Date | null;
  /** The customer's saved vehicle it is for (vehicleLabel), null when none was picked. */
  vehicle: { id: number; label: string } | null;
}

/** A day (YYYY-MM-DD) as a DATE operand: a date column reads back as a Date, so a bare string would not type. */
export const sqlDate = (day: string) => sql<Date>`${day}::date`;

/** An id from the URL: a positive whole number, or a 404. */
export const estimateId = (raw: string | undefined) => documentId(raw, "Estimate not found");

const COLUMNS = [
  "e.id",
  "e.number",
  "e.token",
  "e.customer_id",
  "e.lead_id",
  "e.source",
  "e.status",
  "e.message",
  "e.duration_minutes",
  "e.subtotal_cents",
  "e.tax_cents",
  "e.total_cents",
  "e.decline_reason",
  "e.sent_at",
  "e.viewed_at",
  "e.decided_at",
  "e.created_at",
  "c.name",
  "c.email",
  "c.phone",
  "q.vehicle_type",
  "e.vehicle_id",
  "v.kind",
  "v.make",
  "v.model",
  "v.year",
  "v.color",
] as const;

async function loadEstimate(db: DB, where: DocumentKey): Promise<Estimate | undefined> {
  const row = await db
    .selectFrom("estimates as e")
    .innerJoin("customers as c", "c.id", "e.customer_id")
    .leftJoin("quote_requests as q", "q.id", "e.lead_id")
    .leftJoin("vehicles as v", "v.id", "e.vehicle_id")
    .select([...COLUMNS, sql<string>`e.valid_until::text`.as("valid_until"), sql<string>`e.tax_rate::text`.as("tax_rate")])
    .$if("id" in where, (qb) => qb.where("e.id", "=", (where as { id: number }).id))
    .$if("token" in where, (qb) => qb.where("e.token", "=", (where as { token: string }).token))
    .executeTakeFirst();
  if (!row) return undefined;
  const lines = await readLines(db, "estimate", row.id);
  return {
    ...documentFields(row, lines),
    source: row.source,
    status: shownStatus(row.status, row.valid_until, businessToday()),
    storedStatus: row.status,
    validUntil: row.valid_until,
    durationMinutes: row.duration_minutes,
    declineReason: row.decline_reason,
    viewedAt: row.viewed_at,
    decidedAt: row.decided_at,
    vehicle: joinedVehicle(row),
  };
}

export const getEstimate = (db: DB, id: number): Promise<Estimate> => documentById((key) => loadEstimate(db, key), id, "Estimate not found");

/** The customer's view: only a sent one (a draft's link has not been given to anyone), else undefined (a 404). */
export const getEstimateByToken = (db: DB, token: string): Promise<Estimate | undefined> => sentByToken((key) => loadEstimate(db, key), token, (found) => found.storedStatus === "draft");

/** A new draft for the customer (from a lead or not): no lines yet, valid VALID_DAYS days, at today's Tax Rate (%). Returns its id. */
export async function createEstimate(db: DB, origin: WorkOrigin, actor: Actor, copyOf?: Estimate): Promise<number> {
  const rate = await taxRateMilliPercent(db);
  return db.transaction().execute(async (trx) => {
    // A copy's discount is the customer's plan's today, not the one copied (docs/decisions/0155).
    const fields = copyOf
      ? { lines: withPlanDiscount(copyOf.lines, await planDiscountFor(trx, origin.customerId), fromPriceList), message: copyOf.message, vehicleId: copyOf.vehicle?.id ?? null, durationMinutes: copyOf.durationMinutes, copiedFrom: copyOf.id }
      : { lines: [], message: "", vehicleId: await onlyVehicle(trx, origin.customerId), durationMinutes: 0, copiedFrom: null };
    const id = await insertEstimate(trx, origin, rate, fields);
    const body = copyOf ? `Copied from estimate #${copyOf.number}` : "";
    await trx.insertInto("estimate_events").values({ estimate_id: id, kind: "created", body, ...actorColumns(actor) }).execute();
    return id;
  });
}

/**
 * An estimate accepted as it is made: a visitor's online booking
 * (app/server/online-booking/), priced by the price book, at its tax rate.
 * In the caller's transaction, which books its job too. Returns its id.
 */
export async function createAcceptedEstimate(
  trx: DB,
  origin: WorkOrigin,
  actor: Actor,
  priced: { lines: DocumentLine[]; durationMinutes: number; taxMilliPercent: number; vehicleId: number | null },
): Promise<number> {
  const id = await insertEstimate(trx, origin, priced.taxMilliPercent, { ...priced, message: "", copiedFrom: null }, "accepted");
  await trx
    .insertInto("estimate_events")
    .values([
      { estimate_id: id, kind: "created", body: "Booked online", ...actorColumns(actor) },
      { estimate_id: id, kind: "accepted", body: "", ...actorColumns(actor) },
    ])
    .execute();
  return id;
}

/** The estimate's row and its lines, valid VALID_DAYS days, priced at `rate`; a draft unless `status` says otherwise (decided now). */
async function insertEstimate(
  trx: DB,
  origin: WorkOrigin,
  rate: number,
  fields: { lines: readonly DocumentLine[]; message: string; vehicleId: number | null; durationMinutes: number; copiedFrom: number | null },
  status: "draft" | "accepted" = "draft",
): Promise<number> {
  const sums = totals(fields.lines, rate);
  const row = await trx
    .insertInto("estimates")
    .values({
      token: newDocumentToken(),
      customer_id: origin.customerId,
      lead_id: origin.leadId,
      source: origin.source,
      status,
      decided_at: status === "draft" ? null : sql<Date>`now()`,
      valid_until: addDays(businessToday(), VALID_DAYS),
      message: fields.message,
      vehicle_id: fields.vehicleId,
      duration_minutes: fields.durationMinutes,
      tax_rate: rate / 1000,
      subtotal_cents: sums.subtotalCents,
      tax_cents: sums.taxCents,
      total_cents: sums.totalCents,
      copied_from: fields.copiedFrom,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await insertLines(trx, "estimate", row.id, fields.lines);
  return row.id;
}

/** Refused: an accepted or declined estimate stays as the customer decided on it. */
export const decidedError = (number: number, status: EstimateStatus) =>
  new AppError(409, `Estimate #${number} has been ${status} and can no longer be changed. Copy it to a new estimate instead.`);

/**
 * Saves the editor's form whole: checked first (each refusal names its
 * field, AppError 400 with `fields`), then the lines replaced (with the
 * customer's plan discount, if any, as the last) and the totals stored in
 * one transaction, priced at today's Tax Rate (%).
 */
export async function saveEstimate(db: DB, id: number, form: EstimateForm): Promise<Estimate> {
  const parsed = parseEstimateForm(form, businessToday());
  if (!parsed.ok) throw new AppError(400, ESTIMATE_INVALID_MESSAGE, { fields: parsed.errors });
  const of = await db.selectFrom("estimates").select("customer_id").where("id", "=", id).executeTakeFirst();
  if (!of) throw notFound("Estimate not found");
  await checkCustomerVehicle(db, of.customer_id, parsed.input.vehicleId);
  const rate = await taxRateMilliPercent(db);
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("estimates").select(["number", "status"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!current) throw notFound("Estimate not found");
    if (isDecided(current.status)) throw decidedError(current.number, current.status);
    const input: EstimateInput = parsed.input;
    // The plan's discount is the server's line, made again at each save from the lines priced from the price list (docs/decisions/0155).
    const lines = withPlanDiscount(input.lines, await planDiscountFor(trx, of.customer_id), fromPriceList);
    const sums = await replaceLines(trx, "estimate", id, lines, rate);
    await trx
      .updateTable("estimates")
      .set({
        valid_until: input.validUntil,
        message: input.message,
        vehicle_id: input.vehicleId,
        duration_minutes: input.durationMinutes,
        tax_rate: rate / 1000,
        subtotal_cents: sums.subtotalCents,
        tax_cents: sums.taxCents,
        total_cents: sums.totalCents,
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .execute();
  });
  return getEstimate(db, id);
}

/** A decided (or any) estimate copied to a new draft for the same customer and lead; returns the new id. */
export async function copyEstimate(db: DB, id: number, actor: Actor): Promise<number> {
  const estimate = await getEstimate(db, id);
  return createEstimate(db, { customerId: estimate.customerId, leadId: estimate.leadId, source: estimate.source }, actor, estimate);
}
