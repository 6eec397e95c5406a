import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instantIn } from "~/lib/time-zone";
import { action as homeAction } from "~/routes/home";
import { mergeCustomers } from "~/server/customers/merge.server";
import { openDatabase, type DB, type OpenDatabase } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { funnelCounts } from "~/server/reports/funnel.server";
import { jobTimeFigures } from "~/server/reports/job-time.server";
import { liveFunnelCounts, liveJobTimeFigures, liveRepeatFigures, liveRevenueFigures } from "~/server/reports/live-figures.server";
import { readPeriod, type ReportPeriod } from "~/server/reports/period.server";
import { repeatFigures } from "~/server/reports/repeat-customers.server";
import { revenueFigures } from "~/server/reports/revenue.server";
import { inProcessFetch, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 38's summaries (docs/decisions/0157): report_requests, report_sales
// and report_job_times are kept by statement triggers. After every kind of
// write (the quote form, bulk INSERT … SELECT, status changes, backdated
// done and paid times, deletes, the trash and its restore, line edits, a
// price book rename, a customer merge, and writes from three connections at
// once on PostgreSQL) each kept row must be its view's (the definition) and
// every figure read from them must equal the live query's
// (app/server/reports/live-figures.server.ts), over periods short and long.

const ZONE = "America/Detroit";
const database = useTestDatabase({ BUSINESS_TIME_ZONE: ZONE, SMTP_URL: undefined });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
const OWNER = "owner@summaries.example";
const NOW = instantIn("2026-01-15", "12:00", ZONE);
const at = (day: string, time = "12:00") => instantIn(day, time, ZONE);
let cookie = "";
let ownerId = 0;
/** Two more connection pools on a PostgreSQL server, as more app processes would write (none on the embedded database). */
const others: OpenDatabase[] = [];

beforeAll(async () => {
  reloadEnv();
  cookie = await sessionCookieFor(db(), OWNER, { admin: true });
  ownerId = (await db().selectFrom("users").select("id").where("email", "=", OWNER).executeTakeFirstOrThrow()).id;
  if (database.serverPool) for (let i = 0; i < 2; i++) others.push(openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! }));
});
afterAll(async () => {
  for (const o of others) await o.close();
});

const PERIODS = [
  "period=range&from=2025-03-01&to=2025-03-31",
  "period=range&from=2025-01-01&to=2025-12-31",
  "period=range&from=2025-06-15&to=2025-06-15",
  "period=range&from=2023-01-01&to=2026-12-31",
  // The quote form's requests are made now.
  "period=this-month",
].map((query) => {
  const reading = readPeriod(new URLSearchParams(query), query.includes("this-month") ? new Date() : NOW, ZONE);
  if (!reading.ok) throw new Error(query);
  return reading.period;
});

/** The summaries hold exactly their views' rows, and each figure read from them is the live query's, in every period. */
async function agree(step: string) {
  for (const [table, view] of [
    ["report_requests", "report_requests_live"],
    ["report_sales", "report_sales_live"],
    ["report_job_times", "report_job_times_live"],
  ] as const) {
    const { rows } = await sql`(TABLE ${sql.table(table)} EXCEPT ALL TABLE ${sql.table(view)}) UNION ALL (TABLE ${sql.table(view)} EXCEPT ALL TABLE ${sql.table(table)})`.execute(db());
    expect(rows, `${step}: ${table} against ${view}`).toEqual([]);
  }
  // The per-UTC-day rollups hold their summaries' counts and sums, day by day (rows of zeros aside).
  for (const [rollup, kept] of [
    [
      sql`SELECT day, source, came_back, estimated, booked, paid, requests::bigint AS n FROM report_request_days WHERE requests <> 0`,
      sql`SELECT (created_at AT TIME ZONE 'UTC')::date, source, came_back, estimated, booked, paid, count(*) FROM report_requests GROUP BY 1, 2, 3, 4, 5, 6`,
    ],
    [
      sql`SELECT day, line_keys, tickets::bigint, cents::numeric FROM report_sale_days WHERE tickets <> 0 OR cents <> 0`,
      sql`SELECT (paid_at AT TIME ZONE 'UTC')::date, line_keys, count(*), sum(subtotal_cents) FROM report_sales WHERE paid_at IS NOT NULL GROUP BY 1, 2`,
    ],
    [
      sql`SELECT day, line_keys, jobs::bigint, actual_minutes, booked_minutes FROM report_job_time_days WHERE jobs <> 0 OR actual_minutes <> 0 OR booked_minutes <> 0`,
      sql`SELECT (done_at AT TIME ZONE 'UTC')::date, line_keys, count(*), sum(actual_minutes), sum(duration_minutes) FROM report_job_times WHERE done_at IS NOT NULL GROUP BY 1, 2`,
    ],
  ] as const) {
    const { rows } = await sql`(${rollup} EXCEPT ALL ${kept}) UNION ALL (${kept} EXCEPT ALL ${rollup})`.execute(db());
    expect(rows, `${step}: a rollup against its summary`).toEqual([]);
  }
  for (const p of PERIODS) await figuresAgree(step, p);
}

