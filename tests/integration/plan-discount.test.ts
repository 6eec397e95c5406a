import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { addDays } from "~/lib/time-zone";
import { stopBackgroundJobs } from "~/server/background.server";
import { reloadEnv } from "~/server/env.server";
import { renderEstimatePdf } from "~/server/estimates/estimate-pdf.server";
import { copyEstimate, createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { createInvoice, getInvoice, saveInvoice } from "~/server/invoices/invoices.server";
import { invoicePdfFile } from "~/server/invoices/invoice-pdf.server";
import type { BookPageData } from "~/server/online-booking/booking-page.server";
import { loadPriceBook } from "~/server/price-book/price-book.server";
import { cancelPlan, pausePlan, startPlan } from "~/server/plans/customer-plans.server";
import { getCustomerPlan } from "~/server/plans/plan-records.server";
import { savePlan } from "~/server/plans/plans.server";
import { planVisitOf } from "~/server/plans/plan-visit.server";
import { getBusinessSettings, saveSettings } from "~/server/settings.server";
import { businessToday } from "~/server/time-zone.server";
import { seedContent } from "../../db/seed";
import { pdfText } from "../helpers/alphabets";
import { estimateForm } from "../helpers/estimates";
import { refusal } from "../helpers/refusal";
import { callRoute, routeContext } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 37's "discount on one-off prices" (docs/decisions/0155): a customer
// whose plan is not cancelled gets its percentage as a line of its own on an
// estimate the owner builds from the price list and on a booking at /book
// once the visitor is matched to them; the PDFs and invoices carry it; and
// which visit of which plan a job is. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
const OWNER_EMAIL = "owner@shine.example";
const OWNER = { id: 1, email: OWNER_EMAIL, role: "owner" as const };
const ORIGIN = "https://shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER_EMAIL, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: ORIGIN, BUSINESS_TIME_ZONE: "America/Detroit" });
const db = () => database.db;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `198.51.100.${++ip % 250}` });

