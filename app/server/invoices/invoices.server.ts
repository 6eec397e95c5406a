import { actorColumns, shownActor, type Actor } from "../actor.server";
import { sql } from "kysely";
import { z } from "zod";
import { UNPAID_STATUSES, type InvoiceStatus } from "~/lib/invoice-status";
import { parseTaxRate, totals } from "~/lib/money";
import type { PaymentMethod } from "~/lib/payment-input";
import { messageSchema, parseDocumentForm, type DocumentLine, type LineForm } from "~/lib/priced-lines";
import { AppError, notFound } from "../app-error.server";
import type { WorkOrigin } from "../customers/work-origin.server";
import type { DB } from "../db.server";
import { documentById, documentFields, documentId, insertLines, sentByToken, type DocumentKey, newDocumentToken, type PricedDocument, readLines, replaceLines } from "../priced-documents/documents.server";
import { businessToday } from "../time-zone.server";
import { taxRateMilliPercent } from "../settings.server";

/**
 * Invoices (docs/decisions/0088): a priced document (../priced-documents/,
 * docs/decisions/0116) with a due date and payments, made from a job (its
 * estimate's lines) or a lead, edited whole while a draft (lines and totals in one transaction, or
 * nothing), priced in whole cents at the Tax Rate (%) of the day it was
 * made. Sending is in ./send.server.ts, payments in ./payments.server.ts.
 */

export const INVOICE_INVALID_MESSAGE = "Please correct the highlighted fields and try again.";

export type InvoiceLine = DocumentLine;

export interface Payment {
  id: number;
  amountCents: number;
  method: PaymentMethod;
  /** YYYY-MM-DD. */
  paidOn: string;
  note: string;
  recordedBy: string;
  createdAt: Date;
  deletedAt: Date | null;
  deletedBy: string | null;
  /** Credited from the job's deposit (docs/decisions/0133): the customer sees it called so. */
  fromDeposit: boolean;
}

export interface Invoice extends PricedDocument {
  jobId: number | null;
  estimateId: number | null;
  status: InvoiceStatus;
  paidCents: number;
  /** What is still owed: nothing for a draft or a void one. */
  dueCents: number;
  /** YYYY-MM-DD, set when sent. */
  dueDate: string | null;
  paidAt: Date | null;
  voidedAt: Date | null;
  /** Every payment, a deleted one too (it stays in the history), oldest first. */
  payments: Payment[];
}

/** An id from the URL: a positive whole number, or a 404. */
export const invoiceId = (raw: string | undefined) => documentId(raw, "Invoice not found");

/** What is owed on an invoice with these figures. */
export const amountDue = (status: InvoiceStatus, totalCents: number, paidCents: number) =>
  status === "draft" || status === "void" ? 0 : Math.max(0, totalCents - paidCents);

async function loadInvoice(db: DB, where: DocumentKey): Promise<Invoice | undefined> {
  const row = await db
    .selectFrom("invoices as i")
    .innerJoin("customers as c", "c.id", "i.customer_id")
    .leftJoin("quote_requests as q", "q.id", "i.lead_id")
    .select([
      "i.id",
      "i.number",
      "i.token",
      "i.customer_id",
      "i.lead_id",
      "i.job_id",
      "i.estimate_id",
      "i.status",
      "i.message",
      "i.subtotal_cents",
      "i.tax_cents",
      "i.total_cents",
      "i.paid_cents",
      "i.sent_at",
      "i.paid_at",
      "i.voided_at",
      "i.created_at",
      "c.name",
      "c.email",
      "c.phone",
      "q.vehicle_type",
      sql<string | null>`i.due_date::text`.as("due_date"),
      sql<string>`i.tax_rate::text`.as("tax_rate"),
    ])
    .$if("id" in where, (qb) => qb.where("i.id", "=", (where as { id: number }).id))
    .$if("token" in where, (qb) => qb.where("i.token", "=", (where as { token: string }).token))
    .executeTakeFirst();
  if (!row) return undefined;
  const [lines, payments] = await Promise.all([
    readLines(db, "invoice", row.id),
    db
      .selectFrom("payments")
      .select(["id", "amount_cents", "method", "note", shownActor("payments", "recorded_by").as("recorded_by"), "created_at", "deleted_at", shownActor("payments", "deleted_by").$castTo<string | null>().as("deleted_by"), sql<string>`paid_on::text`.as("paid_on"), sql<boolean>`job_deposit_id IS NOT NULL`.as("from_deposit")])
      .where("invoice_id", "=", row.id)
      .orderBy("paid_on")
      .orderBy("id")
      .execute(),
  ]);
  const status = row.status as InvoiceStatus;
  const fields = documentFields(row, lines);
  const paidCents = Number(row.paid_cents);
  return {
    ...fields,
    jobId: row.job_id,
    estimateId: row.estimate_id,
    status,
    paidCents,
    dueCents: amountDue(status, fields.totalCents, paidCents),
    dueDate: row.due_date,
    paidAt: row.paid_at,
    voidedAt: row.voided_at,
    payments: payments.map((p) => ({
      id: p.id,
      amountCents: Number(p.amount_cents),
      method: p.method as PaymentMethod,
      paidOn: p.paid_on,
      note: p.note,
      recordedBy: p.recorded_by,
      createdAt: p.created_at,
      deletedAt: p.deleted_at,
      deletedBy: p.deleted_by,
      fromDeposit: p.from_deposit,
    })),
  };
}

