import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { parseCsv } from "~/lib/csv";
import { addDays } from "~/lib/time-zone";
import { createEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { NOT_FOUND_MESSAGE } from "~/server/invoices/customer-page.server";
import { EXPORT_HEADER, invoicesCsv } from "~/server/invoices/invoice-export.server";
import { getInvoice, invoiceToday } from "~/server/invoices/invoices.server";
import { saveSettings } from "~/server/settings.server";
import { estimateForm, insertLead } from "../helpers/estimates";
import { insertJob } from "../helpers/invoices";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// The invoice's pages through the app's own routes: Create Invoice from a job
// or a lead, the editor's intents and the payment form (plain form posts, as
// without JavaScript), the customer's page and PDF, the list and the export.
const OWNER = "owner@shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, SMTP_URL: undefined });
const db = () => database.db;
let admin: string;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `198.51.100.${++ip}` });
const INSTRUCTIONS = "Venmo @shine-on-wheels";

beforeAll(async () => {
  admin = await sessionCookieFor(db(), OWNER, { admin: true });
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "6.25", paymentInstructions: INSTRUCTIONS }, OWNER);
});

function post(path: string, fields: [string, string][], cookie = admin, ctx = context()) {
  const body = new URLSearchParams(fields);
  return callRoute(new Request(`http://localhost${path}`, { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }), ctx);
}
const get = (path: string, headers: Record<string, string> = {}, ctx = context()) => callRoute(new Request(`http://localhost${path}`, { headers }), ctx);

async function created(fields: [string, string][]): Promise<number> {
  const res = await post("/admin/invoices/new", fields);
  expect(res.status).toBe(303);
  const id = Number(/^\/admin\/invoices\/(\d+)$/.exec(res.headers.get("location") ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

const lineFields = (lines: [string, string, string][], extra: [string, string][] = []): [string, string][] => [
  ...lines.flatMap(([d, q, p]): [string, string][] => [["description", d], ["quantity", q], ["unitPrice", p], ["serviceId", ""]]),
  ["message", "Thanks!"],
  ...extra,
];

async function sentInvoice() {
  const id = await created([["lead_id", String(await insertLead(db(), { status: "booked" }))]]);
  const sent = await post(`/admin/invoices/${id}`, lineFields([["Ceramic coating", "1", "899.00"]], [["intent", "send"]]));
  expect(sent.status).toBe(303);
  expect(sent.headers.get("location")).toBe(`/admin/invoices/${id}?done=sent`);
  return getInvoice(db(), id);
}

describe("Create Invoice and the editor", () => {
  it("creates from a job with its estimate's lines, and from a lead empty; refuses anything else", async () => {
    const lead = await insertLead(db());
    const estimate = await createEstimate(db(), await leadOrigin(db(), lead), OWNER);
    await saveEstimate(db(), estimate, estimateForm([["Interior detail", "2", "150"]]));
    const fromJob = await getInvoice(db(), await created([["job_id", String(await insertJob(db(), lead, estimate))]]));
    expect(fromJob.lines).toEqual([{ description: "Interior detail", quantity: 2, unitPriceCents: 15_000, serviceId: null }]);
    expect(fromJob.jobId).not.toBeNull();
    expect((await getInvoice(db(), await created([["lead_id", String(lead)]]))).lines).toEqual([]);
    expect((await post("/admin/invoices/new", [["job_id", "abc"]])).status).toBe(400);
    expect((await post("/admin/invoices/new", [["lead_id", "999999"]])).status).toBe(404);
    expect((await get("/admin/invoices/new", { cookie: admin })).status).toBe(302);
  });

  it("adds lines without storing, refuses bad ones naming them, saves with a redirect, and refuses edits once sent", async () => {
    const id = await created([["lead_id", String(await insertLead(db()))]]);
    const added = await post(`/admin/invoices/${id}`, lineFields([["Wash", "2", "10.00"]], [["intent", "add"], ["addService", ""]]));
    expect(added.status).toBe(200);
    expect(((await added.json()) as { values: { lines: unknown[] } }).values.lines).toHaveLength(2);
    expect((await getInvoice(db(), id)).lines).toHaveLength(0);

    const refused = await post(`/admin/invoices/${id}`, lineFields([["Wash", "2", "-1"]], [["intent", "save"]]));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields["lines.0.unitPrice"]).toMatch(/^Unit Price on line 1/);

    const saved = await post(`/admin/invoices/${id}`, lineFields([["Wash", "2", "10.00"]], [["intent", "save"]]));
    expect(saved.headers.get("location")).toBe(`/admin/invoices/${id}?done=saved`);
    // 2 × $10.00 = $20.00; 6.25 % = $1.25.
    expect(await getInvoice(db(), id)).toMatchObject({ subtotalCents: 2000, taxCents: 125, totalCents: 2125 });
    expect((await post(`/admin/invoices/${id}`, lineFields([["Wash", "2", "10.00"]], [["intent", "send"]]))).status).toBe(303);
    const edit = await post(`/admin/invoices/${id}`, lineFields([["Wash", "1", "1.00"]], [["intent", "save"]]));
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as { error: string }).error).toMatch(/has been sent and can no longer be changed/);
    expect((await getInvoice(db(), id)).totalCents).toBe(2125);
  });

  it("refuses a signed-out visitor", async () => {
    const id = await created([["lead_id", String(await insertLead(db()))]]);
    expect((await get(`/admin/invoices/${id}`)).status).toBe(302);
    expect((await get("/admin/invoices/export")).status).toBe(302);
    expect((await post("/admin/invoices/new", [["lead_id", "1"]], "")).status).toBe(302);
  });
});

