import { sql } from "kysely";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import type { PaymentMethod } from "~/lib/payment-input";
import { stopBackgroundJobs } from "~/server/background.server";
import { reloadEnv } from "~/server/env.server";
import { DEPOSIT_PAYMENT_NOTE } from "~/server/invoices/deposit-credit.server";
import { createInvoice, getInvoice, saveInvoice } from "~/server/invoices/invoices.server";
import { deletePayment, recordPayment } from "~/server/invoices/payments.server";
import { issueAtTheJob, sendInvoice } from "~/server/invoices/send.server";
import { holdForDeposit } from "~/server/jobs/deposit-holds.server";
import { recordDeposit } from "~/server/jobs/deposit-recording.server";
import { finishJob, startJob } from "~/server/jobs/field-work.server";
import type { DepositPageView } from "~/server/jobs/deposit-records.server";
import { getLead } from "~/server/leads/lead.server";
import type { SessionUser } from "~/server/session.server";
import { saveSettings } from "~/server/settings.server";
import { businessToday } from "~/server/time-zone.server";
import { insertLead } from "../helpers/estimates";
import { insertJob, invoiceForm, paymentForm } from "../helpers/invoices";
import { refusal } from "../helpers/refusal";
import { callRoute, inProcessFetch, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// docs/decisions/0133: a received deposit is credited on its job's invoice as
// a payment, once (payments.job_deposit_id UNIQUE), as the invoice becomes
// sent or at Record Deposit when it was sent before; what the customer gets
// (the e-mail, its PDF, the invoice page) read back through a real SMTP
// server and pdf-parse.
const OWNER = "owner@shine.example";
const ORIGIN = "https://shine.example";
const INSTRUCTIONS = "Zelle to pay@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, APP_URL: ORIGIN, MAIL_FROM: "Shine On Wheels <info@shine.example>" });
const db = () => database.db;

let mailbox: SmtpSink;
let owner: SessionUser;
let cookie: string;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "", paymentInstructions: INSTRUCTIONS }, OWNER);
  cookie = await sessionCookieFor(db(), OWNER, { admin: true });
  const { id } = await db().selectFrom("users").select("id").where("email", "=", OWNER).executeTakeFirstOrThrow();
  owner = { id, email: OWNER, name: "", role: "owner" };
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

let n = 0;
/** A job (no estimate) of a new lead whose booking asked for a deposit of `depositCents`, received by `method` unless `received` is false. */
async function jobWithDeposit(depositCents: number | null, { received = true, method = "Zelle" as PaymentMethod } = {}) {
  const email = `deposit-credit-${++n}-${process.pid}@example.com`;
  const leadId = await insertLead(db(), { email, status: "booked" });
  const jobId = await insertJob(db(), leadId);
  if (depositCents !== null) {
    await holdForDeposit(db(), jobId, depositCents);
    if (received) await recordDeposit(db(), jobId, method, owner, ORIGIN);
  }
  return { email, leadId, jobId };
}

/** A draft invoice of the job at `dollars` (one line). */
async function draftInvoice(jobId: number, dollars: string, another = false) {
  const id = await createInvoice(db(), { jobId, another }, OWNER);
  await saveInvoice(db(), id, invoiceForm([["Full detail", "1", dollars]]));
  return id;
}

const paymentsOf = (invoiceId: number) =>
  db()
    .selectFrom("payments")
    .select(["amount_cents", "method", sql<string>`paid_on::text`.as("paid_on"), "note", "job_deposit_id", "deleted_at"])
    .where("invoice_id", "=", invoiceId)
    .orderBy("id")
    .execute();