async function figuresAgree(step: string, p: ReportPeriod) {
  const label = `${step}, ${p.from} to ${p.to}`;
  expect(await funnelCounts(db(), p), `${label}: funnel`).toEqual(await liveFunnelCounts(db(), p));
  expect(await revenueFigures(db(), p), `${label}: revenue`).toEqual(await liveRevenueFigures(db(), p));
  expect(await repeatFigures(db(), p), `${label}: repeat`).toEqual(await liveRepeatFigures(db(), p));
  expect(await jobTimeFigures(db(), p), `${label}: job time`).toEqual(await liveJobTimeFigures(db(), p));
}

const YEAR = PERIODS[1]!;

let ip = 0;
async function postQuote(name: string, email: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ name, email, phone: "616-555-0142", vehicle_type: "SUV", message: "A full detail, please", service_address: "" })) body.set(k, v);
  const request = new Request("http://localhost/?index", { method: "POST", body });
  const result = (await homeAction({ request, params: {}, context: routeContext(db(), { clientIp: `198.51.100.${++ip}` }) } as any)) as any;
  expect(result?.init?.status ?? 200, JSON.stringify(result?.data ?? result)).toBe(200);
  return db().selectFrom("quote_requests").select(["id", "customer_id"]).where("email", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
}

/** Words as the price book writes them, and others: per foot, an add-on before the package, a typed line with a comma. */
const LINES = [
  "Full Detail, Sedan or Coupe",
  "Ceramic Coat, Boat (18 ft at $12.00 per foot)",
  "Pet hair removal",
  "Full Detail, Boat (20 ft, minimum price)",
  "Hand wax, extra shine",
];

/**
 * Two years of a small business in one go, as the bench makes its data (INSERT … SELECT): 6 customers, 60 quote
 * requests, estimates for half (and 12 of their own), jobs for the accepted ones and 6 with neither, their invoices
 * mostly paid, lines of every kind, 2025 in Detroit.
 */