describe("the payment form", () => {
  it("records, refuses with the field named and what was typed kept, deletes, and voids", async () => {
    const invoice = await sentInvoice();
    const pay = (amount: string, date = invoiceToday(), method = "Check") =>
      post(`/admin/invoices/${invoice.id}`, [["intent", "record-payment"], ["amount", amount], ["method", method], ["date", date], ["note", "check #1042"]]);
    for (const [amount, date, field, message] of [
      ["-10", invoiceToday(), "amount", "Amount must be more than $0.00."],
      ["12.345", invoiceToday(), "amount", "Amount can have at most two decimals (cents)."],
      ["10", addDays(invoiceToday(), 1), "date", "Date cannot be in the future."],
      ["2000", invoiceToday(), "amount", "Amount cannot be more than the amount due, $955.19."],
    ] as const) {
      const res = await pay(amount, date);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string>; payment: { amount: string; note: string } };
      expect(body.fields).toEqual({ [field]: message });
      expect(body.payment).toMatchObject({ amount, note: "check #1042" });
    }
    expect((await getInvoice(db(), invoice.id)).payments).toEqual([]);

    expect((await pay("455.19")).headers.get("location")).toBe(`/admin/invoices/${invoice.id}?done=payment`);
    const partly = await getInvoice(db(), invoice.id);
    expect(partly).toMatchObject({ status: "partly_paid", dueCents: 50_000 });
    const voidRefused = await post(`/admin/invoices/${invoice.id}`, [["intent", "void"]]);
    expect(voidRefused.status).toBe(409);

    expect((await post(`/admin/invoices/${invoice.id}`, [["intent", "delete-payment"], ["paymentId", String(partly.payments[0]!.id)]])).headers.get("location")).toBe(
      `/admin/invoices/${invoice.id}?done=deleted`,
    );
    expect((await post(`/admin/invoices/${invoice.id}`, [["intent", "delete-payment"], ["paymentId", String(partly.payments[0]!.id)]])).status).toBe(404);
    expect((await pay("955.19", invoiceToday(), "Zelle")).headers.get("location")).toBe(`/admin/invoices/${invoice.id}?done=paid`);
    const paid = await getInvoice(db(), invoice.id);
    expect(paid.status).toBe("paid");
    const voidPaid = await post(`/admin/invoices/${invoice.id}`, [["intent", "void"]]);
    expect(voidPaid.status).toBe(409);
    expect(((await voidPaid.json()) as { error: string }).error).toBe(`Invoice #${invoice.number} has been paid and cannot be voided.`);
    expect(await db().selectFrom("email_outbox").select(["kind", "subject"]).where("subject", "like", `%#${invoice.number}%`).orderBy("id").execute()).toEqual([
      { kind: "invoice", subject: `Invoice #${invoice.number} from ${SEED_SETTINGS.businessName}` },
      // Each payment is e-mailed (the deleted one's was sent already); the last one's is the receipt.
      { kind: "invoice_payment", subject: `Payment received for invoice #${invoice.number} from ${SEED_SETTINGS.businessName}` },
      { kind: "invoice_receipt", subject: `Receipt for invoice #${invoice.number} from ${SEED_SETTINGS.businessName}` },
    ]);

    const page = (await (await get(`/admin/invoices/${invoice.id}`, { cookie: admin })).json()) as { invoice: { payments: { deleted: boolean }[]; due: string } };
    expect(page.invoice.payments.map((p) => p.deleted)).toEqual([true, false]);
    expect(page.invoice.due).toBe("$0.00");
  });
});