export const getInvoice = (db: DB, id: number): Promise<Invoice> => documentById((key) => loadInvoice(db, key), id, "Invoice not found");

/** The customer's view: only a sent one (a draft's link has not been given to anyone), else undefined (a 404). */
export const getInvoiceByToken = (db: DB, token: string): Promise<Invoice | undefined> => sentByToken((key) => loadInvoice(db, key), token, (found) => found.status === "draft");

/**
 * A new draft: for a job, with its estimate's lines (the job's own estimate,
 * else its lead's accepted one), or for a customer (from a lead or not), empty. At today's Tax Rate (%),
 * fixed from then on. Returns its id.
 *
 * One invoice per job unless the owner confirms `Create Another Invoice`
 * (`another`): without it, a job that has an invoice (void ones aside) gets
 * that invoice's id back (its newest), nothing made. The job's row lock makes
 * two presses at once wait for each other, so the second finds the first's.
 */
export async function createInvoice(
  db: DB,
  from: { jobId: number; another?: boolean } | Pick<WorkOrigin, "customerId" | "leadId">,
  actor: Actor,
): Promise<number> {
  let customerId: number;
  let leadId: number | null;
  let jobId: number | null = null;
  let estimateId: number | null = null;
  if ("jobId" in from) {
    const job = await db.selectFrom("jobs").select(["id", "customer_id", "lead_id", "estimate_id"]).where("id", "=", from.jobId).executeTakeFirst();
    if (!job) throw notFound("Job not found");
    customerId = job.customer_id;
    leadId = job.lead_id;
    jobId = job.id;
    estimateId =
      job.estimate_id ??
      (leadId === null
        ? undefined
        : (await db.selectFrom("estimates").select("id").where("lead_id", "=", leadId).where("status", "=", "accepted").orderBy("id", "desc").executeTakeFirst())?.id) ??
      null;
  } else {
    ({ customerId, leadId } = from);
  }
  const lines: InvoiceLine[] = estimateId ? await readLines(db, "estimate", estimateId) : [];
  const rate = await taxRateMilliPercent(db);
  const sums = totals(lines, rate);
  return db.transaction().execute(async (trx) => {
    if (jobId !== null && !("another" in from && from.another)) {
      await trx.selectFrom("jobs").select("id").where("id", "=", jobId).forUpdate().execute();
      const existing = await trx.selectFrom("invoices").select("id").where("job_id", "=", jobId).where("status", "<>", "void").orderBy("id", "desc").executeTakeFirst();
      if (existing) return existing.id;
    }
    const row = await trx
      .insertInto("invoices")
      .values({
        token: newDocumentToken(),
        customer_id: customerId,
        lead_id: leadId,
        job_id: jobId,
        estimate_id: estimateId,
        tax_rate: rate / 1000,
        subtotal_cents: sums.subtotalCents,
        tax_cents: sums.taxCents,
        total_cents: sums.totalCents,
      })
      .returning(["id", "number"])
      .executeTakeFirstOrThrow();
    await insertLines(trx, "invoice", row.id, lines);
    const estimate = estimateId ? (await trx.selectFrom("estimates").select("number").where("id", "=", estimateId).executeTakeFirst())?.number : undefined;
    const body = estimate ? `From estimate #${estimate}` : "";
    await trx.insertInto("invoice_events").values({ invoice_id: row.id, kind: "created", body, ...actorColumns(actor) }).execute();
    return row.id;
  });
}

/** Refused: once sent, an invoice stays as the customer got it (void it and make a new one instead). */
export const notDraftError = (number: number) =>
  new AppError(409, `Invoice #${number} has been sent and can no longer be changed. Void it and create a new invoice instead.`);

export interface InvoiceForm extends LineForm {
  message: string;
}

/** An invoice's own field in its editor: the lines are the priced document's. */
const INVOICE_FIELDS = z.object({ message: messageSchema });

/**
 * Saves the editor's form whole: checked first (each refusal names its
 * field, AppError 400 with `fields`), then the lines replaced and the totals
 * stored in one transaction, at the invoice's own tax rate. Only a draft.
 */
