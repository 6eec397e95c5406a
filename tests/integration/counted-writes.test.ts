import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";
import { defaultListQuery } from "~/lib/list-query";
import { AppError } from "~/server/app-error.server";
import { stopBackgroundJobs } from "~/server/background.server";
import { contentVersion } from "~/server/counters.server";
import { openDatabase, type DB, type OpenDatabase } from "~/server/db.server";
import { mergeCustomers } from "~/server/customers/merge.server";
import { reloadEnv } from "~/server/env.server";
import { createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { sendEstimate } from "~/server/estimates/send.server";
import { createInvoice, invoiceToday, saveInvoice } from "~/server/invoices/invoices.server";
import { recordPayment } from "~/server/invoices/payments.server";
import { freeTimes } from "~/server/jobs/free-times.server";
import { cancelJob, markDone } from "~/server/jobs/job-status-changes.server";
import { LEADS_LIST, listLeads, newLeadCount } from "~/server/leads/inbox.server";
import { addLeadNote, changeLeadStatus } from "~/server/leads/lead.server";
import { queueDueReminders } from "~/server/leads/reminders.server";
import { migrateToLatest } from "~/server/migrate.server";
import { saveSettings } from "~/server/settings.server";
import { migrations } from "../../db/migrations";
import { estimateForm, insertLead } from "../helpers/estimates";
import { insertJob, invoiceForm, paymentForm } from "../helpers/invoices";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// Issue 33, point 1: every kind of write that changes a counted number (the
// admin tables' totals, the inbox's counts per status, the public pages'
// content version), about 100 of them at once. On PostgreSQL they are sent
// in turns through two connection pools, as two app processes behind a load
// balancer would send them; they used to deadlock (40P01, a 500) on the
// counter rows their triggers updated in opposite orders (docs/decisions/0104).
// None may fail now, and every number shown must equal a count of the rows.
// On the embedded database (one connection) the writes take turns: the same
// checks, no deadlock possible.
const OWNER = "owner@shine.example";
const ORIGIN = "https://shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, ADMIN_EMAILS: OWNER, MAIL_FROM: "Shine On Wheels <info@shine.example>", APP_URL: ORIGIN });
const db = () => database.db;
/** The second process's pool on a PostgreSQL server (none on the embedded database). */
let other: OpenDatabase | undefined;
let turn = 0;
/** The database handle of the next write: the two pools in turn. */
const next = () => (other && ++turn % 2 ? other.db : db());

let mailbox: SmtpSink;
let admin = "";
let ip = 0;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0" }, OWNER);
  admin = await sessionCookieFor(db(), OWNER, { admin: true });
  if (database.serverPool) other = openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! });
});
afterAll(async () => {
  await stopBackgroundJobs();
  await other?.close();
  await mailbox?.stop();
});

/** A request through the app's routes on `on`, from an address of its own (no rate limit is reached). */
function request(path: string, init: { method?: string; form?: Record<string, string>; json?: unknown; owner?: boolean } = {}, on: DB = db()): Promise<Response> {
  const headers: Record<string, string> = { origin: "http://localhost" };
  if (init.owner) headers.cookie = admin;
  let body: string | undefined;
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  } else if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  const method = init.method ?? (body === undefined ? "GET" : "POST");
  return callRoute(new Request(`http://localhost${path}`, { method, headers, body }), routeContext(on, { clientIp: `198.51.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` }));
}

interface Outcome {
  kind: string;
  status: number;
  error?: string;
}

/** What the visitor would get: a route's answer, or a domain call's (an AppError is its 4xx; any other error is a 500). */
async function attempt(kind: string, write: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = await write();
    if (!(result instanceof Response)) return { kind, status: 200 };
    return { kind, status: result.status, error: result.status >= 500 ? await result.text() : undefined };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { kind, status: error.status, error: error.message };
    const e = error as { code?: string; message?: string };
    return { kind, status: 500, error: `${e.code ?? ""} ${e.message ?? String(error)}`.trim() };
  }
}

/** A lead's draft estimate of one line; `status` makes it that (sent, accepted) as the customer's steps would. */
async function estimateOf(lead: number, status?: "sent" | "accepted"): Promise<{ id: number; token: string }> {
  const id = await createEstimate(db(), await leadOrigin(db(), lead), OWNER);
  await saveEstimate(db(), id, estimateForm([["Full detail", "1", "249"]], { durationMinutes: "60" }));
  if (status) {
    await db()
      .updateTable("estimates")
      .set({ status, sent_at: sql`now()`, decided_at: status === "accepted" ? sql`now()` : null })
      .where("id", "=", id)
      .execute();
  }
  return { id, token: (await getEstimate(db(), id)).token };
}