describe("the customer's page", () => {
  it("shows the lines, payments so far, Amount Due and the payment instructions, noindex; serves the PDF", async () => {
    const invoice = await sentInvoice();
    await post(`/admin/invoices/${invoice.id}`, [["intent", "record-payment"], ["amount", "100"], ["method", "Cash"], ["date", invoiceToday()], ["note", "private note"]]);
    const page = await get(`/invoices/${invoice.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const { invoice: shown } = (await page.json()) as { invoice: Record<string, unknown> };
    expect(shown).toMatchObject({ number: invoice.number, total: "$955.19", due: "$855.19", paymentInstructions: INSTRUCTIONS, owed: true });
    expect(shown.payments).toEqual([expect.objectContaining({ method: "Cash", amount: "$100.00" })]);
    expect(JSON.stringify(shown)).not.toContain("private note");

    const pdf = await get(`/invoices/${invoice.token}/pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("x-robots-tag")).toBe("noindex");
    const text = (await new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) }).getText()).text;
    for (const s of [`Invoice #${invoice.number}`, "Ceramic coating", "$955.19", "$855.19", INSTRUCTIONS]) expect(text).toContain(s);
    const adminPdf = await get(`/admin/invoices/${invoice.id}/pdf`, { cookie: admin });
    expect(adminPdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("answers 404 for a wrong token and a draft's, then 429 past the limit", async () => {
    const draft = await getInvoice(db(), await created([["lead_id", String(await insertLead(db()))]]));
    const ctx = context();
    expect((await get(`/invoices/${draft.token}`, {}, ctx)).status).toBe(404);
    const wrong = await get(`/invoices/${"x".repeat(32)}`, {}, ctx);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toBe(NOT_FOUND_MESSAGE);
    expect((await get(`/invoices/${"x".repeat(32)}/pdf`, {}, ctx)).status).toBe(404);
    let status = 404;
    for (let i = 0; i < 25 && status === 404; i++) status = (await get(`/invoices/nope${i}`, {}, ctx)).status;
    expect(status).toBe(429);
  });
});