let mailbox: SmtpSink;
let serviceId: number;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await seedContent(db());
  await saveSettings(
    db(),
    { ...SEED_SETTINGS, notifyEmail: OWNER_EMAIL, taxRate: "6", workdayStart: "08:00", workdayEnd: "18:00", workingDays: ["1", "2", "3", "4", "5", "6", "7"], baseZip: "49503" },
    OWNER_EMAIL,
  );
  // A $199.00 service of the owner's price list.
  serviceId = (await db().insertInto("services").values({ kind: "car", title: "Full Detail (price list)", icon: "sparkles", price_cents: 19_900, duration_minutes: 240 }).returning("id").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

let n = 0;
async function newCustomer(): Promise<{ id: number; email: string; phone: string }> {
  const i = ++n;
  const email = `discount${i}-${process.pid}@example.com`;
  const phone = `(616) 555-${String(1000 + i).slice(-4)}`;
  const row = await db().insertInto("customers").values({ name: `Pat Discount ${i}`, email, phone }).returning("id").executeTakeFirstOrThrow();
  return { id: row.id, email, phone };
}

/** A customer on a new "Biweekly Wash N" plan with `percent` % off, started next week at 9:00. */
async function onPlan(percent = 10) {
  const customer = await newCustomer();
  const name = `Biweekly Wash ${++n}`;
  const planId = await savePlan(db(), OWNER, { id: null, name, packages: [], cadence: { kind: "weekly", weeks: 2 }, billing: "per_visit", price: 4900, discountPercent: percent, maxPauseWeeks: 4 });
  const started = await startPlan(
    db(),
    customer.id,
    { plan: planId, vehicleId: null, startDate: addDays(businessToday(), 7), startTime: "09:00", durationMinutes: 60, address: "12 Main St, Grand Rapids, MI 49503" },
    OWNER,
    ORIGIN,
  );
  return { customer, name, cp: await getCustomerPlan(db(), started.id) };
}

const ownerEstimate = async (customerId: number) => createEstimate(db(), { customerId, leadId: null, source: "owner" }, OWNER_EMAIL);
/** The price list's service and a line typed by hand ($25.00 for the drive). */
const priced = () => ({ ...estimateForm([["Full Detail (price list)", "1", "199"], ["Drive out", "1", "25"]]), serviceId: [String(serviceId), ""] });

describe("the owner's estimate", () => {
  it("gets the plan's discount as its own last line on the price list's lines (not a line typed by hand), made again at each save; the PDF reads it back", async () => {
    const { customer, name } = await onPlan(10);
    const id = await ownerEstimate(customer.id);
    const saved = await saveEstimate(db(), id, priced());
    expect(saved.lines).toEqual([
      { description: "Full Detail (price list)", quantity: 1, unitPriceCents: 19_900, serviceId },
      { description: "Drive out", quantity: 1, unitPriceCents: 2_500, serviceId: null },
      { description: `Plan discount (${name}, 10 %)`, quantity: 1, unitPriceCents: -1_990, serviceId: null, planDiscount: true },
    ]);
    // $224.00 - $19.90 = $204.10, and 6 % tax on that.
    expect({ subtotal: saved.subtotalCents, tax: saved.taxCents, total: saved.totalCents }).toEqual({ subtotal: 20_410, tax: 1_225, total: 21_635 });

    // Two of the service now: the discount follows, still one line.
    const again = await saveEstimate(db(), id, { ...priced(), quantity: ["2", "1"] });
    expect(again.lines.filter((l) => l.planDiscount)).toEqual([expect.objectContaining({ unitPriceCents: -3_980 })]);
    expect(again.subtotalCents).toBe(39_800 + 2_500 - 3_980);

    const text = await pdfText(await renderEstimatePdf(again, await getBusinessSettings(db())));
    expect(text).toContain(`Plan discount (${name}, 10 %)`);
    expect(text).toContain("-$39.80");

    // The copy's discount is the plan's today.
    const copy = await getEstimate(db(), await copyEstimate(db(), id, OWNER_EMAIL));
    expect(copy.lines.map((l) => l.unitPriceCents)).toEqual([19_900, 2_500, -3_980]);
  });

  it("refuses a negative line from the form (the client never prices the discount), and the database refuses one that is not the discount, or a second discount", async () => {
    const { customer } = await onPlan(10);
    const id = await ownerEstimate(customer.id);
    const error = await refusal(saveEstimate(db(), id, estimateForm([["My own discount", "1", "-50"]])));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ "lines.0.unitPrice": expect.stringMatching(/^Unit Price on line 1 must be an amount from \$0\.00/) });
    await saveEstimate(db(), id, priced());
    const insert = (values: { unit_price_cents: number; plan_discount: boolean; quantity?: number }) =>
      db()
        .insertInto("estimate_lines")
        .values({ estimate_id: id, position: 9, description: "Forged", quantity: values.quantity ?? 1, unit_price_cents: values.unit_price_cents, plan_discount: values.plan_discount })
        .execute()
        .then(
          () => "stored",
          (e: { message: string }) => e.message,
        );
    expect(await insert({ unit_price_cents: -100, plan_discount: false })).toMatch(/estimate_lines_unit_price_cents_check/);
    expect(await insert({ unit_price_cents: -100, plan_discount: true, quantity: 2 })).toMatch(/estimate_lines_unit_price_cents_check/);
    expect(await insert({ unit_price_cents: -100, plan_discount: true })).toMatch(/estimate_lines_one_plan_discount/);
  });

  it("keeps one discount line when the owner saves from several tabs at once", async () => {
    const { customer } = await onPlan(15);
    const id = await ownerEstimate(customer.id);
    await Promise.all(Array.from({ length: 6 }, (_, i) => saveEstimate(db(), id, { ...priced(), quantity: [String(i + 1), "1"] })));
    const estimate = await getEstimate(db(), id);
    const discounts = estimate.lines.filter((l) => l.planDiscount);
    expect(discounts).toHaveLength(1);
    // The discount of the save that came last, whichever it was.
    const quantity = estimate.lines[0]!.quantity;
    expect(discounts[0]!.unitPriceCents).toBe(-Math.round((quantity * 19_900 * 15) / 100));
  });

  it("gives none without a plan or with a cancelled one; a paused plan still gives it", async () => {
    const stranger = await newCustomer();
    const none = await saveEstimate(db(), await ownerEstimate(stranger.id), priced());
    expect(none.lines.some((l) => l.planDiscount)).toBe(false);
    expect(none.subtotalCents).toBe(22_400);

    const paused = await onPlan(10);
    await pausePlan(db(), paused.cp, 2, ORIGIN);
    const whilePaused = await saveEstimate(db(), await ownerEstimate(paused.customer.id), priced());
    expect(whilePaused.lines.at(-1)).toMatchObject({ planDiscount: true, unitPriceCents: -1_990 });

    const cancelled = await onPlan(10);
    const id = await ownerEstimate(cancelled.customer.id);
    expect((await saveEstimate(db(), id, priced())).lines.some((l) => l.planDiscount)).toBe(true);
    await cancelPlan(db(), await getCustomerPlan(db(), cancelled.cp.id), ORIGIN);
    // Saved again after the plan ended: the discount goes.
    const after = await saveEstimate(db(), id, priced());
    expect(after.lines.some((l) => l.planDiscount)).toBe(false);
    expect(after.subtotalCents).toBe(22_400);
  });
});