async function leads(n: number, status: LeadStatus): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await insertLead(db(), { status }));
  return ids;
}

/**
 * `n` offered times at least three hours apart, so no two bookings overlap
 * (with the travel buffer), none near the 12 hours' notice (still offered
 * when the burst comes).
 */
async function apartTimes(n: number): Promise<string[]> {
  const chosen: Date[] = [];
  for (const time of await freeTimes(db(), 60, new Date())) {
    if (time.getTime() < Date.now() + 13 * 3600_000) continue;
    if (chosen.every((c) => Math.abs(c.getTime() - time.getTime()) >= 3 * 3600_000)) chosen.push(time);
    if (chosen.length === n) break;
  }
  expect(chosen).toHaveLength(n);
  return chosen.map((t) => t.toISOString());
}

let unique = 0;

/** Every write of the burst, prepared; each returns its outcome when called. */
async function prepareWrites(): Promise<(() => Promise<Outcome>)[]> {
  const writes: (() => Promise<Outcome>)[] = [];
  // Each write is given the pool it goes through (next()) when the burst starts.
  const add = (kind: string, write: (on: DB) => Promise<unknown>) => writes.push(() => attempt(kind, () => write(next())));

  // The customer's Book This Time on an accepted estimate: the lead Booked, then two e-mails.
  const times = await apartTimes(12);
  for (const [i, lead] of (await leads(12, "quoted")).entries()) {
    const { token } = await estimateOf(lead, "accepted");
    add("book", (on) => request(`/estimates/${token}`, { form: { intent: "book", start: times[i]!, address: "45 Lake Dr, Grand Rapids, MI" } }, on));
  }
  // The owner's Send Estimate: the e-mail first, then the lead Quoted.
  const sendFrom: LeadStatus[] = ["new", "contacted", "lost"];
  for (let i = 0; i < 12; i++) {
    const [lead] = await leads(1, sendFrom[i % 3]!);
    const { id } = await estimateOf(lead!);
    add("send", (on) => sendEstimate(on, id, OWNER, ORIGIN));
  }
  // The customer's Accept and Decline (a decline makes the lead Lost).
  for (const [i, lead] of (await leads(8, "quoted")).entries()) {
    const { token } = await estimateOf(lead, "sent");
    add("decide", (on) => request(`/estimates/${token}`, { form: i % 2 ? { intent: "accept" } : { intent: "decline", reason: "Too far" } }, on));
  }
  // New quote requests from the website: the lead (New) and its e-mails.
  for (let i = 0; i < 12; i++) {
    const quote = { formId: "quote_form", name: `Burst Visitor ${i}`, email: `burst.visitor.${++unique}@example.com`, phone: "(616) 555-0142", vehicle_type: "Car", message: "A full detail please." };
    add("quote", (on) => request("/api/forms/submit", { json: quote }, on));
  }
  // The owner's status changes, in crossing directions.
  const moves: [LeadStatus, LeadStatus][] = [["quoted", "booked"], ["booked", "quoted"], ["new", "contacted"], ["contacted", "new"], ["completed", "lost"], ["lost", "completed"]];
  for (const [from, to] of [...moves, ...moves]) {
    const [lead] = await leads(1, from);
    add("status", (on) => changeLeadStatus(on, lead!, to, OWNER, to === "lost" ? "Sold the car" : ""));
  }
  // Notes (the transcript trigger updates the lead).
  for (const lead of await leads(6, "contacted")) add("note", (on) => addLeadNote(on, lead, "Called back, wants Saturday.", OWNER));
  // Leads to the trash and back (the counts go down, then up).
  for (const lead of [...(await leads(3, "new")), ...(await leads(3, "quoted"))]) {
    add("trash", (on) => request(`/api/tables/quote_requests/${lead}`, { method: "DELETE", owner: true }, on));
  }
  for (const lead of [...(await leads(2, "contacted")), ...(await leads(2, "booked"))]) {
    expect((await request(`/api/tables/quote_requests/${lead}`, { method: "DELETE", owner: true })).status).toBe(200);
    add("restore", (on) => request(`/api/tables/quote_requests/${lead}/restore`, { method: "POST", owner: true }, on));
  }
  // Jobs cancelled (the lead back to Quoted or Contacted, an e-mail) and done (the lead Completed).
  for (const lead of await leads(4, "booked")) {
    const job = await insertJob(db(), lead);
    add("cancel", (on) => cancelJob(on, job, "owner", OWNER, ORIGIN));
  }
  for (const lead of await leads(4, "booked")) {
    const job = await insertJob(db(), lead);
    add("done", (on) => markDone(on, job, OWNER));
  }
  // Payments in full: the receipt queued, then the lead Completed.
  for (const lead of await leads(4, "booked")) {
    const invoice = await createInvoice(db(), { jobId: await insertJob(db(), lead) }, OWNER);
    await saveInvoice(db(), invoice, invoiceForm([["Full detail", "1", "100"]]));
    await db().updateTable("invoices").set({ status: "sent", sent_at: sql`now()` }).where("id", "=", invoice).execute();
    add("payment", (on) => recordPayment(on, invoice, paymentForm("100", { date: invoiceToday() }), OWNER, ORIGIN));
  }
  // Reviews (a testimonial: the content version; the owner's e-mail) and the owner's own content edits.
  for (const [i, lead] of (await leads(4, "completed")).entries()) {
    const job = await insertJob(db(), lead);
    const token = `burst-review-token-${process.pid}-${++unique}-abcdefgh`;
    await db().insertInto("reviews").values({ job_id: job, token }).execute();
    add("review", (on) => request(`/reviews/${token}`, { form: { stars: "5", text: "Spotless, thank you!", displayName: "", consent: "yes" } }, on));
  }
  for (let i = 0; i < 3; i++) {
    const faq = await db().insertInto("faqs").values({ question: `Burst question ${++unique}?`, answer: "Yes.", category: "General" }).returning("id").executeTakeFirstOrThrow();
    add("content", (on) => request(`/api/tables/faqs/${faq.id}`, { method: "PATCH", owner: true, json: { answer: `Yes, ${i}.` } }, on));
    add("content", (on) => request("/api/tables/testimonials", { method: "POST", owner: true, json: { name: `Burst ${i}`, text: "Great work.", rating: 5 } }, on));
  }
  // Sign-in codes (the audit trail's table is counted too).
  for (let i = 0; i < 4; i++) add("sign-in", (on) => request("/api/send-otp", { json: { email: `burst.staff.${++unique}@example.com` } }, on));
  // Customer merges (every request of the source moves: an UPDATE of the leads).
  for (let i = 0; i < 2; i++) {
    const [a, b] = await Promise.all(["a", "b"].map((side, j) =>
      db().insertInto("quote_requests").values({ name: `Merge ${side} ${i}`, email: `merge.${side}.${++unique}@example.com`, phone: `(231) 555-${String(1000 + unique).slice(-4)}`, vehicle_type: "Car", message: "Twice." })
        .returning("customer_id").executeTakeFirstOrThrow()));
    add("merge", (on) => mergeCustomers(on, a!.customer_id, b!.customer_id, OWNER));
  }
  // The background's lead reminders: New leads cleared of their due time, each e-mail queued.
  const waiting = await leads(4, "new");
  await db().updateTable("quote_requests").set({ reminder_due_at: sql`now() - interval '1 minute'` }).where("id", "in", waiting).execute();
  for (let i = 0; i < 2; i++) add("reminders", (on) => queueDueReminders(on));

  // The route modules load (and compile) at their first request: before the burst, so that it is one.
  for (const path of ["/estimates/none", "/reviews/none", "/api/forms/submit", "/api/send-otp", "/api/tables/faqs", "/api/tables/testimonials/0", "/api/tables/quote_requests/0/restore"]) {
    expect((await request(path, { owner: true })).status).toBeLessThan(500);
  }
  return writes;
}

