import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { mergeCustomers } from "~/server/customers/merge.server";
import { leadOrigin, type WorkOrigin } from "~/server/customers/work-origin.server";
import { openDatabase, type DB } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { createEstimate, getEstimate } from "~/server/estimates/estimates.server";
import { createInvoice, getInvoice } from "~/server/invoices/invoices.server";
import { getJob } from "~/server/jobs/job-records.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { migrateToLatest } from "~/server/migrate.server";
import { QUOTE_REQUESTS } from "~/server/tables/record-tables.server";
import { deleteRow, restoreRow } from "~/server/tables/rows.server";
import { migrations } from "../../db/migrations";
import { createTestDatabase } from "../helpers/database";
import { insertLead } from "../helpers/estimates";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 34, "work hangs off the lead" (docs/decisions/0110): estimates, jobs
// and invoices belong to a customer; a lead is one optional source. On
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
const database = useTestDatabase({ SMTP_URL: undefined });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
const ADMIN = "owner@shine.example";
const OWNER = { id: 0, email: ADMIN, name: "Owner", role: "owner" as const };
let cookie: string;

beforeAll(async () => {
  reloadEnv();
  cookie = await sessionCookieFor(db(), ADMIN, { admin: true });
});

let day = 0;
/** A job for `from` on a day of its own (jobs may not overlap), as the owner's form books it. */
const book = (from: WorkOrigin) =>
  scheduleJob(db(), {
    from,
    input: { date: `2031-0${1 + (Math.floor(day / 28) % 9)}-${String((day++ % 28) + 1).padStart(2, "0")}`, startTime: "09:00", durationMinutes: 60, address: "12 Lake Dr", notes: "" },
    actor: ADMIN,
    origin: undefined,
  });