const depositOf = (jobId: number) => db().selectFrom("job_deposits").selectAll().where("job_id", "=", jobId).executeTakeFirstOrThrow();
const creditedPayments = (depositId: number) => db().selectFrom("payments").select(["invoice_id", "amount_cents"]).where("job_deposit_id", "=", depositId).execute();
const outboxKinds = async (leadId: number) => (await db().selectFrom("email_outbox").select("kind").where("lead_id", "=", leadId).orderBy("id").execute()).map((r) => r.kind);
const eventBodies = async (invoiceId: number) =>
  (await db().selectFrom("invoice_events").select(["kind", "body"]).where("invoice_id", "=", invoiceId).orderBy("id").execute()).map((e) => `${e.kind}: ${e.body}`);
const pdfOf = async (mail: ReceivedMail) => (await new PDFParse({ data: new Uint8Array(mail.attachments[0]!.content) }).getText()).text;
/** Lets the next Send Invoice through the guard against a double press. */
const sentLongAgo = (invoiceId: number) => db().updateTable("invoices").set({ sent_at: sql`now() - interval '1 hour'` }).where("id", "=", invoiceId).execute();

async function customerPage(token: string) {
  const res = await callRoute(new Request(`${ORIGIN}/invoices/${token}`), routeContext(db(), { clientIp: "203.0.113.70" }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { invoice: { payments: { method: string; amount: string; date: string }[]; due: string; status: string } }).invoice;
}

async function jobPageDeposit(jobId: number) {
  const res = await callRoute(new Request(`http://localhost/admin/jobs/${jobId}`, { headers: { cookie } }), routeContext(db(), { clientIp: "203.0.113.71" }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { deposit: DepositPageView | null }).deposit;
}

describe("Send Invoice of a job whose deposit was received", () => {
  it("credits the deposit as a payment in the same transaction: the e-mail, its PDF and the invoice page show it and the balance without it; once", async () => {
    const { email, leadId, jobId } = await jobWithDeposit(5_000);
    const deposit = await depositOf(jobId);
    expect((await jobPageDeposit(jobId))?.credit).toBeNull();
    const id = await draftInvoice(jobId, "200");
    await sendInvoice(db(), id, OWNER, ORIGIN);

    const invoice = await getInvoice(db(), id);
    expect(invoice).toMatchObject({ status: "partly_paid", totalCents: 20_000, paidCents: 5_000, dueCents: 15_000, paidAt: null });
    expect(await paymentsOf(id)).toEqual([
      { amount_cents: 5_000, method: "Zelle", paid_on: businessToday(deposit.received_at!), note: DEPOSIT_PAYMENT_NOTE, job_deposit_id: deposit.id, deleted_at: null },
    ]);
    expect(invoice.payments[0]).toMatchObject({ fromDeposit: true, recordedBy: OWNER });
    expect(await eventBodies(id)).toEqual([
      "created: ",
      `sent: To ${email}`,
      `payment: Zelle 50.00 on ${businessToday(deposit.received_at!)}: ${DEPOSIT_PAYMENT_NOTE}`,
    ]);

    // One e-mail about the invoice: the invoice, with the deposit among the payments (no separate Payment received).
    const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Invoice #"));
    expect(mail.subject).toBe(`Invoice #${invoice.number} from ${SEED_SETTINGS.businessName}`);
    expect(mail.text).toContain("Already paid: $50.00. Amount due: $150.00.");
    const pdf = await pdfOf(mail);
    for (const text of ["PAYMENTS RECEIVED", "Zelle (deposit)", "$50.00", "Amount Due", "$150.00", "$200.00"]) expect(pdf).toContain(text);
    expect(pdf).not.toContain(DEPOSIT_PAYMENT_NOTE);
    expect(await outboxKinds(leadId)).toEqual(["job_deposit_received", "invoice"]);

    const page = await customerPage(invoice.token);
    expect(page.payments).toEqual([expect.objectContaining({ method: "Zelle (deposit)", amount: "$50.00" })]);
    expect(page.due).toBe("$150.00");
    expect(await jobPageDeposit(jobId)).toMatchObject({ credit: { invoiceId: id, invoiceNumber: invoice.number, amount: "$50.00", partial: false, deleted: false } });

    // A resend (a reminder) credits nothing more; the database refuses a second payment of the deposit outright.
    await sentLongAgo(id);
    await sendInvoice(db(), id, OWNER, ORIGIN);
    expect(await creditedPayments(deposit.id)).toEqual([{ invoice_id: id, amount_cents: 5_000 }]);
    expect((await getInvoice(db(), id)).paidCents).toBe(5_000);
    const twice = await db()
      .insertInto("payments")
      .values({ invoice_id: id, amount_cents: 1, method: "Cash", paid_on: sql<Date>`current_date`, job_deposit_id: deposit.id })
      .execute()
      .then(
        () => null,
        (e: { code?: string }) => e.code,
      );
    expect(twice).toBe("23505");
  });

  it("a deposit larger than the invoice's total credits only what is due, and says what was not: paid in full, the receipt (with the PDF) instead of the invoice e-mail", async () => {
    const { email, leadId, jobId } = await jobWithDeposit(5_000, { method: "Venmo" });
    const deposit = await depositOf(jobId);
    const id = await draftInvoice(jobId, "30");
    await sendInvoice(db(), id, OWNER, ORIGIN);

    const invoice = await getInvoice(db(), id);
    expect(invoice).toMatchObject({ status: "paid", paidCents: 3_000, dueCents: 0 });
    expect(invoice.paidAt).toBeInstanceOf(Date);
    expect(await paymentsOf(id)).toEqual([expect.objectContaining({ amount_cents: 3_000, method: "Venmo", job_deposit_id: deposit.id })]);
    const events = await eventBodies(id);
    expect(events[2]).toBe(`payment: Venmo 30.00 on ${businessToday(deposit.received_at!)}: ${DEPOSIT_PAYMENT_NOTE} ($20.00 of the $50.00 deposit not credited: more than was due)`);
    expect(events[3]).toBe("paid: ");
    expect((await getLead(db(), leadId))?.status).toBe("completed");

    const receipt = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Receipt for invoice"));
    expect(receipt.subject).toBe(`Receipt for invoice #${invoice.number} from ${SEED_SETTINGS.businessName}`);
    expect(receipt.text).toContain("is paid in full");
    expect(receipt.text).toContain("Venmo (deposit)");
    const pdf = await pdfOf(receipt);
    for (const text of ["PAID", "Venmo (deposit)", "$30.00"]) expect(pdf).toContain(text);
    expect(await outboxKinds(leadId)).toEqual(["job_deposit_received", "invoice_receipt"]);
    expect(mailbox.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("Invoice #"))).toEqual([]);
    expect(await jobPageDeposit(jobId)).toMatchObject({ credit: { invoiceId: id, amount: "$30.00", partial: true } });
  });

  it("a deposit of exactly the total pays the invoice in full", async () => {
    const { jobId } = await jobWithDeposit(12_000);
    const id = await draftInvoice(jobId, "120");
    await sendInvoice(db(), id, OWNER, ORIGIN);
    expect(await getInvoice(db(), id)).toMatchObject({ status: "paid", paidCents: 12_000, dueCents: 0 });
    expect((await eventBodies(id)).at(-2)).not.toContain("not credited");
  });

  it("credits nothing without a deposit, for a released one, or one still due", async () => {
    const none = await jobWithDeposit(null);
    const due = await jobWithDeposit(4_000, { received: false });
    const released = await jobWithDeposit(4_000, { received: false });
    await db().updateTable("job_deposits").set({ released_at: sql`now()` }).where("job_id", "=", released.jobId).execute();
    for (const { jobId } of [none, due, released]) {
      const id = await draftInvoice(jobId, "200");
      await sendInvoice(db(), id, OWNER, ORIGIN);
      expect(await paymentsOf(id)).toEqual([]);
      expect(await getInvoice(db(), id)).toMatchObject({ status: "sent", paidCents: 0, dueCents: 20_000 });
    }
    expect(await jobPageDeposit(due.jobId)).toMatchObject({ state: "due", credit: null });
  });

  it("a credited payment the owner deletes stays deleted: not credited again on a resend, nor on another invoice of the job", async () => {
    const { jobId } = await jobWithDeposit(5_000);
    const deposit = await depositOf(jobId);
    const id = await draftInvoice(jobId, "200");
    await sendInvoice(db(), id, OWNER, ORIGIN);
    const [payment] = await db().selectFrom("payments").select("id").where("job_deposit_id", "=", deposit.id).execute();
    await deletePayment(db(), id, payment!.id, OWNER);
    await sentLongAgo(id);
    await sendInvoice(db(), id, OWNER, ORIGIN);
    const other = await draftInvoice(jobId, "80", true);
    await sendInvoice(db(), other, OWNER, ORIGIN);
    expect(await getInvoice(db(), id)).toMatchObject({ status: "sent", paidCents: 0 });
    expect(await getInvoice(db(), other)).toMatchObject({ status: "sent", paidCents: 0 });
    expect((await paymentsOf(id)).map((p) => p.deleted_at !== null)).toEqual([true]);
    expect(await paymentsOf(other)).toEqual([]);
    expect(await jobPageDeposit(jobId)).toMatchObject({ credit: { invoiceId: id, deleted: true } });
  });
});

describe("the trash", () => {
  it("a lead deleted and restored brings back its deposit and the payment credited from it, still linked: a resend credits nothing more", async () => {
    const { leadId, jobId } = await jobWithDeposit(5_000);
    const deposit = await depositOf(jobId);
    const id = await draftInvoice(jobId, "200");
    await sendInvoice(db(), id, OWNER, ORIGIN);
    const fetch = inProcessFetch(db);
    const api = (path: string, method: string) => fetch(path, { method, headers: { cookie } });
    expect((await api(`/api/tables/quote_requests/${leadId}`, "DELETE")).status).toBe(200);
    expect(await creditedPayments(deposit.id)).toEqual([]);
    expect((await api(`/api/tables/quote_requests/${leadId}/restore`, "POST")).status).toBe(200);
    expect(await creditedPayments(deposit.id)).toEqual([{ invoice_id: id, amount_cents: 5_000 }]);
    await sentLongAgo(id);
    await sendInvoice(db(), id, OWNER, ORIGIN);
    expect(await getInvoice(db(), id)).toMatchObject({ status: "partly_paid", paidCents: 5_000 });
  });
});

describe("Record Deposit after the invoice was sent", () => {
  it("credits it at once on that invoice, with the payment's own e-mail beside Deposit received", async () => {
    const { email, leadId, jobId } = await jobWithDeposit(5_000, { received: false });
    const id = await draftInvoice(jobId, "200");
    await sendInvoice(db(), id, OWNER, ORIGIN);
    expect(await paymentsOf(id)).toEqual([]);

    await recordDeposit(db(), jobId, "Cash", owner, ORIGIN);
    const deposit = await depositOf(jobId);
    expect(await paymentsOf(id)).toEqual([expect.objectContaining({ amount_cents: 5_000, method: "Cash", paid_on: businessToday(deposit.received_at!), job_deposit_id: deposit.id })]);
    const invoice = await getInvoice(db(), id);
    expect(invoice).toMatchObject({ status: "partly_paid", paidCents: 5_000, dueCents: 15_000 });
    expect(await outboxKinds(leadId)).toEqual(["invoice", "job_deposit_received", "invoice_payment"]);
    const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Payment received"));
    expect(mail.subject).toBe(`Payment received for invoice #${invoice.number} from ${SEED_SETTINGS.businessName}`);
    expect(mail.text).toContain("Cash (deposit)");
    expect(mail.text).toContain("The balance is $150.00.");
    expect((await customerPage(invoice.token)).due).toBe("$150.00");
  });
});

describe("an invoice handed over at the job", () => {
  it("gets the deposit credited as it is issued; the payment on the spot then pays the rest, its receipt listing the deposit", async () => {
    const { email, jobId } = await jobWithDeposit(5_000);
    const id = await draftInvoice(jobId, "200");
    await issueAtTheJob(db(), id, owner, ORIGIN);
    expect(await getInvoice(db(), id)).toMatchObject({ status: "partly_paid", paidCents: 5_000 });
    await recordPayment(db(), id, paymentForm("150"), owner, ORIGIN);
    const receipt = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Receipt for invoice"));
    expect(receipt.text).toContain("Zelle (deposit)");
    expect(await getInvoice(db(), id)).toMatchObject({ status: "paid", paidCents: 20_000 });
  });
});

describe("Finish Job of a job whose deposit covers its invoice", () => {
  it("refuses a payment on the spot on Amount (nothing is due), and finishes without one", async () => {
    const { jobId } = await jobWithDeposit(5_000);
    const id = await draftInvoice(jobId, "50");
    await startJob(db(), jobId, owner);
    const refused = await refusal(finishJob(db(), jobId, { signOff: "Ada", payment: { amountCents: 5_000, method: "Cash", tipCents: 0 }, key: null }, owner, ORIGIN));
    const { number } = await getInvoice(db(), id);
    expect([refused.status, refused.fields]).toEqual([400, { amount: `Nothing is due on invoice #${number}: it is paid in full. Leave Amount blank.` }]);
    expect(await getInvoice(db(), id)).toMatchObject({ status: "paid", paidCents: 5_000 });
    await finishJob(db(), jobId, { signOff: "Ada", payment: null, key: null }, owner, ORIGIN);
    expect((await db().selectFrom("jobs").select("status").where("id", "=", jobId).executeTakeFirstOrThrow()).status).toBe("done");
  });
});

describe("at once", () => {
  it("several sends and a Record Deposit give exactly one credited payment, whichever commits first", async () => {
    for (let round = 0; round < 4; round++) {
      const { jobId } = await jobWithDeposit(5_000, { received: false });
      const deposit = await depositOf(jobId);
      const id = await draftInvoice(jobId, "200");
      const sends = [1, 2, 3].map(() => sendInvoice(db(), id, OWNER, ORIGIN));
      const record = recordDeposit(db(), jobId, "Zelle", owner, ORIGIN);
      const outcomes = await Promise.allSettled(round % 2 ? [record, ...sends] : [...sends, record]);
      // One send goes through; the others are the double-press guard's 409, never a 500.
      const refused = outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason as { status?: number; message?: string });
      expect(refused.map((e) => [e.status, e.message])).toEqual([
        [409, expect.stringMatching(/sent a moment ago/)],
        [409, expect.stringMatching(/sent a moment ago/)],
      ]);
      expect(await creditedPayments(deposit.id)).toEqual([{ invoice_id: id, amount_cents: 5_000 }]);
      expect(await getInvoice(db(), id)).toMatchObject({ status: "partly_paid", paidCents: 5_000 });
    }
  });

  it("two invoices of one job sent at once: the deposit goes on one of them only", async () => {
    const { jobId } = await jobWithDeposit(5_000);
    const deposit = await depositOf(jobId);
    const a = await draftInvoice(jobId, "200");
    const b = await draftInvoice(jobId, "90", true);
    await Promise.all([sendInvoice(db(), a, OWNER, ORIGIN), sendInvoice(db(), b, OWNER, ORIGIN)]);
    const credited = await creditedPayments(deposit.id);
    expect(credited).toHaveLength(1);
    const [ia, ib] = await Promise.all([getInvoice(db(), a), getInvoice(db(), b)]);
    expect(ia.paidCents + ib.paidCents).toBe(5_000);
  });
});