/** The numbers the dashboard shows: each counted table's total, and the inbox's count per status. */
async function shownNumbers() {
  const totals: Record<string, number> = {};
  for (const table of ["quote_requests", "email_outbox", "users", "auth_audit"]) {
    const res = await request(`/api/tables/${table}?limit=1`, { owner: true });
    expect(res.status).toBe(200);
    totals[table] = ((await res.json()) as { total: number }).total;
  }
  const { counts } = await listLeads(db(), defaultListQuery(LEADS_LIST));
  return { totals, counts, newLeads: await newLeadCount(db()) };
}

/** The same numbers, counted over the rows. */
async function countedNumbers() {
  const totals: Record<string, number> = {};
  for (const table of ["quote_requests", "email_outbox", "users", "auth_audit"]) {
    totals[table] = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db())).rows[0]!.n);
  }
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  const grouped = await db().selectFrom("quote_requests").select(["status", sql<string>`count(*)`.as("n")]).groupBy("status").execute();
  for (const row of grouped) counts[row.status as LeadStatus] = Number(row.n);
  return { totals, counts, newLeads: counts.new };
}

/** A fixed shuffle, so that every kind meets every other in the burst. */
function interleave<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 33;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe("writes that change counted numbers, all at once", () => {
  it("none fails, and every number shown equals a count of the rows", { timeout: 120_000 }, async () => {
    const writes = interleave(await prepareWrites());
    expect(await shownNumbers()).toEqual(await countedNumbers());
    const versionBefore = await contentVersion(db());

    const started = performance.now();
    const outcomes = await Promise.all(writes.map((write) => write()));
    const ms = performance.now() - started;
    const failed = outcomes.filter((o) => o.status >= 500);
    console.log(`[counted writes] ${outcomes.length} concurrent writes in ${ms.toFixed(0)} ms: ${failed.length} answered 500${failed.length ? ` (${failed.map((f) => f.kind).join(", ")})` : ""}`);
    expect(failed).toEqual([]);

    // Each did what it was asked (the burst holds no conflict of its own): nothing refused, every booking stored.
    expect(outcomes.filter((o) => o.status >= 400)).toEqual([]);
    const booked = await db().selectFrom("jobs").select("id").where("estimate_id", "is not", null).where("status", "=", "scheduled").execute();
    expect(booked).toHaveLength(12);

    expect(await shownNumbers()).toEqual(await countedNumbers());
    // Every content write (6 table edits, 4 reviews' testimonials) moved the public pages' version on.
    expect(await contentVersion(db())).toBeGreaterThanOrEqual(versionBefore + 10);
    // The burst's hundreds of counted statements were folded as they came: a sum reads a handful of rows.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM counter_deltas`.execute(db());
    expect(rows[0]!.n).toBeLessThan(150);
  });

  it("a TRUNCATE brings its tables' counters to 0", async () => {
    await db().insertInto("auth_audit").values([{ event: "code_sent", outcome: "sent" }, { event: "code_sent", outcome: "sent" }]).execute();
    await leads(2, "lost");
    expect((await shownNumbers()).totals.auth_audit).toBeGreaterThanOrEqual(2);
    // The leads, and with them what refers to them (the e-mails among it).
    await sql`TRUNCATE auth_audit, quote_requests CASCADE`.execute(db());
    const shown = await shownNumbers();
    expect(shown).toEqual(await countedNumbers());
    expect([shown.totals.auth_audit, shown.totals.quote_requests, shown.totals.email_outbox, shown.counts.lost]).toEqual([0, 0, 0, 0]);
  });
});

