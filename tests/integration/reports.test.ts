import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "~/lib/csv";
import type { ReportTable } from "~/lib/reports";
import { instantIn } from "~/lib/time-zone";
import { AppError } from "~/server/app-error.server";
import { reportCsv, reportsView } from "~/server/reports/reports-view.server";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 38, the owner's numbers: every figure of /admin/reports checked
// against a small business whose answer is known (March 2031, in Detroit),
// the period's edges in the business's time zone, bad periods a 400 with
// the field's message, a technician refused, and each table's CSV written
// by the export rules.

const ZONE = "America/Detroit";
const database = useTestDatabase({ BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;
const fetchRoute = inProcessFetch(db);
const OWNER = { id: 0, role: "owner" as const };
const NOW = instantIn("2031-04-10", "12:00", ZONE);
const MARCH = new URLSearchParams("period=range&from=2031-03-01&to=2031-03-31");
const at = (day: string, time = "12:00") => instantIn(day, time, ZONE);

let n = 0;
const token = (kind: string) => `${kind}-reports-token-${++n}-abcdefghijklmnop`;

async function customer(name: string): Promise<number> {
  const row = await db().insertInto("customers").values({ name, email: `${name.toLowerCase()}@reports.example` }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

async function lead(customerId: number, created: Date): Promise<number> {
  const row = await db()
    .insertInto("quote_requests")
    .values({ name: "Reports lead", email: "lead@reports.example", phone: "6165550100", vehicle_type: "Car", customer_id: customerId, created_at: created, updated_at: created })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type EstimateStatus = "draft" | "sent" | "accepted";
async function estimate(v: { customerId: number; leadId?: number; source: "quote_form" | "online_booking" | "plan" | "owner"; status: EstimateStatus; created: Date; line?: string }): Promise<number> {
  const row = await db()
    .insertInto("estimates")
    .values({ token: token("est"), customer_id: v.customerId, lead_id: v.leadId ?? null, source: v.source, status: v.status, valid_until: "2031-12-31", created_at: v.created, updated_at: v.created })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (v.line) await db().insertInto("estimate_lines").values({ estimate_id: row.id, position: 0, description: v.line, quantity: 1, unit_price_cents: 100 }).execute();
  return row.id;
}

interface JobValues {
  customerId: number;
  leadId?: number;
  estimateId?: number;
  source: "quote_form" | "online_booking" | "plan" | "owner";
  created: Date;
  starts: Date;
  minutes: number;
  status?: "scheduled" | "done" | "cancelled";
  started?: Date;
  done?: Date;
  cancelledBy?: "owner" | "customer";
}
async function job(v: JobValues): Promise<number> {
  const starts = v.starts.toISOString();
  const row = await db()
    .insertInto("jobs")
    .values({
      customer_id: v.customerId,
      lead_id: v.leadId ?? null,
      estimate_id: v.estimateId ?? null,
      source: v.source,
      token: token("job"),
      status: v.status ?? "scheduled",
      starts_at: v.starts,
      duration_minutes: v.minutes,
      buffer_minutes: 0,
      busy: sql`tstzrange(${starts}::timestamptz, ${starts}::timestamptz + make_interval(mins => ${v.minutes}::int), '[)')`,
      started_at: v.started ?? null,
      done_at: v.done ?? null,
      cancelled_at: v.status === "cancelled" ? v.created : null,
      cancelled_by: v.cancelledBy ?? null,
      created_at: v.created,
      updated_at: v.created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

interface InvoiceValues {
  customerId: number;
  leadId?: number;
  jobId?: number;
  estimateId?: number;
  status: "draft" | "sent" | "partly_paid" | "paid" | "void";
  subtotal: number;
  tax?: number;
  paidCents?: number;
  sent?: Date;
  paid?: Date;
  lines?: [string, number, number][];
}
async function invoice(v: InvoiceValues): Promise<number> {
  const tax = v.tax ?? 0;
  const created = v.sent ?? v.paid ?? at("2031-03-01");
  const row = await db()
    .insertInto("invoices")
    .values({
      token: token("inv"),
      customer_id: v.customerId,
      lead_id: v.leadId ?? null,
      job_id: v.jobId ?? null,
      estimate_id: v.estimateId ?? null,
      status: v.status,
      subtotal_cents: v.subtotal,
      tax_cents: tax,
      total_cents: v.subtotal + tax,
      paid_cents: v.status === "paid" ? v.subtotal + tax : (v.paidCents ?? 0),
      sent_at: v.sent ?? created,
      paid_at: v.paid ?? null,
      voided_at: v.status === "void" ? created : null,
      created_at: created,
      updated_at: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [i, [description, quantity, unit]] of (v.lines ?? []).entries()) {
    await db().insertInto("invoice_lines").values({ invoice_id: row.id, position: i + 1, description, quantity, unit_price_cents: unit }).execute();
  }
  return row.id;
}

async function review(jobId: number, stars: number, consent: boolean, submitted: Date | null) {
  await db().insertInto("reviews").values({ job_id: jobId, token: token("rev"), stars: submitted ? stars : null, consent, submitted_at: submitted }).execute();
}

beforeAll(async () => {
  // The price book's words the lines use (the seed's own may be there too: these names are the test's).
  const classes = await db()
    .insertInto("vehicle_classes")
    .values([
      { name: "Compact Hatch", per_foot: false },
      { name: "Pontoon Boat", per_foot: true },
    ])
    .returning("id")
    .execute();
  const packs = await db()
    .insertInto("packages")
    .values([{ name: "Gold Detail" }, { name: "Silver Wash" }])
    .returning("id")
    .execute();
  await db()
    .insertInto("package_prices")
    .values([
      { package_id: packs[0]!.id, vehicle_class_id: classes[0]!.id, price_cents: 20000, duration_minutes: 120 },
      { package_id: packs[1]!.id, vehicle_class_id: classes[1]!.id, price_cents: 1500, duration_minutes: 5 },
    ])
    .execute();

  const [alice, bob, carol, dan, eve, frank, gina] = await Promise.all(["Alice", "Bob", "Carol", "Dan", "Eve", "Frank", "Gina"].map(customer)) as number[] as [number, number, number, number, number, number, number];

  // February: Alice's first work, done and paid (she returns in March); Gina's request at 23:30 on Feb 28, Detroit (March 1 in UTC).
  const la0 = await lead(alice!, at("2031-02-01"));
  const j0 = await job({ customerId: alice!, leadId: la0, source: "quote_form", created: at("2031-02-01"), starts: at("2031-02-10", "09:00"), minutes: 60, status: "done", started: at("2031-02-10", "09:00"), done: at("2031-02-10", "10:00") });
  await invoice({ customerId: alice!, leadId: la0, jobId: j0, status: "paid", subtotal: 10000, sent: at("2031-02-10"), paid: at("2031-02-12"), lines: [["Gold Detail, Compact Hatch", 1, 10000]] });
  await lead(gina!, at("2031-02-28", "23:30"));
  // Gina's job booked in February for March 26, cancelled by the business.
  await job({ customerId: gina!, source: "owner", created: at("2031-02-20"), starts: at("2031-03-26", "09:00"), minutes: 60, status: "cancelled", cancelledBy: "owner" });

  // 1. Bob's request: estimated, booked, done (150 min for 120 booked), paid (tax apart), reviewed 5 stars with consent.
  const l1 = await lead(bob!, at("2031-03-02"));
  const e1 = await estimate({ customerId: bob!, leadId: l1, source: "quote_form", status: "accepted", created: at("2031-03-02", "13:00"), line: "Gold Detail, Compact Hatch" });
  const j1 = await job({ customerId: bob!, leadId: l1, estimateId: e1, source: "quote_form", created: at("2031-03-03"), starts: at("2031-03-05", "10:00"), minutes: 120, status: "done", started: at("2031-03-05", "10:00"), done: at("2031-03-05", "12:30") });
  await invoice({ customerId: bob!, leadId: l1, jobId: j1, estimateId: e1, status: "paid", subtotal: 20000, tax: 1200, sent: at("2031-03-05"), paid: at("2031-03-06"), lines: [["Gold Detail, Compact Hatch", 1, 20000]] });
  await review(j1, 5, true, at("2031-03-07"));
  // 2. Carol's request at 23:30 on March 31, Detroit (April 1 in UTC): only a draft estimate.
  const l2 = await lead(carol!, at("2031-03-31", "23:30"));
  await estimate({ customerId: carol!, leadId: l2, source: "quote_form", status: "draft", created: at("2031-03-31", "23:40") });
  // 3. Dan's request: an estimate sent, never booked.
  const l3 = await lead(dan!, at("2031-03-04"));
  await estimate({ customerId: dan!, leadId: l3, source: "quote_form", status: "sent", created: at("2031-03-04", "13:00") });
  // 4. Eve books online a boat per foot: done in 90 min for 100 booked, paid, reviewed 4 stars without consent.
  const e4 = await estimate({ customerId: eve!, source: "online_booking", status: "accepted", created: at("2031-03-10"), line: "Silver Wash, Pontoon Boat (20 ft at $15.00 per foot)" });
  const j4 = await job({ customerId: eve!, estimateId: e4, source: "online_booking", created: at("2031-03-10"), starts: at("2031-03-20", "09:00"), minutes: 100, status: "done", started: at("2031-03-20", "09:00"), done: at("2031-03-20", "10:30") });
  await invoice({ customerId: eve!, estimateId: e4, jobId: j4, status: "paid", subtotal: 30000, sent: at("2031-03-20"), paid: at("2031-03-21"), lines: [["Silver Wash, Pontoon Boat (20 ft at $15.00 per foot)", 20, 1500]] });
  await review(j4, 4, false, at("2031-03-22"));
  // 5. Alice returns by the quote form: estimated, booked, cancelled by her.
  const l5 = await lead(alice!, at("2031-03-12"));
  const e5 = await estimate({ customerId: alice!, leadId: l5, source: "quote_form", status: "accepted", created: at("2031-03-12", "13:00") });
  await job({ customerId: alice!, leadId: l5, estimateId: e5, source: "quote_form", created: at("2031-03-13"), starts: at("2031-03-25", "09:00"), minutes: 60, status: "cancelled", cancelledBy: "customer" });
  // 6. Alice's plan visit: booked, never started (a no-show).
  const e6 = await estimate({ customerId: alice!, source: "plan", status: "accepted", created: at("2031-03-14") });
  await job({ customerId: alice!, estimateId: e6, source: "plan", created: at("2031-03-14"), starts: at("2031-03-15", "09:00"), minutes: 60 });
  // 7. Frank's job entered by the owner, no estimate: done in 60 for 60, paid for a line not from the price book; reviewed in April.
  const j7 = await job({ customerId: frank!, source: "owner", created: at("2031-03-16", "08:00"), starts: at("2031-03-16", "09:00"), minutes: 60, status: "done", started: at("2031-03-16", "09:00"), done: at("2031-03-16", "10:00") });
  await invoice({ customerId: frank!, jobId: j7, status: "paid", subtotal: 5000, sent: at("2031-03-16"), paid: at("2031-03-17"), lines: [["Hand polish", 1, 5000]] });
  await review(j7, 4, true, at("2031-04-02"));
  // Bob pays again in March: repeat business.
  await invoice({ customerId: bob!, status: "paid", subtotal: 10000, sent: at("2031-03-27"), paid: at("2031-03-28"), lines: [["Gold Detail, Compact Hatch", 1, 10000]] });
  // Not revenue: a void, a draft, an April payment.
  await invoice({ customerId: carol!, status: "void", subtotal: 99000, sent: at("2031-03-10") });
  await invoice({ customerId: carol!, status: "draft", subtotal: 99000 });
  await invoice({ customerId: frank!, status: "paid", subtotal: 77000, sent: at("2031-03-30"), paid: at("2031-04-01", "00:30"), lines: [["Gold Detail, Compact Hatch", 1, 77000]] });

  // Unpaid today (April 10): 9 and 30 days old, 40 days (partly paid), 85 days.
  await invoice({ customerId: carol!, status: "sent", subtotal: 10000, sent: at("2031-04-01") });
  await invoice({ customerId: carol!, status: "sent", subtotal: 3000, sent: at("2031-03-11", "23:00") });
  await invoice({ customerId: dan!, status: "partly_paid", subtotal: 20000, paidCents: 5000, sent: at("2031-03-01") });
  await invoice({ customerId: dan!, status: "sent", subtotal: 7000, sent: at("2031-01-15") });
});

async function march(): Promise<Map<string, ReportTable>> {
  const view = await reportsView(db(), OWNER, MARCH, NOW);
  if (!view.ok) throw new Error(JSON.stringify(view.errors));
  expect(view.period).toMatchObject({ from: "2031-03-01", to: "2031-03-31", label: "March 1, 2031 – March 31, 2031" });
  return new Map(view.tables.map((t) => [t.name, t]));
}

/** A table's rows as the page writes them. */
const texts = (table: ReportTable | undefined) => table!.rows.map((row) => row.map((c) => c.text));

describe("/admin/reports: every figure of a known month", () => {
  it("follows each request of the period to paid work, by source, Returning and Plan as ADR 0151 says", async () => {
    expect(texts((await march()).get("funnel"))).toEqual([
      ["Quote form", "3", "2", "1", "1", "66.7 %", "50.0 %", "100.0 %", "33.3 %"],
      ["Online booking", "1", "1", "1", "1", "100.0 %", "100.0 %", "100.0 %", "100.0 %"],
      ["Plan", "1", "1", "1", "0", "100.0 %", "100.0 %", "0.0 %", "0.0 %"],
      ["Returning", "1", "1", "0", "0", "100.0 %", "0.0 %", "—", "0.0 %"],
      ["Entered by the owner", "1", "1", "1", "1", "100.0 %", "100.0 %", "100.0 %", "100.0 %"],
      ["All sources", "7", "6", "4", "3", "85.7 %", "66.7 %", "75.0 %", "42.9 %"],
    ]);
  });

  it("counts the invoices paid in full in the period: revenue before tax, the average ticket, by package and by vehicle class", async () => {
    const tables = await march();
    expect(texts(tables.get("tickets"))).toEqual([
      ["Paid invoices", "4"],
      ["Revenue", "$650.00"],
      ["Average ticket", "$162.50"],
    ]);
    expect(texts(tables.get("packages"))).toEqual([
      ["Gold Detail", "2", "$300.00", "46.2 %", "$150.00"],
      ["Silver Wash", "1", "$300.00", "46.2 %", "$300.00"],
      ["Not from the price book", "1", "$50.00", "7.7 %", "$50.00"],
    ]);
    expect(texts(tables.get("vehicle-classes"))).toEqual([
      ["Compact Hatch", "2", "$300.00", "46.2 %", "$150.00"],
      ["Pontoon Boat", "1", "$300.00", "46.2 %", "$300.00"],
      ["Not from the price book", "1", "$50.00", "7.7 %", "$50.00"],
    ]);
    expect(tables.get("packages")!.chart!.bars.map((b) => [b.label, b.value])).toEqual([
      ["Gold Detail", 30000],
      ["Silver Wash", 30000],
      ["Not from the price book", 5000],
    ]);
  });

  it("counts repeat customers (paid an invoice before) and their share of revenue", async () => {
    expect(texts((await march()).get("repeat-customers"))).toEqual([
      ["Paying customers", "3"],
      ["Repeat customers", "1"],
      ["Share of customers", "33.3 %"],
      ["Revenue from repeat business", "$100.00"],
      ["Share of revenue", "15.4 %"],
    ]);
  });

  it("counts the reviews sent in the period: their average and the share with consent", async () => {
    expect(texts((await march()).get("reviews"))).toEqual([
      ["Reviews", "2"],
      ["Average stars", "4.5 of 5"],
      ["With consent to publish", "1"],
      ["Share with consent", "50.0 %"],
      ["5 stars", "1"],
      ["4 stars", "1"],
      ["3 stars", "0"],
      ["2 stars", "0"],
      ["1 star", "0"],
    ]);
  });

  it("counts the appointments of the period: done, cancelled by either side, no-shows", async () => {
    expect(texts((await march()).get("cancellations"))).toEqual([
      ["All appointments", "6", "100.0 %"],
      ["Done", "3", "50.0 %"],
      ["Cancelled by the customer", "1", "16.7 %"],
      ["Cancelled by the business", "1", "16.7 %"],
      ["No-shows", "1", "16.7 %"],
    ]);
  });

  it("sets the time from Start Job to Finish Job against the time booked from the price book", async () => {
    expect(texts((await march()).get("job-time"))).toEqual([
      ["Gold Detail, Compact Hatch", "1", "2 h 30 min", "2 h 00 min", "30 min"],
      ["Silver Wash, Pontoon Boat", "1", "1 h 30 min", "1 h 40 min", "−10 min"],
      ["Not from the price book", "1", "1 h 00 min", "1 h 00 min", "0 min"],
      ["All jobs", "3", "1 h 40 min", "1 h 33 min", "7 min"],
    ]);
  });

  it("ages what is unpaid today by the days since it was sent, on the business's calendar", async () => {
    expect(texts((await march()).get("unpaid"))).toEqual([
      ["0–30 days", "2", "$130.00"],
      ["31–60 days", "1", "$150.00"],
      ["Over 60 days", "1", "$70.00"],
      ["All unpaid", "4", "$350.00"],
    ]);
  });

  it("reads This month, Last month and This year on the business's calendar", async () => {
    const period = async (q: string) => {
      const view = await reportsView(db(), OWNER, new URLSearchParams(q), NOW);
      return view.ok ? [view.period.from, view.period.to] : view.errors;
    };
    expect(await period("")).toEqual(["2031-04-01", "2031-04-30"]);
    expect(await period("period=last-month")).toEqual(["2031-03-01", "2031-03-31"]);
    expect(await period("period=this-year")).toEqual(["2031-01-01", "2031-12-31"]);
    // 02:00 UTC on April 1 is still March 31 in Detroit.
    const late = await reportsView(db(), OWNER, new URLSearchParams("period=this-month"), new Date("2031-04-01T02:00:00Z"));
    expect(late.ok && [late.period.from, late.period.to]).toEqual(["2031-03-01", "2031-03-31"]);
    const lastMonth = await reportsView(db(), OWNER, new URLSearchParams("period=last-month"), NOW);
    const tables = lastMonth.ok ? new Map(lastMonth.tables.map((t) => [t.name, t])) : new Map();
    expect(texts(tables.get("tickets"))).toEqual(texts((await march()).get("tickets")));
  });

  it("refuses a period it cannot read with the field's message, and a technician", async () => {
    const errors = async (q: string) => {
      const view = await reportsView(db(), OWNER, new URLSearchParams(q), NOW);
      return view.ok ? null : view.errors;
    };
    expect(await errors("period=week")).toEqual({ period: "Choose This month, Last month, This year or a range From – To." });
    expect(await errors("period=range&from=2031-02-30&to=2031-03-01")).toEqual({ from: "From must be a date (YYYY-MM-DD)." });
    expect(await errors("period=range&from=2031-03-01")).toEqual({ to: "To must be a date (YYYY-MM-DD)." });
    expect(await errors("period=range&from=2031-03-02&to=2031-03-01")).toEqual({ to: "To must be on or after From." });
    expect(await errors("period=range&from=2020-01-01&to=2031-03-01")).toEqual({ to: "Choose a range of at most five years." });
    // From and To are read only with a range.
    expect(await errors("period=this-year&from=nonsense")).toBeNull();
    await expect(reportsView(db(), { id: 0, role: "technician" }, MARCH, NOW)).rejects.toMatchObject({ status: 403 } satisfies Partial<AppError>);
  });
});

describe("/admin/reports over HTTP and its CSVs", () => {
  let owner: string;
  let technician: string;
  beforeAll(async () => {
    owner = await sessionCookieFor(db(), "owner@reports.example", { admin: true });
    technician = await sessionCookieFor(db(), "tech@reports.example", { role: "technician" });
  });

  it("answers the page 200, a bad date 400 with its message (never 500), a technician 403", async () => {
    const ok = await fetchRoute(`/admin/reports?${MARCH}`, { headers: { cookie: owner } });
    expect(ok.status).toBe(200);
    const bad = await fetchRoute("/admin/reports?period=range&from=2031-13-01&to=2031-03-01", { headers: { cookie: owner } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, errors: { from: "From must be a date (YYYY-MM-DD)." } });
    expect((await fetchRoute(`/admin/reports?${MARCH}`, { headers: { cookie: technician } })).status).toBe(403);
    expect((await fetchRoute(`/admin/reports/funnel/csv?${MARCH}`, { headers: { cookie: technician } })).status).toBe(403);
  });

  it("writes each table as a CSV by the export rules: a byte order mark, amounts as dollars, shares as numbers, formulas neutralised", async () => {
    const res = await fetchRoute(`/admin/reports/packages/csv?${MARCH}`, { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toContain("packages-2031-03-01-to-2031-03-31.csv");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const parsed = parseCsv(text);
    // The header and three packages.
    expect(parsed.ok && parsed.records.length).toBe(4);
    expect(text).toContain("Package,Tickets,Revenue,Share of revenue,Average ticket\r\nGold Detail,2,300.00,46.2,150.00\r\n");
    // A package named like a formula reaches the file as text.
    await db().updateTable("packages").set({ name: "=HYPERLINK(1)" }).where("name", "=", "Silver Wash").execute();
    await db().updateTable("invoice_lines").set({ description: "=HYPERLINK(1), Pontoon Boat (20 ft at $15.00 per foot)" }).where("description", "like", "Silver Wash,%").execute();
    const file = await reportCsv(db(), OWNER, "packages", MARCH, NOW);
    expect("body" in file && file.body).toContain("\r\n'=HYPERLINK(1),1,300.00,46.2,300.00\r\n");
    await db().updateTable("packages").set({ name: "Silver Wash" }).where("name", "=", "=HYPERLINK(1)").execute();
    await db().updateTable("invoice_lines").set({ description: "Silver Wash, Pontoon Boat (20 ft at $15.00 per foot)" }).where("description", "like", "=HYPERLINK(1),%").execute();
    // Eve's wash took 10 minutes less than booked: a negative number, written as one (not as the text "'-10").
    const jobTime = await reportCsv(db(), OWNER, "job-time", MARCH, NOW);
    expect("body" in jobTime && jobTime.body).toMatch(/,-10\r\n/);
    expect("body" in jobTime && jobTime.body).not.toContain("'-");
  });

  it("has a CSV for every table of the page; an unknown table is a 404 and a bad period a 400 saying why", async () => {
    const view = await reportsView(db(), OWNER, MARCH, NOW);
    for (const table of view.ok ? view.tables : []) {
      const res = await fetchRoute(`/admin/reports/${table.name}/csv?${MARCH}`, { headers: { cookie: owner } });
      expect(res.status, table.name).toBe(200);
      const lines = (await res.text()).replace("\uFEFF", "").trimEnd().split("\r\n");
      expect(lines.length, table.name).toBe(table.rows.length + 1);
    }
    expect((await fetchRoute(`/admin/reports/nothing/csv?${MARCH}`, { headers: { cookie: owner } })).status).toBe(404);
    const bad = await fetchRoute("/admin/reports/funnel/csv?period=range&from=2031-03-02&to=2031-03-01", { headers: { cookie: owner } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe("To must be on or after From.");
  });
});
