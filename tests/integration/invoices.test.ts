import { sql } from "kysely";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { addDays } from "~/lib/time-zone";
import { AppError } from "~/server/app-error.server";
import { stopBackgroundJobs } from "~/server/background.server";
import { reloadEnv } from "~/server/env.server";
import { createEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { createInvoice, getInvoice, hasUnpaidInvoice, invoiceToday, saveInvoice, voidInvoice } from "~/server/invoices/invoices.server";
import { deletePayment, recordPayment } from "~/server/invoices/payments.server";
import { sendInvoice } from "~/server/invoices/send.server";
import { getLead } from "~/server/leads/lead.server";
import { longDate } from "~/lib/time-zone";
import { getBusinessSettings, saveSettings } from "~/server/settings.server";
import { ALPHABETS, alphabetLines, nameLead, pdfText, writtenBy } from "../helpers/alphabets";
import { estimateForm, insertLead } from "../helpers/estimates";
import { insertJob, invoiceForm, paymentForm } from "../helpers/invoices";
import { expectCustomerEmail } from "../helpers/customer-email";
import { callRoute, routeContext } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { refusal } from "../helpers/refusal";

// Issue 22: invoices numbered once, priced at the tax rate of their day,
// sent through the outbox with the PDF; payments that never exceed what is
// due, even ten at once; paid in full, a receipt and a Completed lead.
const OWNER = "owner@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: "https://shine.example" });
const db = () => database.db;
const ADMIN = "admin@shine.example";
const INSTRUCTIONS = "Zelle to pay@shine.example, or a check made out to Shine On Wheels.";

let mailbox: SmtpSink;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "6", paymentInstructions: INSTRUCTIONS }, ADMIN);
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

/** A sent invoice of `lines` for a new lead (customer e-mail `email`). */
async function sentInvoice(lines: [string, string, string][], email?: string) {
  const lead = await insertLead(db(), { email, status: "booked" });
  const id = await createInvoice(db(), await leadOrigin(db(), lead), ADMIN);
  await saveInvoice(db(), id, invoiceForm(lines));
  await sendInvoice(db(), id, ADMIN, "https://shine.example");
  return { lead, id };
}

const livePayments = async (id: number) =>
  db().selectFrom("payments").select(sql<string>`coalesce(sum(amount_cents), 0)::text`.as("sum")).where("invoice_id", "=", id).where("deleted_at", "is", null).executeTakeFirstOrThrow();