describe("the migration to counter rows without locks", () => {
  const THIS = "2026-11-29-50-counters-without-row-locks";
  const names = Object.keys(migrations).sort();
  const BEFORE = names[names.indexOf(THIS) - 1]!;
  const migrator = () => new Migrator({ db: db(), provider: { getMigrations: async () => migrations } });
  const oldNumbers = async () => ({
    rows: Object.fromEntries((await sql<{ t: string; n: number }>`SELECT table_name AS t, n::int AS n FROM row_counts`.execute(db())).rows.map((r) => [r.t, r.n])),
    leads: Object.fromEntries((await sql<{ s: string; n: number }>`SELECT status AS s, n::int AS n FROM lead_status_counts`.execute(db())).rows.map((r) => [r.s, r.n])),
    content: (await sql<{ v: number }>`SELECT version::int AS v FROM content_version`.execute(db())).rows[0]!.v,
  });

  it("keeps every number, down and up again", { timeout: 60_000 }, async () => {
    const [lead] = await leads(1, "quoted");
    const version = await contentVersion(db());
    const counted = await countedNumbers();

    // Down: the counter rows again, holding the same numbers, kept by the old triggers.
    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    const down = await oldNumbers();
    expect(down.rows).toEqual(counted.totals);
    expect(down.leads).toEqual(counted.counts);
    expect(down.content).toBe(version);
    await db().updateTable("quote_requests").set({ status: "booked" }).where("id", "=", lead!).execute();
    await insertLead(db(), { status: "new" });
    await db().insertInto("faqs").values({ question: "Between migrations?", answer: "Yes.", category: "General" }).execute();

    // Up: the rows of counter_deltas start from those numbers. The version is
    // read right after this migration, as a later one may change content too;
    // the numbers as shown need the app's own (latest) schema.
    expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
    expect(await contentVersion(db())).toBe(version + 1);
    await migrateToLatest(db());
    expect(await shownNumbers()).toEqual(await countedNumbers());
  });
});