const timelineKeys = async (customerId: number): Promise<string[]> => {
  const res = await app.fetch(`/admin/customers/${customerId}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { timeline: { key: string }[] }).timeline.map((t) => t.key);
};
const customerIdsOf = async (table: "estimates" | "jobs" | "invoices", ids: number[]) =>
  (await db().selectFrom(table).select("customer_id").where("id", "in", ids).execute()).map((r) => r.customer_id);
const errorCode = (promise: Promise<unknown>) =>
  promise.then(
    () => "none",
    (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
  );

describe("work without a lead", () => {
  it("an estimate, a job and an invoice made for the customer alone carry the customer's details and show on the customer's page", async () => {
    const lead = await leadOrigin(db(), await insertLead(db()));
    await db().updateTable("customers").set({ name: "Record Name", phone: "(616) 555-0199" }).where("id", "=", lead.customerId).execute();
    const owner: WorkOrigin = { customerId: lead.customerId, leadId: null, source: "owner" };

    const estimate = await getEstimate(db(), await createEstimate(db(), owner, ADMIN));
    expect(estimate).toMatchObject({ customerId: lead.customerId, leadId: null, source: "owner" });
    // The details are the customer record's, not the request's.
    expect(estimate.customer).toMatchObject({ name: "Record Name", phone: "(616) 555-0199", vehicleType: "" });
    const job = await book({ ...owner, source: "plan" });
    expect(job).toMatchObject({ customerId: lead.customerId, leadId: null, source: "plan", customer: { name: "Record Name" } });
    const invoice = await getInvoice(db(), await createInvoice(db(), { customerId: lead.customerId, leadId: null }, ADMIN));
    expect(invoice).toMatchObject({ customerId: lead.customerId, leadId: null, customer: { name: "Record Name" } });
    // An invoice for the lead-less job follows the job's customer.
    const fromJob = await getInvoice(db(), await createInvoice(db(), { jobId: job.id }, ADMIN));
    expect(fromJob).toMatchObject({ customerId: lead.customerId, leadId: null, jobId: job.id });

    // The lead's work still names its lead and comes from the quote form.
    const leadJob = await book(lead);
    expect(leadJob).toMatchObject({ customerId: lead.customerId, leadId: lead.leadId, source: "quote_form" });
    expect(await timelineKeys(lead.customerId)).toEqual(
      expect.arrayContaining([`estimate-${estimate.id}`, `job-${job.id}`, `job-${leadJob.id}`, `invoice-${invoice.id}`, `invoice-${fromJob.id}`, `request-${lead.leadId}`]),
    );
    // Neither the lead's status nor its page is touched by work that is not its own.
    const leadPage = await app.fetch(`/admin/leads/${lead.leadId}`, { headers: { cookie } });
    const leadView = (await leadPage.json()) as { jobs: { id: number }[]; estimates: { id: number }[] };
    expect(leadView.jobs.map((j) => j.id)).toEqual([leadJob.id]);
    expect(leadView.estimates).toEqual([]);
  });

  it("the database holds the rules: a customer always, a known source, quote_form only with a lead, a lead's work is its customer's", async () => {
    const lead = await leadOrigin(db(), await insertLead(db()));
    const other = await leadOrigin(db(), await insertLead(db()));
    const estimate = (values: { customer: number | null; lead: number | null; source: string | null }) =>
      sql`INSERT INTO estimates (token, customer_id, lead_id, source, valid_until)
        VALUES (${`rule-token-${Math.random().toString(36).slice(2)}-abcdefghijklmnop`}, ${values.customer}, ${values.lead}, ${values.source}, current_date)`.execute(db());
    // No customer and no lead to take one from: NOT NULL.
    expect(await errorCode(estimate({ customer: null, lead: null, source: "owner" }))).toBe("23502");
    expect(await errorCode(sql`INSERT INTO invoices (token, customer_id) VALUES ('invoice-rule-token-abcdefghijklmnop', NULL)`.execute(db()))).toBe("23502");
    expect(await errorCode(estimate({ customer: lead.customerId, lead: null, source: "walk-in" }))).toBe("23514");
    expect(await errorCode(estimate({ customer: lead.customerId, lead: null, source: "quote_form" }))).toBe("23514");
    // Another customer's lead: the pair (lead_id, customer_id) refers to no request.
    expect(await errorCode(estimate({ customer: other.customerId, lead: lead.leadId, source: "quote_form" }))).toBe("23503");
    // Only the lead named: its customer and quote_form are filled in.
    expect(await errorCode(estimate({ customer: null, lead: lead.leadId, source: null }))).toBe("none");
    const filled = await db().selectFrom("estimates").select(["customer_id", "source"]).where("lead_id", "=", lead.leadId).executeTakeFirstOrThrow();
    expect(filled).toEqual({ customer_id: lead.customerId, source: "quote_form" });
  });
});

describe("merge and the trash", () => {
  it("a merge moves the source's work, with a lead and without, and the work of its requests in the trash", async () => {
    const target = await leadOrigin(db(), await insertLead(db()));
    const source = await leadOrigin(db(), await insertLead(db()));
    const trashed = await leadOrigin(db(), await insertLead(db()));
    // The trashed request is the source's too (the same person wrote twice).
    await db().updateTable("quote_requests").set({ customer_id: source.customerId }).where("id", "=", trashed.leadId).execute();
    const trashedOrigin = { ...trashed, customerId: source.customerId };
    const own = { customerId: source.customerId, leadId: null, source: "owner" } as const;
    const estimates = [await createEstimate(db(), source, ADMIN), await createEstimate(db(), own, ADMIN)];
    const jobs = [(await book(source)).id, (await book(own)).id];
    const invoices = [await createInvoice(db(), { jobId: jobs[0]! }, ADMIN), await createInvoice(db(), own, ADMIN)];
    const trashedJob = (await book(trashedOrigin)).id;
    await deleteRow(db(), QUOTE_REQUESTS, String(trashed.leadId), OWNER);

    await mergeCustomers(db(), target.customerId, source.customerId, ADMIN);
    expect(await customerIdsOf("estimates", estimates)).toEqual([target.customerId, target.customerId]);
    expect(await customerIdsOf("jobs", jobs)).toEqual([target.customerId, target.customerId]);
    expect(await customerIdsOf("invoices", invoices)).toEqual([target.customerId, target.customerId]);
    const keys = await timelineKeys(target.customerId);
    for (const id of estimates) expect(keys).toContain(`estimate-${id}`);
    for (const id of invoices) expect(keys).toContain(`invoice-${id}`);

    // The trashed request comes back to the target with its job.
    await restoreRow(db(), QUOTE_REQUESTS, String(trashed.leadId), OWNER);
    expect(await getJob(db(), trashedJob)).toMatchObject({ customerId: target.customerId, leadId: trashed.leadId });
    expect(await timelineKeys(target.customerId)).toContain(`job-${trashedJob}`);
  });

  it("deleting a lead takes its own work to the trash and leaves the customer's other work; a restore puts it back", async () => {
    const lead = await leadOrigin(db(), await insertLead(db()));
    const own = { customerId: lead.customerId, leadId: null, source: "owner" } as const;
    const leadEstimate = await createEstimate(db(), lead, ADMIN);
    const leadJob = (await book(lead)).id;
    const leadInvoice = await createInvoice(db(), { jobId: leadJob }, ADMIN);
    const ownEstimate = await createEstimate(db(), own, ADMIN);
    const ownJob = (await book(own)).id;
    const ownInvoice = await createInvoice(db(), own, ADMIN);

    await deleteRow(db(), QUOTE_REQUESTS, String(lead.leadId), OWNER);
    expect(await customerIdsOf("estimates", [leadEstimate, ownEstimate])).toEqual([lead.customerId]);
    expect((await db().selectFrom("jobs").select("id").where("customer_id", "=", lead.customerId).execute()).map((j) => j.id)).toEqual([ownJob]);
    expect((await db().selectFrom("invoices").select("id").where("customer_id", "=", lead.customerId).execute()).map((i) => i.id)).toEqual([ownInvoice]);
    const keys = await timelineKeys(lead.customerId);
    expect(keys).toEqual(expect.arrayContaining([`estimate-${ownEstimate}`, `job-${ownJob}`, `invoice-${ownInvoice}`]));
    expect(keys).not.toContain(`job-${leadJob}`);

    await restoreRow(db(), QUOTE_REQUESTS, String(lead.leadId), OWNER);
    expect(await getEstimate(db(), leadEstimate)).toMatchObject({ customerId: lead.customerId, leadId: lead.leadId, source: "quote_form" });
    expect(await getInvoice(db(), leadInvoice)).toMatchObject({ customerId: lead.customerId, leadId: lead.leadId, jobId: leadJob });
    expect(await timelineKeys(lead.customerId)).toEqual(expect.arrayContaining([`estimate-${leadEstimate}`, `job-${leadJob}`, `invoice-${leadInvoice}`]));
  });
});

describe("the migration to work that belongs to the customer", () => {
  const BEFORE = "2026-11-29-54-phone-e164";
  const THIS = "2026-11-29-60-work-belongs-to-the-customer";

  it("fills customer_id and source from each row's lead, leaves a trashed lead's work restorable, and goes back down", { timeout: 120_000 }, async () => {
    expect(Object.keys(migrations)).toContain(THIS);
    const testDb = await createTestDatabase({ empty: true });
    const opened = openDatabase({ url: testDb.url, dataDir: mkdtempSync(path.join(tmpdir(), "work-migration-")) });
    const old = opened.db as DB;
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(old)).rows[0]!;
      const lead = (email: string) =>
        one(sql<{ id: number; customer_id: number }>`INSERT INTO quote_requests (name, email, phone, vehicle_type) VALUES ('Old Lead', ${email}, '', 'Car') RETURNING id, customer_id`);
      let t = 0;
      const token = () => `old-shape-token-${++t}-abcdefghijklmnop`;
      const work = async (leadId: number, at: string) => ({
        estimate: (await one(sql<{ id: number }>`INSERT INTO estimates (token, lead_id, valid_until) VALUES (${token()}, ${leadId}, current_date) RETURNING id`)).id,
        job: (
          await one(sql<{ id: number }>`INSERT INTO jobs (lead_id, token, starts_at, duration_minutes, busy)
            VALUES (${leadId}, ${token()}, ${at}::timestamptz, 60, tstzrange(${at}::timestamptz, ${at}::timestamptz + interval '60 minutes', '[)')) RETURNING id`)
        ).id,
        invoice: (await one(sql<{ id: number }>`INSERT INTO invoices (token, lead_id) VALUES (${token()}, ${leadId}) RETURNING id`)).id,
      });
      const ann = await lead("ann@example.com");
      const bob = await lead("bob@example.com");
      const annWork = await work(ann.id, "2031-03-01T14:00:00Z");
      const bobWork = await work(bob.id, "2031-03-02T14:00:00Z");
      // A lead in the trash, its work kept in the old shape (no customer_id, no source).
      const gone = await lead("gone@example.com");
      const goneWork = await work(gone.id, "2031-03-03T14:00:00Z");
      await sql`INSERT INTO trash (table_name, row_id, row_data, dependents)
        SELECT 'quote_requests', q.id, to_jsonb(q), jsonb_build_object(
          'estimates', (SELECT jsonb_agg(to_jsonb(e)) FROM estimates e WHERE e.lead_id = q.id),
          'jobs', (SELECT jsonb_agg(to_jsonb(j)) FROM jobs j WHERE j.lead_id = q.id),
          'invoices', (SELECT jsonb_agg(to_jsonb(i)) FROM invoices i WHERE i.lead_id = q.id))
        FROM quote_requests q WHERE q.id = ${gone.id}`.execute(old);
      await sql`DELETE FROM quote_requests WHERE id = ${gone.id}`.execute(old);

      expect(await migrateToLatest(old)).toContain(THIS);
      const rowOf = (table: string, id: number) =>
        one(sql<{ customer_id: number; lead_id: number; source?: string }>`SELECT * FROM ${sql.table(table)} WHERE id = ${id}`);
      for (const [who, made] of [[ann, annWork], [bob, bobWork]] as const) {
        expect(await rowOf("estimates", made.estimate)).toMatchObject({ customer_id: who.customer_id, lead_id: who.id, source: "quote_form" });
        expect(await rowOf("jobs", made.job)).toMatchObject({ customer_id: who.customer_id, lead_id: who.id, source: "quote_form" });
        expect(await rowOf("invoices", made.invoice)).toMatchObject({ customer_id: who.customer_id, lead_id: who.id });
      }
      const notNull = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.columns
        WHERE table_name IN ('estimates', 'jobs', 'invoices') AND column_name = 'customer_id' AND is_nullable = 'NO'`);
      expect(notNull.n).toBe(3);

      // The trashed lead comes back with its work, which finds its customer from the lead.
      await restoreRow(old, QUOTE_REQUESTS, String(gone.id), OWNER);
      expect(await rowOf("estimates", goneWork.estimate)).toMatchObject({ customer_id: gone.customer_id, source: "quote_form" });
      expect(await rowOf("jobs", goneWork.job)).toMatchObject({ customer_id: gone.customer_id, source: "quote_form" });
      expect(await rowOf("invoices", goneWork.invoice)).toMatchObject({ customer_id: gone.customer_id });

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const { rows: columns } = await sql`SELECT table_name FROM information_schema.columns
        WHERE table_name IN ('estimates', 'jobs', 'invoices') AND column_name IN ('customer_id', 'source')`.execute(old);
      expect(columns).toEqual([]);
      expect(await rowOf("jobs", annWork.job)).toMatchObject({ lead_id: ann.id });
    } finally {
      await opened.close();
      await testDb.drop();
    }
  });
});