export async function saveInvoice(db: DB, id: number, form: InvoiceForm): Promise<void> {
  const parsed = parseDocumentForm("An invoice", INVOICE_FIELDS, form);
  if (!parsed.ok) throw new AppError(400, INVOICE_INVALID_MESSAGE, { fields: parsed.errors });
  const { lines, message } = parsed.input;
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("invoices")
      .select(["number", "status", sql<string>`tax_rate::text`.as("tax_rate")])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound("Invoice not found");
    if (current.status !== "draft") throw notDraftError(current.number);
    // The plan discount it has (docs/decisions/0155) is not an input: kept as it is, after the lines as posted.
    const kept = (await readLines(trx, "invoice", id)).filter((l) => l.planDiscount);
    const all = [...lines, ...kept];
    if (kept.length && totals(all, 0).subtotalCents < 0) {
      throw new AppError(400, INVOICE_INVALID_MESSAGE, { fields: { lines: `The lines come to less than the ${kept[0]!.description}.` } });
    }
    const sums = await replaceLines(trx, "invoice", id, all, parseTaxRate(current.tax_rate) ?? 0);
    await trx
      .updateTable("invoices")
      .set({ message, subtotal_cents: sums.subtotalCents, tax_cents: sums.taxCents, total_cents: sums.totalCents, updated_at: sql`now()` })
      .where("id", "=", id)
      .execute();
  });
}

/**
 * Void: the invoice keeps its number and is shown struck through; nothing is
 * owed on it. Refused once money has come in (a paid one, or one with
 * payments: delete a wrong payment first).
 */
export async function voidInvoice(db: DB, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("invoices").select(["number", "status", "paid_cents"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!current) throw notFound("Invoice not found");
    if (current.status === "void") throw new AppError(409, `Invoice #${current.number} is already void.`);
    if (current.status === "paid") throw new AppError(409, `Invoice #${current.number} has been paid and cannot be voided.`);
    if (Number(current.paid_cents) > 0) {
      throw new AppError(409, `Invoice #${current.number} has payments recorded; delete them first if they were wrong, then void it.`);
    }
    await trx.updateTable("invoices").set({ status: "void", voided_at: sql`now()`, updated_at: sql`now()` }).where("id", "=", id).execute();
    await trx.insertInto("invoice_events").values({ invoice_id: id, kind: "voided", body: "", ...actorColumns(actor) }).execute();
  });
}

/**
 * For the jobs' Mark Done (another module): whether the lead has an invoice
 * that is neither paid nor void (a draft counts: it is still to be sent).
 */
export async function hasUnpaidInvoice(db: DB, leadId: number): Promise<boolean> {
  const row = await db
    .selectFrom("invoices")
    .select("id")
    .where("lead_id", "=", leadId)
    .where("status", "in", [...UNPAID_STATUSES])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Today, YYYY-MM-DD, in the business's time zone (a payment's Date may not be later). */
export const invoiceToday = (now = new Date()) => businessToday(now);

/** The settings invoices use: how to pay, and how many days after sending an invoice is due. */
export async function invoiceSettings(db: DB): Promise<{ paymentInstructions: string; dueDays: number }> {
  const row = await db.selectFrom("site_settings").select(["payment_instructions", "invoice_due_days"]).where("id", "=", 1).executeTakeFirst();
  return { paymentInstructions: row?.payment_instructions ?? "", dueDays: row?.invoice_due_days ?? 14 };
}

/**
 * A draft invoice with the given lines, made by the system in the caller's
 * transaction at today's Tax Rate (%): a plan's per-visit invoice at Mark
 * Done (`jobId`), or its monthly statement (`customerPlanId` and
 * `statementMonth`, YYYY-MM-01, unique per plan and month in the database).
 * Returns its id and number.
 */
export async function insertInvoice(
  trx: DB,
  doc: { customerId: number; jobId?: number | null; customerPlanId?: number | null; statementMonth?: string | null; lines: InvoiceLine[]; body: string },
  actor: Actor,
): Promise<{ id: number; number: number }> {
  const rate = await taxRateMilliPercent(trx);
  const sums = totals(doc.lines, rate);
  const row = await trx
    .insertInto("invoices")
    .values({
      token: newDocumentToken(),
      customer_id: doc.customerId,
      lead_id: null,
      job_id: doc.jobId ?? null,
      estimate_id: null,
      customer_plan_id: doc.customerPlanId ?? null,
      statement_month: doc.statementMonth ?? null,
      tax_rate: rate / 1000,
      subtotal_cents: sums.subtotalCents,
      tax_cents: sums.taxCents,
      total_cents: sums.totalCents,
    })
    .returning(["id", "number"])
    .executeTakeFirstOrThrow();
  await insertLines(trx, "invoice", row.id, doc.lines);
  await trx.insertInto("invoice_events").values({ invoice_id: row.id, kind: "created", body: doc.body, ...actorColumns(actor) }).execute();
  return { id: row.id, number: Number(row.number) };
}