describe("invoices", () => {
  it("numbers invoices in their own sequence, never reused, with tokens of 128+ random bits", async () => {
    const lead = await insertLead(db());
    const a = await getInvoice(db(), await createInvoice(db(), await leadOrigin(db(), lead), ADMIN));
    await db().deleteFrom("invoices").where("id", "=", a.id).execute();
    const b = await getInvoice(db(), await createInvoice(db(), await leadOrigin(db(), lead), ADMIN));
    expect(a.number).toBeGreaterThanOrEqual(1001);
    expect(b.number).toBe(a.number + 1);
    expect(b.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b).toMatchObject({ status: "draft", lines: [], totalCents: 0, dueCents: 0, jobId: null });
  });

  it("copies the job's estimate's lines, or starts empty, at the tax rate of the day it is made", async () => {
    const lead = await insertLead(db());
    const estimate = await createEstimate(db(), await leadOrigin(db(), lead), ADMIN);
    await saveEstimate(db(), estimate, estimateForm([["Interior detail", "1", "199"], ["Headlights", "2", "89.50"]]));
    const fromJob = await getInvoice(db(), await createInvoice(db(), { jobId: await insertJob(db(), lead, estimate) }, ADMIN));
    expect(fromJob.lines.map((l) => [l.description, l.quantity, l.unitPriceCents])).toEqual([
      ["Interior detail", 1, 19_900],
      ["Headlights", 2, 8_950],
    ]);
    // $378.00 at 6 % = $22.68.
    expect(fromJob).toMatchObject({ estimateId: estimate, subtotalCents: 37_800, taxCents: 2_268, totalCents: 40_068, taxRateMilliPercent: 6000 });
    const empty = await getInvoice(db(), await createInvoice(db(), { jobId: await insertJob(db(), await insertLead(db())) }, ADMIN));
    expect(empty.lines).toEqual([]);

    // A later change of the setting leaves the invoice at its own rate.
    await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "10", paymentInstructions: INSTRUCTIONS }, ADMIN);
    try {
      await saveInvoice(db(), fromJob.id, invoiceForm([["Interior detail", "1", "100"]]));
      expect(await getInvoice(db(), fromJob.id)).toMatchObject({ taxRateMilliPercent: 6000, subtotalCents: 10_000, taxCents: 600, totalCents: 10_600 });
    } finally {
      await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "6", paymentInstructions: INSTRUCTIONS }, ADMIN);
    }
    expect((await refusal(createInvoice(db(), { jobId: 999_999 }, ADMIN))).status).toBe(404);
  });

  it("refuses bad lines naming each, and saves nothing", async () => {
    const id = await createInvoice(db(), await leadOrigin(db(), await insertLead(db())), ADMIN);
    await saveInvoice(db(), id, invoiceForm([["Wash", "1", "50"]]));
    const error = await refusal(saveInvoice(db(), id, invoiceForm([["", "0", "-5"], ["Wax", "1", "1.999"]])));
    expect(error.fields).toEqual({
      "lines.0.description": "Description on line 1 is required.",
      "lines.0.quantity": "Quantity on line 1 must be a whole number from 1 to 999.",
      "lines.0.unitPrice": expect.stringContaining("Unit Price on line 1 must be an amount"),
      "lines.1.unitPrice": expect.stringContaining("Unit Price on line 2 must be an amount"),
    });
    expect((await getInvoice(db(), id)).lines.map((l) => l.description)).toEqual(["Wash"]);
  });

  it("sends once, with the link, the PDF and the payment instructions; then refuses edits", async () => {
    const { lead, id } = await sentInvoice([["Complete Interior & Exterior Detailing", "1", "249"], ["Headlight Restoration", "2", "89"]], "invoice-me@example.com");
    const invoice = await getInvoice(db(), id);
    expect(invoice).toMatchObject({ status: "sent", dueDate: addDays(invoiceToday(), 14), totalCents: 45_262, dueCents: 45_262 });
    expect((await refusal(sendInvoice(db(), id, ADMIN, "https://shine.example"))).message).toMatch(/sent a moment ago/);

    const mail = await mailbox.waitFor((m) => m.to.includes("invoice-me@example.com"), 30_000);
    expect(mail.subject).toBe(`Invoice #${invoice.number} from ${SEED_SETTINGS.businessName}`);
    expect(mail.text).toContain(`https://shine.example/invoices/${invoice.token}`);
    expect(mail.text).toContain(INSTRUCTIONS);
    expect(mail.replyTo).toBe(OWNER);
    const shown = expectCustomerEmail(mail, `https://shine.example/invoices/${invoice.token}`);
    for (const text of ["Headlight Restoration × 2", "$452.62", INSTRUCTIONS]) expect(shown).toContain(text);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: `invoice-${invoice.number}.pdf`, contentType: "application/pdf" });
    const parsed = await new PDFParse({ data: new Uint8Array(pdf!.content) }).getText();
    expect(parsed.total).toBe(1);
    for (const text of [`Invoice #${invoice.number}`, "Headlight Restoration", "$452.62", "Amount Due", INSTRUCTIONS, invoice.customer.name]) expect(parsed.text).toContain(text);
    expect(mailbox.messages.filter((m) => m.to.includes("invoice-me@example.com"))).toHaveLength(1);
    const outbox = await db().selectFrom("email_outbox").select(["kind", "lead_id"]).where("lead_id", "=", lead).execute();
    expect(outbox).toEqual([{ kind: "invoice", lead_id: lead }]);

    const error = await refusal(saveInvoice(db(), id, invoiceForm([["Cheaper", "1", "1"]])));
    expect(error.status).toBe(409);
    expect(error.message).toBe(`Invoice #${invoice.number} has been sent and can no longer be changed. Void it and create a new invoice instead.`);
    expect((await getInvoice(db(), id)).totalCents).toBe(45_262);
  });

  it("keeps Payment Instructions and Invoice Due (days) in the settings; a sent invoice keeps its due date", async () => {
    const error = await refusal(saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "6", paymentInstructions: INSTRUCTIONS, invoiceDueDays: "400" }, ADMIN));
    expect(error.fields).toEqual({ invoiceDueDays: "Invoice Due (days) must be a whole number from 0 to 365." });
    await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "6", paymentInstructions: INSTRUCTIONS, invoiceDueDays: "30" }, ADMIN);
    try {
      expect(await getBusinessSettings(db())).toMatchObject({ paymentInstructions: INSTRUCTIONS, invoiceDueDays: "30" });
      const { id } = await sentInvoice([["Wash", "1", "40"]]);
      expect((await getInvoice(db(), id)).dueDate).toBe(addDays(invoiceToday(), 30));
    } finally {
      await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "6", paymentInstructions: INSTRUCTIONS }, ADMIN);
    }
    expect((await getBusinessSettings(db())).invoiceDueDays).toBe("14");
  });

  it("refuses to send an invoice without lines or with nothing to pay", async () => {
    const id = await createInvoice(db(), await leadOrigin(db(), await insertLead(db())), ADMIN);
    expect((await refusal(sendInvoice(db(), id, ADMIN, undefined))).fields).toEqual({ lines: "Add at least one line before sending the invoice." });
    await saveInvoice(db(), id, invoiceForm([["Free check", "1", "0"]]));
    expect((await refusal(sendInvoice(db(), id, ADMIN, undefined))).status).toBe(400);
    expect((await getInvoice(db(), id)).status).toBe("draft");
  });
});