async function bulk() {
  await sql`INSERT INTO vehicle_classes (name, per_foot, sort_order) VALUES ('Sedan or Coupe', false, 1), ('Boat', true, 2)`.execute(db());
  await sql`INSERT INTO packages (name, sort_order) VALUES ('Full Detail', 1), ('Ceramic Coat', 2)`.execute(db());
  await sql`INSERT INTO customers (name, email) SELECT 'Summary ' || g, 'summary' || g || '@summaries.example' FROM generate_series(1, 6) g`.execute(db());
  const customers = (await db().selectFrom("customers").select("id").where("email", "like", "summary%").orderBy("id").execute()).map((c) => c.id);
  const c = sql.raw(`(ARRAY[${customers.join(",")}])`);
  await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, status, customer_id, created_at, updated_at)
    SELECT 'Summary lead ' || g, 'lead' || g || '@summaries.example', '6165550100', 'Car', 'contacted', ${c}[1 + g % 6], t, t
    FROM generate_series(1, 60) g, LATERAL (SELECT ${at("2025-01-01")}::timestamptz + g * interval '6 days 1 hour' AS t) x`.execute(db());
  await sql`INSERT INTO estimates (token, lead_id, customer_id, source, status, valid_until, created_at, updated_at)
    SELECT 'summary-est-' || q.id || '-abcdefghijklmnop', q.id, q.customer_id, 'quote_form',
           (ARRAY['draft','sent','accepted','accepted','declined','accepted'])[1 + q.id % 6], '2027-01-01', q.created_at + interval '1 hour', q.created_at
    FROM quote_requests q WHERE q.email LIKE 'lead%' AND q.id % 2 = 0`.execute(db());
  await sql`INSERT INTO estimates (token, customer_id, source, status, valid_until, created_at, updated_at)
    SELECT 'summary-own-' || g || '-abcdefghijklmnop', ${c}[1 + g % 6], (ARRAY['online_booking','plan','owner'])[1 + g % 3],
           (ARRAY['accepted','draft','sent','accepted'])[1 + g % 4], '2027-01-01', t, t
    FROM generate_series(1, 12) g, LATERAL (SELECT ${at("2025-01-03")}::timestamptz + g * interval '29 days' AS t) x`.execute(db());
  await sql`INSERT INTO estimate_lines (estimate_id, position, description, quantity, unit_price_cents)
    SELECT e.id, 0, (${LINES}::text[])[1 + e.id % 5], 1, 10000 FROM estimates e WHERE e.token LIKE 'summary-%'
    UNION ALL
    SELECT e.id, 1, (${LINES}::text[])[1 + (e.id / 5) % 5], 1, 2500 FROM estimates e WHERE e.token LIKE 'summary-%' AND e.id % 3 = 0`.execute(db());
  // One job a day for the accepted estimates and six owner's jobs with neither; done (through Start Job or not), cancelled, or ahead.
  await sql`INSERT INTO jobs (token, lead_id, estimate_id, customer_id, source, status, starts_at, duration_minutes, buffer_minutes, busy, started_at, done_at, cancelled_at, cancelled_by, created_at, updated_at)
    SELECT 'summary-job-' || w.n || '-abcdefghijklmnop', w.lead_id, w.estimate_id, w.customer_id, w.source, s.status, s.starts, 60, 0, tstzrange(s.starts, s.starts + interval '60 minutes'),
           CASE WHEN s.status = 'done' AND w.n % 5 <> 0 THEN s.starts END,
           CASE WHEN s.status = 'done' THEN s.starts + make_interval(mins => (40 + w.n % 45)::int) END,
           CASE WHEN s.status = 'cancelled' THEN w.created END, CASE WHEN s.status = 'cancelled' THEN (ARRAY['owner','customer'])[1 + w.n % 2] END,
           w.created, w.created
    FROM (
      SELECT row_number() OVER (ORDER BY created, estimate_id NULLS LAST, customer_id) AS n, * FROM (
        SELECT e.lead_id, e.id AS estimate_id, e.customer_id, e.source, e.created_at AS created FROM estimates e WHERE e.token LIKE 'summary-%' AND e.status = 'accepted'
        UNION ALL
        SELECT NULL, NULL, ${c}[1 + g % 6], 'owner', ${at("2025-02-01")}::timestamptz + g * interval '45 days' FROM generate_series(1, 6) g
      ) w0
    ) w,
    LATERAL (SELECT w.created + interval '3 days' AS starts) t,
    LATERAL (SELECT t.starts, CASE WHEN w.n % 7 = 3 THEN 'cancelled' WHEN w.n % 7 = 5 THEN 'scheduled' ELSE 'done' END AS status) s`.execute(db());
  // An invoice for each job not cancelled, paid two days after, but every fourth only sent; its lines are its estimate's.
  await sql`INSERT INTO invoices (token, lead_id, job_id, estimate_id, customer_id, status, subtotal_cents, tax_cents, total_cents, paid_cents, sent_at, paid_at, created_at, updated_at)
    SELECT 'summary-inv-' || j.id || '-abcdefghijklmnop', j.lead_id, j.id, j.estimate_id, j.customer_id, s.status, s.sub, 0, s.sub, CASE WHEN s.status = 'paid' THEN s.sub ELSE 0 END,
           j.starts_at, CASE WHEN s.status = 'paid' THEN j.starts_at + interval '2 days' END, j.starts_at, j.starts_at
    FROM jobs j, LATERAL (SELECT 10000 + j.id * 137 % 9000 AS sub, CASE WHEN j.id % 4 = 0 THEN 'sent' ELSE 'paid' END AS status) s
    WHERE j.token LIKE 'summary-%' AND j.status <> 'cancelled'`.execute(db());
  await sql`INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price_cents)
    SELECT i.id, l.position, l.description, 1, l.unit_price_cents FROM invoices i JOIN estimate_lines l ON l.estimate_id = i.estimate_id WHERE i.token LIKE 'summary-%'`.execute(db());
  return customers;
}

/** Figures the checks would pass on trivially must not be trivial: each part of each report has something in 2025. */
async function notTrivial() {
  const funnel = await liveFunnelCounts(db(), YEAR);
  for (const source of ["Quote form", "Online booking", "Plan", "Returning"]) expect(funnel.find((r) => r.source === source)!.requests, source).toBeGreaterThan(0);
  expect(funnel.reduce((n, r) => n + r.paid, 0)).toBeGreaterThan(0);
  const revenue = await liveRevenueFigures(db(), YEAR);
  expect(revenue.byPackage.length).toBeGreaterThanOrEqual(3);
  expect(revenue.byClass.length).toBeGreaterThanOrEqual(3);
  const repeat = await liveRepeatFigures(db(), YEAR);
  expect(repeat.repeatCustomers).toBeGreaterThan(0);
  expect(repeat.repeatCustomers).toBeLessThan(repeat.customers + 1);
  expect((await liveJobTimeFigures(db(), YEAR)).length).toBeGreaterThanOrEqual(3);
}

describe("report summaries kept by the database", () => {
  let customers: number[] = [];

  it("are filled by bulk inserts and agree with the live queries", async () => {
    customers = await bulk();
    await notTrivial();
    await agree("bulk inserts");
  });

  it("take the quote form's requests, new and returning customers alike", async () => {
    const fresh = await postQuote("Newcomer Summaries", "newcomer@summaries.example");
    const back = await postQuote("Summary 1", "summary1@summaries.example");
    const kept = await db().selectFrom("report_requests").select(["origin", "id", "source", "came_back"]).where("origin", "=", "quote").where("id", "in", [fresh.id, back.id]).orderBy("id").execute();
    expect(kept).toEqual([
      { origin: "quote", id: fresh.id, source: "quote_form", came_back: false },
      { origin: "quote", id: back.id, source: "quote_form", came_back: true },
    ]);
    await agree("quote form");
  });

  it("follow status changes, backdated done and paid times, and created times moved", async () => {
    const one = async (q: string) => Number((await sql<{ id: number }>`${sql.raw(q)}`.execute(db())).rows[0]!.id);
    const draft = await one("SELECT id FROM estimates WHERE status = 'draft' AND lead_id IS NOT NULL ORDER BY id LIMIT 1");
    await sql`UPDATE estimates SET status = 'sent' WHERE id = ${draft}`.execute(db());
    await agree("an estimate sent");
    const scheduled = await one("SELECT id FROM jobs WHERE status = 'scheduled' ORDER BY id LIMIT 1");
    await sql`UPDATE jobs SET status = 'done', started_at = starts_at, done_at = starts_at + interval '75 minutes' WHERE id = ${scheduled}`.execute(db());
    await agree("a job done");
    const sent = await one("SELECT id FROM invoices WHERE status = 'sent' ORDER BY id LIMIT 1");
    await sql`UPDATE invoices SET status = 'paid', paid_cents = total_cents, paid_at = sent_at + interval '1 day' WHERE id = ${sent}`.execute(db());
    await agree("an invoice paid");
    const booked = await one("SELECT id FROM jobs WHERE status = 'done' AND lead_id IS NOT NULL ORDER BY id DESC LIMIT 1");
    await sql`UPDATE jobs SET status = 'cancelled', cancelled_at = now(), cancelled_by = 'customer', started_at = NULL, done_at = NULL WHERE id = ${booked}`.execute(db());
    await agree("a done job cancelled");
    // The last customer's first work moved back to 2024: every request of theirs in 2025 becomes Returning.
    const last = customers[5]!;
    const firstDone = await one(`SELECT id FROM jobs WHERE customer_id = ${last} AND status = 'done' ORDER BY done_at LIMIT 1`);
    const before = await liveFunnelCounts(db(), YEAR);
    await sql`UPDATE jobs SET started_at = ${at("2024-06-01")}, done_at = ${at("2024-06-01", "13:00")} WHERE id = ${firstDone}`.execute(db());
    expect(await liveFunnelCounts(db(), YEAR)).not.toEqual(before);
    await agree("a done time backdated");
    const firstPaid = await one(`SELECT id FROM invoices WHERE customer_id = ${customers[2]} AND status = 'paid' ORDER BY paid_at LIMIT 1`);
    await sql`UPDATE invoices SET paid_at = ${at("2024-02-01")} WHERE id = ${firstPaid}`.execute(db());
    await agree("a paid time backdated");
    await sql`UPDATE invoices SET paid_at = ${at("2026-06-01")} WHERE id = ${firstPaid}`.execute(db());
    await agree("a paid time moved ahead");
    await sql`UPDATE quote_requests SET created_at = created_at + interval '100 days' WHERE id IN (SELECT id FROM quote_requests WHERE email LIKE 'lead%' ORDER BY id LIMIT 3)`.execute(db());
    await agree("requests' times moved");
    // A bulk update of every paid invoice, and one that changes nothing the summaries read.
    await sql`UPDATE invoices SET subtotal_cents = subtotal_cents + 100, total_cents = total_cents + 100, paid_cents = paid_cents + 100 WHERE status = 'paid'`.execute(db());
    await sql`UPDATE jobs SET notes = 'Gate code 1234'`.execute(db());
    await agree("bulk updates");
  });

  it("follow deletes, the trash and its restore, and edited lines", async () => {
    const paid = (await db().selectFrom("invoices").select("id").where("status", "=", "paid").orderBy("id").executeTakeFirstOrThrow()).id;
    await db().deleteFrom("invoices").where("id", "=", paid).execute();
    await agree("an invoice deleted");
    const done = (await db().selectFrom("jobs").select("id").where("status", "=", "done").where("estimate_id", "is not", null).orderBy("id").executeTakeFirstOrThrow()).id;
    await db().deleteFrom("jobs").where("id", "=", done).execute();
    await agree("a job deleted (its invoice unlinked)");
    // A request with its estimate, job and invoice to the trash through the API, then back.
    const { lead_id } = await db()
      .selectFrom("invoices as i")
      .innerJoin("jobs as j", (join) => join.onRef("j.lead_id", "=", "i.lead_id").on("j.status", "<>", "cancelled"))
      .select("i.lead_id")
      .where("i.status", "=", "paid")
      .orderBy("i.id", "desc")
      .executeTakeFirstOrThrow();
    const before = await db().selectFrom("report_requests").selectAll().where("origin", "=", "quote").where("id", "=", lead_id!).execute();
    expect(before[0]).toMatchObject({ booked: true, paid: true });
    expect((await app.fetch(`/api/tables/quote_requests/${lead_id}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);
    expect(await db().selectFrom("report_requests").selectAll().where("origin", "=", "quote").where("id", "=", lead_id!).execute()).toEqual([]);
    await agree("a request in the trash");
    expect((await app.fetch(`/api/tables/quote_requests/${lead_id}/restore`, { method: "POST", headers: { cookie } })).status).toBe(200);
    expect(await db().selectFrom("report_requests").selectAll().where("origin", "=", "quote").where("id", "=", lead_id!).execute()).toEqual(before);
    await agree("a request restored");
    // Lines: a package line's words changed, a first line deleted, a line put before the others.
    const line = await db().selectFrom("estimate_lines as l").innerJoin("jobs as j", "j.estimate_id", "l.estimate_id").select(["l.id"]).where("j.status", "=", "done").where("j.started_at", "is not", null).orderBy("l.id").executeTakeFirstOrThrow();
    await db().updateTable("estimate_lines").set({ description: "Ceramic Coat, Sedan or Coupe" }).where("id", "=", line.id).execute();
    await agree("an estimate line reworded");
    const first = await db().selectFrom("invoice_lines as l").innerJoin("invoices as i", "i.id", "l.invoice_id").select(["l.id", "l.invoice_id"]).where("i.status", "=", "paid").where("l.position", "=", 0).orderBy("l.id").executeTakeFirstOrThrow();
    await db().deleteFrom("invoice_lines").where("id", "=", first.id).execute();
    await db().insertInto("invoice_lines").values({ invoice_id: first.invoice_id, position: -1, description: "Full Detail, Boat (22 ft at $13.00 per foot)", quantity: 1, unit_price_cents: 100 }).execute();
    await agree("invoice lines deleted and added");
  });

  it("need no rewrite when the price book renames a package, and follow a customer merge", async () => {
    const versions = async () => (await sql<{ v: string }>`SELECT string_agg(xmin::text || ':' || invoice_id, ',' ORDER BY invoice_id) AS v FROM report_sales`.execute(db())).rows[0]!.v;
    const kept = await versions();
    await sql`UPDATE packages SET name = 'Full Detail Plus' WHERE name = 'Full Detail'`.execute(db());
    expect(await versions()).toBe(kept);
    expect((await revenueFigures(db(), YEAR)).byPackage.map((p) => p.name)).not.toContain("Full Detail");
    await agree("a package renamed");
    await sql`UPDATE packages SET name = 'Full Detail' WHERE name = 'Full Detail Plus'`.execute(db());
    await agree("the name back");
    await mergeCustomers(db(), customers[0]!, customers[1]!, { id: ownerId, email: OWNER });
    await agree("two customers merged");
  });

  it("stay right under writes from several connections at once", { timeout: 120_000 }, async () => {
    const pools = [db(), ...others.map((o) => o.db)];
    const writes: ((on: DB) => Promise<unknown>)[] = [];
    const live = customers.slice(2);
    for (const [i, customer] of live.entries()) {
      // For each customer, from different connections: a request, a job done early, an invoice paid, a job cancelled, an estimate of their own.
      writes.push((on) => sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, customer_id, created_at) VALUES ('Again', 'again@summaries.example', '6165550100', 'Car', ${customer}, ${at("2025-05-05")})`.execute(on));
      writes.push((on) =>
        on.transaction().execute(async (trx) => {
          await sql`UPDATE jobs SET started_at = ${at("2024-12-01")}, done_at = ${at("2024-12-01", "13:00")}, status = 'done'
            WHERE id = (SELECT id FROM jobs WHERE customer_id = ${customer} AND status = 'done' ORDER BY id DESC LIMIT 1)`.execute(trx);
          await sql`INSERT INTO estimates (token, customer_id, source, status, valid_until, created_at) VALUES (${`summary-race-${i}-abcdefghijklmnop`}, ${customer}, 'owner', 'accepted', '2027-01-01', ${at("2025-04-04")})`.execute(trx);
        }),
      );
      writes.push((on) => sql`UPDATE invoices SET status = 'paid', paid_cents = total_cents, paid_at = ${at("2024-11-11")} WHERE id = (SELECT id FROM invoices WHERE customer_id = ${customer} AND status = 'sent' ORDER BY id LIMIT 1)`.execute(on));
      writes.push((on) => sql`UPDATE jobs SET status = 'cancelled', cancelled_at = now(), cancelled_by = 'owner', started_at = NULL, done_at = NULL WHERE id = (SELECT id FROM jobs WHERE customer_id = ${customer} AND status = 'done' ORDER BY id LIMIT 1)`.execute(on));
      writes.push((on) => sql`UPDATE estimates SET status = 'accepted' WHERE customer_id = ${customer} AND status IN ('draft', 'sent')`.execute(on));
      writes.push((on) => sql`UPDATE invoices SET status = 'void', voided_at = now() WHERE id = (SELECT id FROM invoices WHERE customer_id = ${customer} AND status = 'paid' ORDER BY paid_at DESC LIMIT 1)`.execute(on));
    }
    // Interleaved: one customer's writes go to different connections and run side by side.
    await Promise.all(writes.map((write, i) => write(pools[i % pools.length]!)));
    await notTrivial();
    await agree("writes at once");
  });

  it("are rebuilt whole after a TRUNCATE", async () => {
    await sql`TRUNCATE invoice_lines`.execute(db());
    await agree("lines truncated");
  });
});