describe("the list and the export", () => {
  it("filters Unpaid, Paid and All, with the amount outstanding, overdue count and income per month", async () => {
    await db().deleteFrom("invoices").execute();
    const a = await sentInvoice();
    const b = await sentInvoice();
    await post(`/admin/invoices/${b.id}`, [["intent", "record-payment"], ["amount", "955.19"], ["method", "Card"], ["date", invoiceToday()], ["note", ""]]);
    await db().updateTable("invoices").set({ due_date: "2020-01-01" }).where("id", "=", a.id).execute();
    const draft = await created([["lead_id", String(await insertLead(db()))]]);
    type View = { invoices: { id: number; overdue: boolean }[]; outstanding: string; overdue: number; income: { month: string; cents: number }[]; filters: { label: string; href: string }[] };
    const view = async (query = "") => (await (await get(`/admin/invoices${query}`, { cookie: admin })).json()) as View;
    const all = await view();
    expect(all.invoices.map((i) => i.id)).toEqual([draft, b.id, a.id]);
    expect(all.outstanding).toBe("$955.19");
    expect(all.overdue).toBe(1);
    expect(all.filters.map((f) => [f.label, f.href])).toEqual([
      ["Unpaid", "/admin/invoices?status=unpaid"],
      ["Paid", "/admin/invoices?status=paid"],
      ["All", "/admin/invoices"],
    ]);
    expect((await view("?status=unpaid")).invoices.map((i) => i.id)).toEqual([draft, a.id]);
    expect((await view("?status=paid")).invoices.map((i) => i.id)).toEqual([b.id]);
    expect(all.income).toHaveLength(12);
    expect(all.income.at(-1)).toEqual(expect.objectContaining({ month: invoiceToday().slice(0, 7), cents: 95_519 }));
  });

  it("exports invoices and payments as CSV: business-zone days, dollars with two decimals, formulas neutralised", async () => {
    const lead = await insertLead(db(), { status: "booked" });
    // The export names the customer from their record (docs/decisions/0110).
    const { customer_id } = await db().selectFrom("quote_requests").select("customer_id").where("id", "=", lead).executeTakeFirstOrThrow();
    await db().updateTable("customers").set({ name: "=HYPERLINK(\"http://evil\")" }).where("id", "=", customer_id).execute();
    const id = await created([["lead_id", String(lead)]]);
    await post(`/admin/invoices/${id}`, lineFields([["Wash", "1", "10"]], [["intent", "send"]]));
    await post(`/admin/invoices/${id}`, [["intent", "record-payment"], ["amount", "5.5"], ["method", "Venmo"], ["date", invoiceToday()], ["note", "+1 tip"]]);
    const res = await get("/admin/invoices/export", { cookie: admin });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error(parsed.error);
    const rows = parsed.records.map((r) => r.cells);
    expect(rows[0]).toEqual([...EXPORT_HEADER]);
    const number = String((await getInvoice(db(), id)).number);
    const mine = rows.filter((r) => r[1] === number);
    const col = (name: (typeof EXPORT_HEADER)[number]) => EXPORT_HEADER.indexOf(name);
    expect(mine).toHaveLength(2);
    const [inv, pay] = mine as [string[], string[]];
    expect(inv[col("Record")]).toBe("Invoice");
    expect(inv[col("Customer")]).toBe("'=HYPERLINK(\"http://evil\")");
    expect(inv[col("Sent")]).toBe(invoiceToday());
    expect([inv[col("Subtotal")], inv[col("Tax")], inv[col("Total")], inv[col("Paid")], inv[col("Amount Due")]]).toEqual(["10.00", "0.63", "10.63", "5.50", "5.13"]);
    expect([pay[col("Record")], pay[col("Payment Date")], pay[col("Method")], pay[col("Amount")], pay[col("Note")]]).toEqual(["Payment", invoiceToday(), "Venmo", "5.50", "'+1 tip"]);
  });

  it("streams the export batch by batch (ADR 0044): the header comes before any invoice is read, and batches join into the same file", async () => {
    const invoices = Number((await db().selectFrom("invoices").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    expect(invoices).toBeGreaterThan(1);
    // One invoice per batch: each pull reads one invoice and its payments.
    const reader = invoicesCsv(db(), 1).getReader();
    const chunks: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(chunks[0])).toBe(`\uFEFF${EXPORT_HEADER.join(",")}\r\n`);
    expect(chunks).toHaveLength(1 + invoices);
    // The same bytes as the download, which reads in larger batches.
    const res = await get("/admin/invoices/export", { cookie: admin });
    expect(new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer())).toEqual(new Uint8Array(await res.arrayBuffer()));
  });
});

describe("the trash", () => {
  it("a deleted lead takes its invoices, lines, payments and events along; its restore puts them back", async () => {
    const invoice = await sentInvoice();
    await post(`/admin/invoices/${invoice.id}`, [["intent", "record-payment"], ["amount", "55"], ["method", "Cash"], ["date", invoiceToday()], ["note", ""]]);
    const before = await getInvoice(db(), invoice.id);
    const api = (path: string, method: string) => callRoute(new Request(`http://localhost${path}`, { method, headers: { cookie: admin } }), context());
    expect((await api(`/api/tables/quote_requests/${invoice.leadId}`, "DELETE")).status).toBe(200);
    expect(await db().selectFrom("invoices").select("id").where("id", "=", invoice.id).execute()).toEqual([]);
    expect((await api(`/api/tables/quote_requests/${invoice.leadId}/restore`, "POST")).status).toBe(200);
    expect(await getInvoice(db(), invoice.id)).toEqual(before);
    const events = await db().selectFrom("invoice_events").select("kind").where("invoice_id", "=", invoice.id).orderBy("id").execute();
    expect(events.map((e) => e.kind)).toEqual(["created", "sent", "payment"]);
  });
});