describe("payments", () => {
  it("refuses bad payments with a clear message naming the field, and stores nothing", async () => {
    const { id } = await sentInvoice([["Wash", "1", "100"]]);
    const tomorrow = addDays(invoiceToday(), 1);
    const cases: [ReturnType<typeof paymentForm>, Record<string, string>][] = [
      [paymentForm("-5"), { amount: "Amount must be more than $0.00." }],
      [paymentForm("0"), { amount: "Amount must be more than $0.00." }],
      [paymentForm("0.00"), { amount: "Amount must be more than $0.00." }],
      [paymentForm("10.001"), { amount: "Amount can have at most two decimals (cents)." }],
      [paymentForm("ten"), { amount: "Amount must be an amount of dollars, like 125 or 125.50." }],
      [paymentForm(""), { amount: "Amount is required." }],
      [paymentForm("10", { date: tomorrow }), { date: "Date cannot be in the future." }],
      [paymentForm("10", { date: "2026-02-30" }), { date: "Date must be a date, like 2026-12-31." }],
      [paymentForm("10", { method: "Bitcoin" }), { method: "Method must be one of Cash, Card, Check, Venmo, Zelle, Other." }],
      [paymentForm("106.01"), { amount: "Amount cannot be more than the amount due, $106.00." }],
    ];
    for (const [form, fields] of cases) {
      const error = await refusal(recordPayment(db(), id, form, ADMIN, undefined));
      expect(error.status, JSON.stringify(form)).toBe(400);
      expect(error.fields, JSON.stringify(form)).toEqual(fields);
    }
    expect(await livePayments(id)).toEqual({ sum: "0" });
    expect(await getInvoice(db(), id)).toMatchObject({ status: "sent", paidCents: 0, dueCents: 10_600 });
  });

  it("refuses payments on a draft or a void invoice", async () => {
    const draft = await createInvoice(db(), await leadOrigin(db(), await insertLead(db())), ADMIN);
    await saveInvoice(db(), draft, invoiceForm([["Wash", "1", "100"]]));
    expect((await refusal(recordPayment(db(), draft, paymentForm("10"), ADMIN, undefined))).message).toMatch(/has not been sent yet/);
    await voidInvoice(db(), draft, ADMIN);
    expect((await refusal(recordPayment(db(), draft, paymentForm("10"), ADMIN, undefined))).message).toMatch(/is void/);
  });

  it("takes several payments, each e-mailed to the customer with the balance; paid in full it is Paid, the receipt goes out and the lead is Completed", async () => {
    const { lead, id } = await sentInvoice([["Ceramic coating", "1", "500"]], "pay-me@example.com");
    const number = (await getInvoice(db(), id)).number;
    const link = `https://shine.example/invoices/${(await getInvoice(db(), id)).token}`;
    // A deposit a month ago (a date over a year back would be asked about first).
    const depositDay = addDays(invoiceToday(), -30);
    expect(await recordPayment(db(), id, paymentForm("200", { method: "Zelle", note: "deposit", date: depositDay }), ADMIN, "https://shine.example")).toEqual({ paidInFull: false });
    expect(await getInvoice(db(), id)).toMatchObject({ status: "partly_paid", paidCents: 20_000, dueCents: 33_000 });
    expect(await hasUnpaidInvoice(db(), lead)).toBe(true);
    expect((await getLead(db(), lead)).status).toBe("booked");
    const part = await mailbox.waitFor((m) => m.to.includes("pay-me@example.com") && m.subject.startsWith("Payment received"), 30_000);
    expect(part.subject).toBe(`Payment received for invoice #${number} from ${SEED_SETTINGS.businessName}`);
    expect(part.text).toContain("We received your payment of $200.00 on invoice");
    expect(part.text).toContain("The balance is $330.00.");
    expect(expectCustomerEmail(part, link)).toMatch(/Balance \$330\.00/);

    expect(await recordPayment(db(), id, paymentForm("$330.00", { method: "Card", date: invoiceToday() }), ADMIN, "https://shine.example")).toEqual({ paidInFull: true });
    const paid = await getInvoice(db(), id);
    expect(paid).toMatchObject({ status: "paid", paidCents: 53_000, dueCents: 0 });
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect((await getLead(db(), lead)).status).toBe("completed");
    expect(await hasUnpaidInvoice(db(), lead)).toBe(false);

    const receipt = await mailbox.waitFor((m) => m.to.includes("pay-me@example.com") && m.subject.startsWith("Receipt for invoice"), 30_000);
    expect(receipt.subject).toBe(`Receipt for invoice #${number} from ${SEED_SETTINGS.businessName}`);
    expect(receipt.text).toMatch(new RegExp(`${longDate(depositDay)} · Zelle: +\\$200\\.00`));
    expect(receipt.text).toMatch(/ · Card: +\$330\.00/);
    expect(receipt.text).toContain(link);
    expect(expectCustomerEmail(receipt, link)).toContain("paid in full");
    // One e-mail per payment, queued with the lead.
    const kinds = await db().selectFrom("email_outbox").select("kind").where("lead_id", "=", lead).orderBy("id").execute();
    expect(kinds.map((k) => k.kind)).toEqual(["invoice", "invoice_payment", "invoice_receipt"]);
    expect(mailbox.messages.filter((m) => m.to.includes("pay-me@example.com"))).toHaveLength(3);

    // Nothing more can be paid, and a paid invoice cannot be voided.
    expect((await refusal(recordPayment(db(), id, paymentForm("1"), ADMIN, undefined))).message).toMatch(/paid in full/);
    const voidError = await refusal(voidInvoice(db(), id, ADMIN));
    expect(voidError.status).toBe(409);
    expect(voidError.message).toBe(`Invoice #${number} has been paid and cannot be voided.`);
    expect((await getInvoice(db(), id)).status).toBe("paid");
  });

  it("never shows the owner's payment note to the customer: not in an e-mail, not on the invoice's page, not in its PDF", async () => {
    const customer = "private-note@example.com";
    const { id } = await sentInvoice([["Full detail", "1", "300"]], customer);
    const notes = ["Zelle conf #A1B2", "check #77 from the glovebox"];
    await recordPayment(db(), id, paymentForm("100", { method: "Zelle", note: notes[0] }), ADMIN, "https://shine.example");
    await recordPayment(db(), id, paymentForm("218", { method: "Check", note: notes[1] }), ADMIN, "https://shine.example");
    const invoice = await getInvoice(db(), id);
    expect(invoice.status).toBe("paid");
    expect(invoice.payments.map((p) => p.note)).toEqual(notes);

    await expect.poll(() => mailbox.messages.filter((m) => m.to.includes(customer)).length, { timeout: 30_000 }).toBe(3);
    const mails = mailbox.messages.filter((m) => m.to.includes(customer));
    expect(mails.map((m) => m.subject.replace(/ #\d+ from .*/, "")).sort()).toEqual(["Invoice", "Payment received for invoice", "Receipt for invoice"]);
    const page = await callRoute(new Request(`http://localhost/invoices/${invoice.token}`), routeContext(db(), { clientIp: "198.51.100.77" }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("$100.00");
    const pdfAnswer = await callRoute(new Request(`http://localhost/invoices/${invoice.token}/pdf`), routeContext(db(), { clientIp: "198.51.100.77" }));
    expect(pdfAnswer.status).toBe(200);
    const pdf = (await new PDFParse({ data: new Uint8Array(await pdfAnswer.arrayBuffer()) }).getText()).text;
    expect(pdf).toContain("PAYMENTS RECEIVED");
    expect(pdf).toContain("$218.00");
    for (const note of notes) {
      for (const mail of mails) {
        expect(mail.text, mail.subject).not.toContain(note);
        expect(mail.html, mail.subject).not.toContain(note);
      }
      expect(html).not.toContain(note);
      expect(pdf).not.toContain(note);
    }
  });

  it("deletes a wrong payment: kept in the history, no longer counted", async () => {
    const { id } = await sentInvoice([["Wash", "1", "100"]]);
    await recordPayment(db(), id, paymentForm("106"), ADMIN, undefined);
    const [payment] = (await getInvoice(db(), id)).payments;
    await deletePayment(db(), id, payment!.id, ADMIN);
    const after = await getInvoice(db(), id);
    expect(after).toMatchObject({ status: "sent", paidCents: 0, dueCents: 10_600, paidAt: null });
    expect(after.payments).toEqual([expect.objectContaining({ id: payment!.id, amountCents: 10_600, deletedBy: ADMIN, deletedAt: expect.any(Date) })]);
    expect((await refusal(deletePayment(db(), id, payment!.id, ADMIN))).status).toBe(404);
    const events = await db().selectFrom("invoice_events").select("kind").where("invoice_id", "=", id).orderBy("id").execute();
    expect(events.map((e) => e.kind)).toEqual(["created", "sent", "payment", "paid", "payment_deleted"]);
  });

  it("ten payments at once that together exceed the balance never take it below zero", async () => {
    // $100.00 + 6 % = $106.00 due; ten of $15.00 = $150.00: seven fit ($105.00), three do not.
    const { id } = await sentInvoice([["Wash", "1", "100"]]);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => recordPayment(db(), id, paymentForm("15", { method: "Card", note: `try ${i}` }), `staff${i}@shine.example`, undefined)),
    );
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(7);
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).fields).toEqual({ amount: "Amount cannot be more than the amount due, $1.00." });
    }
    const invoice = await getInvoice(db(), id);
    expect(invoice).toMatchObject({ status: "partly_paid", paidCents: 10_500, dueCents: 100 });
    expect(await livePayments(id)).toEqual({ sum: "10500" });

    // And ten that each would pay it all: one does.
    const other = await sentInvoice([["Wax", "1", "50"]]);
    const all = await Promise.allSettled(Array.from({ length: 10 }, () => recordPayment(db(), other.id, paymentForm("53"), ADMIN, undefined)));
    expect(all.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await getInvoice(db(), other.id)).toMatchObject({ status: "paid", paidCents: 5_300, dueCents: 0 });
    expect(await livePayments(other.id)).toEqual({ sum: "5300" });
  });

  it("the database itself refuses a paid amount above the total", async () => {
    const { id } = await sentInvoice([["Wash", "1", "10"]]);
    await expect(db().updateTable("invoices").set({ paid_cents: 1_061 }).where("id", "=", id).execute()).rejects.toThrow(/invoices_paid_check/);
    await expect(db().insertInto("payments").values({ invoice_id: id, amount_cents: 0, method: "Cash", paid_on: sql<Date>`current_date` }).execute()).rejects.toThrow(/amount_cents/);
  });
});