describe("online booking", () => {
  const book = async () => {
    const b = await loadPriceBook(db());
    const idOf = (rows: { id: number; name: string }[], name: string) => String(rows.find((r) => r.name === name)!.id);
    // A car's full detail with pet hair removal in Holland: a travel fee, which is not discounted.
    return new URLSearchParams([
      ["vehicle", idOf(b.classes, "Car or Coupe")],
      ["boatFeet", ""],
      ["package", idOf(b.packages, "Full Detail")],
      ["addOns", idOf(b.addOns, "Pet Hair Removal")],
      ["condition", "light"],
      ["zip", "49423"],
    ]);
  };
  async function bookAs(person: { email: string; phone: string }, slot: number) {
    const q = await book();
    const shown = ((await (await callRoute(new Request(`http://localhost/book?${q}`), context())).json()) as { page: BookPageData }).page;
    if (shown.step !== "time" || shown.booking.kind !== "choose") throw new Error(`expected times, got ${JSON.stringify(shown)}`);
    // The price shown before the contact details knows no customer: no discount in it.
    expect(shown.price.lines.some((l) => l.description.startsWith("Plan discount"))).toBe(false);
    const start = shown.booking.days.flatMap((d) => d.times.map((t) => t.value)).at(-1 - slot)!;
    const res = await callRoute(
      new Request(`http://localhost/book?${q}`, {
        method: "POST",
        // A price or discount of the page's own changes nothing.
        body: new URLSearchParams({ start, name: "Pat Discount", email: person.email, phone: person.phone, address: "45 Lake Dr, Holland, MI", discount: "90", total: "1.00" }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      }),
      context(),
    );
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    const token = location.split("/")[2]!.split("?")[0]!;
    const job = await db().selectFrom("jobs").select(["id", "customer_id", "estimate_id"]).where("token", "=", token).executeTakeFirstOrThrow();
    const confirmation = (await (await callRoute(new Request(`http://localhost${location}`), context())).json()) as {
      discount: { description: string; amount: string; total: string } | null;
      planVisit: unknown;
    };
    return { job, estimate: await getEstimate(db(), job.estimate_id!), confirmation };
  }

  it("applies a matched plan customer's discount to the work (not the travel fee) when the booking is made, on the accepted estimate, the confirmation and the invoice's PDF", async () => {
    const { customer, name } = await onPlan(10);
    const { job, estimate, confirmation } = await bookAs(customer, 0);
    expect(job.customer_id).toBe(customer.id);
    expect(estimate.storedStatus).toBe("accepted");
    const descriptions = estimate.lines.map((l) => l.description);
    expect(descriptions[0]).toBe("Full Detail, Car or Coupe");
    expect(descriptions[1]).toBe("Pet Hair Removal");
    expect(descriptions[2]).toMatch(/^Travel fee/);
    const work = estimate.lines[0]!.unitPriceCents + estimate.lines[1]!.unitPriceCents;
    const discount = Math.round(work / 10);
    expect(estimate.lines[3]).toEqual({ description: `Plan discount (${name}, 10 %)`, quantity: 1, unitPriceCents: -discount, serviceId: null, planDiscount: true });
    expect(estimate.subtotalCents).toBe(work + estimate.lines[2]!.unitPriceCents - discount);
    expect(confirmation.discount).toEqual({ description: `Plan discount (${name}, 10 %)`, amount: `-$${(discount / 100).toFixed(2)}`, total: expect.stringMatching(/^\$\d/) });
    // A booking is not a visit of the plan.
    expect(confirmation.planVisit).toBeNull();

    // The invoice follows its estimate; an edit keeps the discount as it was agreed.
    const invoiceId = await createInvoice(db(), { jobId: job.id }, OWNER_EMAIL);
    const invoice = await getInvoice(db(), invoiceId);
    expect(invoice.lines.at(-1)).toMatchObject({ planDiscount: true, unitPriceCents: -discount });
    expect(invoice.totalCents).toBe(estimate.totalCents);
    const kept = invoice.lines.filter((l) => !l.planDiscount);
    await saveInvoice(db(), invoiceId, {
      description: [...kept.map((l) => l.description), "Tire shine"],
      quantity: [...kept.map((l) => String(l.quantity)), "1"],
      unitPrice: [...kept.map((l) => (l.unitPriceCents / 100).toFixed(2)), "10"],
      serviceId: [...kept.map(() => ""), ""],
      message: "",
    });
    const edited = await getInvoice(db(), invoiceId);
    expect(edited.lines.at(-1)).toMatchObject({ planDiscount: true, unitPriceCents: -discount });
    expect(edited.subtotalCents).toBe(estimate.subtotalCents + 1_000);
    const text = await pdfText((await invoicePdfFile(db(), edited, ORIGIN)).pdf);
    expect(text).toContain(`Plan discount (${name}, 10 %)`);
    expect(text).toContain(`-$${(discount / 100).toFixed(2)}`);

    // Lines that come to less than the discount are refused on the lines, never a 500.
    const less = await refusal(saveInvoice(db(), invoiceId, { description: ["Tire shine"], quantity: ["1"], unitPrice: ["1"], serviceId: [""], message: "" }));
    expect(less.status).toBe(400);
    expect(less.fields).toEqual({ lines: `The lines come to less than the Plan discount (${name}, 10 %).` });
  });

  it("gives no discount to a visitor without a plan, or whose plan is cancelled", async () => {
    const stranger = await newCustomer();
    const plain = await bookAs(stranger, 1);
    expect(plain.estimate.lines.some((l) => l.planDiscount)).toBe(false);
    expect(plain.confirmation.discount).toBeNull();

    const { customer, cp } = await onPlan(10);
    await cancelPlan(db(), cp, ORIGIN);
    const after = await bookAs(customer, 2);
    expect(after.job.customer_id).toBe(customer.id);
    expect(after.estimate.lines.some((l) => l.planDiscount)).toBe(false);
  });
});

describe("a plan's visit", () => {
  it("is named on the job page and the appointment page: which plan, which visit, with the plan's link for the customer", async () => {
    const { name, cp } = await onPlan(10);
    const visits = await db().selectFrom("jobs").select(["id", "token", sql<string>`plan_occurrence::text`.as("day")]).where("customer_plan_id", "=", cp.id).orderBy("plan_occurrence").execute();
    expect(visits.length).toBeGreaterThan(2);
    const second = await planVisitOf(db(), visits[1]!.id);
    expect(second).toMatchObject({ planName: name, number: 2, customerPlanToken: cp.token });
    expect(second!.plannedFor).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const page = (await (await callRoute(new Request(`http://localhost/appointments/${visits[1]!.token}`), context())).json()) as { planVisit: { number: number; planName: string }; discount: unknown };
    expect(page.planVisit).toMatchObject({ number: 2, planName: name });
    expect(page.discount).toBeNull();
  });
});