describe("void", () => {
  it("voids a sent invoice, keeping its number; refuses one with payments until they are deleted", async () => {
    const { lead, id } = await sentInvoice([["Wash", "1", "100"]]);
    await recordPayment(db(), id, paymentForm("10"), ADMIN, undefined);
    expect((await refusal(voidInvoice(db(), id, ADMIN))).message).toMatch(/has payments recorded/);
    await deletePayment(db(), id, (await getInvoice(db(), id)).payments[0]!.id, ADMIN);
    const number = (await getInvoice(db(), id)).number;
    await voidInvoice(db(), id, ADMIN);
    expect(await getInvoice(db(), id)).toMatchObject({ status: "void", number, dueCents: 0, voidedAt: expect.any(Date) });
    expect(await hasUnpaidInvoice(db(), lead)).toBe(false);
    expect((await refusal(voidInvoice(db(), id, ADMIN))).message).toMatch(/already void/);
    expect((await refusal(sendInvoice(db(), id, ADMIN, undefined))).message).toMatch(/void/);
    expect((await refusal(saveInvoice(db(), id, invoiceForm([["Wash", "1", "1"]])))).status).toBe(409);
  });
});

// Issue 33: the invoice's PDF shares the estimate's maker and its fonts: the
// one e-mailed reads back with the customer's name and words exactly, in
// every alphabet here.
describe("names in every alphabet", () => {
  it.each(ALPHABETS)("e-mails a PDF with a customer's $language name, vehicle, lines and message that read back exactly", async (customer) => {
    const email = `${customer.language.toLowerCase()}-invoice@example.com`;
    const lead = await insertLead(db(), { email });
    await nameLead(db(), lead, customer);
    const id = await createInvoice(db(), await leadOrigin(db(), lead), ADMIN);
    await saveInvoice(db(), id, invoiceForm(alphabetLines(customer), customer.message));
    await sendInvoice(db(), id, ADMIN, "https://shine.example");
    const mail = await mailbox.waitFor((m) => m.to.includes(email), 30_000);
    const text = await pdfText(mail.attachments[0]!.content);
    for (const written of [...writtenBy(customer), INSTRUCTIONS]) expect(text).toContain(written);
    expect(text).toContain("$1,163.88"); // $199 + $899, and 6 % tax
  });
});
