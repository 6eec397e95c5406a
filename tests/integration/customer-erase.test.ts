import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { dayIn, timeIn } from "~/lib/time-zone";
import { action as homeAction } from "~/routes/home";
import { eraseCustomer } from "~/server/customers/customer-erase.server";
import { exportCustomer } from "~/server/customers/customer-export.server";
import { addVehicle, updateContact } from "~/server/customers/customers.server";
import { vehicleSchema } from "~/lib/customer-input";
import { mergeCustomers } from "~/server/customers/merge.server";
import type { DB } from "~/server/db.server";
import { env, reloadEnv } from "~/server/env.server";
import { decideEstimate } from "~/server/estimates/decisions.server";
import { createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { sendEstimate } from "~/server/estimates/send.server";
import { createInvoice, saveInvoice } from "~/server/invoices/invoices.server";
import { recordPayment } from "~/server/invoices/payments.server";
import { sendInvoice } from "~/server/invoices/send.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { markDone } from "~/server/jobs/job-status-changes.server";
import { addLeadNote, changeLeadStatus } from "~/server/leads/lead.server";
import { submitQuote } from "~/server/quote.server";
import { publishReview } from "~/server/reviews/publish.server";
import { queueDueReviewRequests } from "~/server/reviews/review-requests.server";
import { reviewForCustomer, submitReview } from "~/server/reviews/review-page.server";
import { reviewSchema } from "~/lib/review-input";
import { parseForm } from "~/server/form-action.server";
import { unsubscribeTokenOf } from "~/server/reviews/unsubscribe.server";
import { uploadStorage } from "~/server/uploads/storage.server";
import { estimateForm } from "../helpers/estimates";
import { invoiceForm } from "../helpers/invoices";
import { privatePhoto } from "../helpers/private-photo";
import { inProcessFetch, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// Issue 34, a customer's data on request (docs/decisions/0122): Export Data
// and Erase Customer on a customer with everything, on PGlite or PostgreSQL
// (TEST_DATABASE_URL). The proof of the erase reads every text column of
// every table, and the upload storage.
const database = useTestDatabase({ SMTP_URL: undefined });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
const ORIGIN = "http://localhost";
const OWNER = "owner@shine.example";
const owner = { id: 1, email: OWNER, name: "", role: "owner" as const };
let cookie: string;
let staffCookie: string;

beforeAll(async () => {
  reloadEnv();
  cookie = await sessionCookieFor(db(), OWNER, { admin: true });
  staffCookie = await sessionCookieFor(db(), "helper@shine.example");
});

// What the erased person is known by; every one must be gone from every table after the erase.
const JANE = { name: "Jane Erasewell", email: "jane.erasewell@example.com", phone: "616-555-0199", address: "742 Evergreen Terrace, Grand Rapids" };
const NEEDLES = ["erasewell", "jane.old", "555-0199", "evergreen terrace", "gate code 4321", "zz-9876", "bluebell lane"];
const PHONE_DIGITS = ["6165550199", "6165550188"];

let ip = 10;
async function postQuote(fields: Record<string, string>, photo?: Buffer) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ vehicle_type: "SUV", message: "", service_address: "", ...fields })) body.set(k, v);
  if (photo) body.append("photos", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "erasewell-driveway.jpg");
  const request = new Request(`${ORIGIN}/?index`, { method: "POST", body });
  const result = (await homeAction({ request, params: {}, context: routeContext(db(), { clientIp: `198.51.100.${++ip}` }) } as any)) as any;
  expect(result?.init?.status ?? 200, JSON.stringify(result?.data ?? result)).toBe(200);
  return (await db().selectFrom("quote_requests").select(["id", "customer_id"]).where("email", "=", fields.email!).orderBy("id", "desc").executeTakeFirstOrThrow());
}

/** Jane with everything: requests (one with a photo, one lost, one in the trash, one of a merged record), notes, a vehicle, an estimate she accepted, a job, an invoice paid in part, a review, e-mails, history. */
async function janeWithEverything() {
  const first = await postQuote({ ...JANE, service_address: JANE.address, message: "Please call Jane Erasewell after 5" }, await privatePhoto("jpeg"));
  const id = first.customer_id;
  const lost = await postQuote({ ...JANE, message: "Boat at 9 Bluebell Lane" });
  const trashed = await postQuote({ ...JANE, message: "Duplicate from Jane Erasewell" });
  const old = await postQuote({ name: "Jane Erasewell", email: "jane.old@example.com", phone: "616-555-0188" });
  await mergeCustomers(db(), id, old.customer_id, OWNER);
  await updateContact(db(), id, { ...JANE, notes: "Gate code 4321" });
  await addVehicle(db(), id, vehicleSchema(new Date()).parse({ kind: "Car", make: "Chevrolet", model: "Tahoe", year: "2019", color: "Black", vehicleNotes: "Plate ZZ-9876" }));
  await addLeadNote(db(), first.id, "Spoke with Jane Erasewell at 616-555-0199", OWNER);
  await changeLeadStatus(db(), lost.id, "lost", OWNER, "Jane Erasewell sold the boat");
  expect((await app.fetch(`/api/tables/quote_requests/${trashed.id}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);

  const estimateId = await createEstimate(db(), await leadOrigin(db(), first.id), OWNER);
  await saveEstimate(db(), estimateId, estimateForm([["Ceramic coating for Jane Erasewell's Tahoe", "1", "300"], ["Interior detail", "2", "80"]], { message: "Hi Jane Erasewell!" }));
  await sendEstimate(db(), estimateId, OWNER, ORIGIN);
  await decideEstimate(db(), await getEstimate(db(), estimateId), "accepted");
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const zone = env().BUSINESS_TIME_ZONE;
  const job = await scheduleJob(db(), {
    from: await leadOrigin(db(), first.id),
    estimateId,
    input: { date: dayIn(startsAt, zone), startTime: timeIn(startsAt, zone), durationMinutes: 120, address: JANE.address, notes: "Gate code 4321" },
    actor: OWNER,
    origin: ORIGIN,
  });
  await markDone(db(), job.id, OWNER);
  const invoiceId = await createInvoice(db(), { jobId: job.id }, OWNER);
  await saveInvoice(db(), invoiceId, invoiceForm([["Ceramic coating for Jane Erasewell's Tahoe", "1", "300"], ["Interior detail", "2", "80"]], "Thank you, Jane Erasewell"));
  await sendInvoice(db(), invoiceId, OWNER, ORIGIN);
  await recordPayment(db(), invoiceId, { amount: "200.00", method: "Check", date: dayIn(new Date(), zone), note: "Check from Jane Erasewell" }, OWNER, ORIGIN);

  // The review request comes when it is due: stand at that moment.
  await db().updateTable("jobs").set({ review_due_at: sql`now()` }).where("id", "=", job.id).execute();
  expect(await queueDueReviewRequests(db())).toBe(1);
  const { token: reviewToken } = await db().selectFrom("reviews").select("token").where("job_id", "=", job.id).executeTakeFirstOrThrow();
  const form = new FormData();
  for (const [k, v] of Object.entries({ stars: "5", text: "Erasewell family loves the shine", displayName: "Jane Erasewell", consent: "yes" })) form.set(k, v);
  expect(await submitReview(db(), await reviewForCustomer(db(), reviewToken, "198.51.100.78"), parseForm(form, reviewSchema))).toBe(true);
  // Published, then deleted from the Testimonials table: the trash and the row history hold her name and words.
  await publishReview(db(), job.id, owner);
  const { testimonial_id } = await db().selectFrom("reviews").select("testimonial_id").where("job_id", "=", job.id).executeTakeFirstOrThrow();
  expect((await app.fetch(`/api/tables/testimonials/${testimonial_id}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);
  const unsubscribe = await unsubscribeTokenOf(db(), id);
  return { id, leads: [first.id, lost.id, old.id], trashed: trashed.id, estimateId, jobId: job.id, invoiceId, reviewToken, unsubscribe };
}

/** Every text-like column of every table in the schema. */
async function textColumns(db: DB) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'tstzrange')
    ORDER BY 1, 2`.execute(db);
  return rows;
}

/** Where any of the needles (or phone digits) still stands: "table.column: needle". */
async function whereFound(db: DB): Promise<string[]> {
  const found: string[] = [];
  for (const { table_name, column_name } of await textColumns(db)) {
    const col = sql`lower(${sql.ref(column_name)}::text)`;
    const checks = [
      ...NEEDLES.map((needle) => ({ needle, hit: sql<boolean>`strpos(${col}, ${needle}::text) > 0` })),
      ...PHONE_DIGITS.map((needle) => ({ needle, hit: sql<boolean>`strpos(regexp_replace(${col}, '[^0-9]', '', 'g'), ${needle}::text) > 0` })),
    ];
    const { rows } = await sql<Record<string, boolean>>`SELECT ${sql.join(checks.map((c, i) => sql`bool_or(${c.hit}) AS ${sql.ref(`n${i}`)}`))} FROM ${sql.table(table_name)}`.execute(db);
    checks.forEach((c, i) => {
      if (rows[0]![`n${i}`]) found.push(`${table_name}.${column_name}: ${c.needle}`);
    });
  }
  return found;
}

const books = async (invoiceId: number) => ({
  invoice: await db().selectFrom("invoices").select(["number", "status", "subtotal_cents", "tax_cents", "total_cents", "paid_cents", "due_date", "sent_at", "paid_at"]).where("id", "=", invoiceId).executeTakeFirstOrThrow(),
  lines: await db().selectFrom("invoice_lines").select(["position", "quantity", "unit_price_cents"]).where("invoice_id", "=", invoiceId).orderBy("position").execute(),
  payments: await db().selectFrom("payments").select(["amount_cents", "method", "paid_on", "deleted_at"]).where("invoice_id", "=", invoiceId).orderBy("id").execute(),
});

describe("a customer's data on request", () => {
  it("exports everything as one JSON file, then erases every personal detail everywhere while the books stay", { timeout: 180_000 }, async () => {
    const jane = await janeWithEverything();
    const bob = await postQuote({ name: "Bob Keepsake", email: "bob.keepsake@example.com", phone: "231-555-0142", message: "Keep me, Keepsake" });
    await addLeadNote(db(), bob.id, "Bob Keepsake wants a wax", OWNER);
    const bobBefore = {
      customer: await db().selectFrom("customers").selectAll().where("id", "=", bob.customer_id).executeTakeFirstOrThrow(),
      lead: await db().selectFrom("quote_requests").selectAll().where("id", "=", bob.id).executeTakeFirstOrThrow(),
      events: await db().selectFrom("lead_events").selectAll().where("lead_id", "=", bob.id).orderBy("id").execute(),
      history: await db().selectFrom("row_history").selectAll().where("table_name", "=", "quote_requests").where("row_id", "=", bob.id).orderBy("id").execute(),
    };
    const photos = await db().selectFrom("lead_photos").select("upload_name").where("lead_id", "=", jane.leads[0]!).execute();
    expect(photos).toHaveLength(1);
    const photoBase = photos[0]!.upload_name.slice(0, 32);
    const stored = async () => {
      const names: string[] = [];
      for await (const name of uploadStorage().list()) if (name.startsWith(photoBase)) names.push(name);
      return names;
    };
    expect((await stored()).length).toBeGreaterThan(1);
    const booksBefore = await books(jane.invoiceId);
    expect(Number(booksBefore.invoice.paid_cents)).toBe(20000);
    const tokens = {
      estimate: (await db().selectFrom("estimates").select("token").where("id", "=", jane.estimateId).executeTakeFirstOrThrow()).token,
      job: (await db().selectFrom("jobs").select("token").where("id", "=", jane.jobId).executeTakeFirstOrThrow()).token,
      invoice: (await db().selectFrom("invoices").select("token").where("id", "=", jane.invoiceId).executeTakeFirstOrThrow()).token,
    };
    const links = [`/estimates/${tokens.estimate}`, `/invoices/${tokens.invoice}`, `/appointments/${tokens.job}`, `/reviews/${jane.reviewToken}`, `/unsubscribe/${jane.unsubscribe}`];
    for (const link of links) expect((await app.fetch(link)).status, link).toBe(200);

    // Export Data: one JSON attachment, never cached, with every part.
    const res = await app.fetch(`/admin/customers/${jane.id}/export`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(new RegExp(`^attachment; filename="customer-${jane.id}-\\d{4}-\\d{2}-\\d{2}\\.json"`));
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const text = await res.text();
    const exported = JSON.parse(text);
    expect(exported.customerId).toBe(jane.id);
    expect(exported.customers.map((c: any) => c.id)).toEqual([jane.id, expect.any(Number)]);
    expect(exported.customers[0]).toMatchObject({ name: JANE.name, email: JANE.email, notes: "Gate code 4321" });
    expect(exported.vehicles).toContainEqual(expect.objectContaining({ make: "Chevrolet", notes: "Plate ZZ-9876" }));
    expect(exported.requests.map((r: any) => r.id).sort()).toEqual([...jane.leads].sort());
    const firstRequest = exported.requests.find((r: any) => r.id === jane.leads[0]);
    expect(firstRequest.photos).toEqual([{ url: `/uploads/${photos[0]!.upload_name}`, name: "erasewell-driveway.jpg" }]);
    expect(firstRequest.events.map((e: any) => e.body)).toContain("Spoke with Jane Erasewell at 616-555-0199");
    expect(exported.estimates).toEqual([expect.objectContaining({ id: jane.estimateId, status: "accepted", lines: expect.arrayContaining([expect.objectContaining({ description: "Interior detail" })]) })]);
    expect(exported.jobs).toEqual([expect.objectContaining({ id: jane.jobId, address: JANE.address, events: expect.any(Array) })]);
    expect(exported.invoices).toEqual([expect.objectContaining({ id: jane.invoiceId, number: Number(booksBefore.invoice.number), payments: [expect.objectContaining({ amount_cents: 20000, note: "Check from Jane Erasewell" })] })]);
    expect(exported.invoices[0].lines).toHaveLength(2);
    expect(exported.reviews).toEqual([expect.objectContaining({ stars: 5, text: "Erasewell family loves the shine" })]);
    expect(exported.emails.map((m: any) => m.kind)).toEqual(expect.arrayContaining(["owner_notification", "estimate", "invoice", "review_request", "review_new"]));
    expect(exported.emails.find((m: any) => m.kind === "invoice").attachments).toEqual([expect.stringMatching(/\.pdf$/)]);
    expect(exported.history.map((h: any) => h.change)).toEqual(expect.arrayContaining(["merged", "create"]));
    expect(exported.deletedRequests).toEqual([expect.objectContaining({ request: expect.objectContaining({ id: jane.trashed }) })]);
    // The links' secrets are no field of the file (the e-mails as sent hold them); Bob is not in it.
    expect(exported.invoices[0].token).toBeUndefined();
    expect(exported.emails.map((m: any) => m.id)).toContain(Number(exported.deletedRequests[0].with["email_outbox.lead_id"][0]));
    expect(text.toLowerCase()).not.toContain("keepsake");

    // Erase Customer: a POST, then the page says so.
    const erased = await app.fetch(`/admin/customers/${jane.id}`, { method: "POST", body: new URLSearchParams({ intent: "erase" }), headers: { cookie } });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("Location")).toBe(`/admin/customers/${jane.id}?done=erased`);

    expect(await whereFound(db())).toEqual([]);
    expect(await stored()).toEqual([]);
    expect(await books(jane.invoiceId)).toEqual(booksBefore);
    for (const link of links) expect((await app.fetch(link)).status, link).toBe(404);
    // The erase is recorded: who and when, nothing of the person.
    const record = await db().selectFrom("customer_events").select(["kind", "actor", "body"]).where("customer_id", "=", jane.id).where("kind", "=", "erased").execute();
    expect(record).toEqual([{ kind: "erased", actor: OWNER, body: expect.stringMatching(/^Personal details erased on request: 3 requests, 1 invoices/) }]);
    expect(await db().selectFrom("customers").select(["name", "erased_at"]).where("id", "=", jane.id).executeTakeFirstOrThrow()).toMatchObject({ name: "Erased customer", erased_at: expect.any(Date) });

    // Bob is untouched.
    expect(await db().selectFrom("customers").selectAll().where("id", "=", bob.customer_id).executeTakeFirstOrThrow()).toEqual(bobBefore.customer);
    expect(await db().selectFrom("quote_requests").selectAll().where("id", "=", bob.id).executeTakeFirstOrThrow()).toEqual(bobBefore.lead);
    expect(await db().selectFrom("lead_events").selectAll().where("lead_id", "=", bob.id).orderBy("id").execute()).toEqual(bobBefore.events);
    expect(await db().selectFrom("row_history").selectAll().where("table_name", "=", "quote_requests").where("row_id", "=", bob.id).orderBy("id").execute()).toEqual(bobBefore.history);

    // Not in the list, its search, or the merge's choice; a new request from the same address makes a new customer.
    const list = await (await app.fetch(`/admin/customers?q=erased`, { headers: { cookie } })).json();
    expect(list.customers).toEqual([]);
    const again = await submitQuote(db(), { ...JANE, vehicle_type: "SUV", message: "", service_address: "" } as never, "198.51.100.79");
    const { customer_id } = await db().selectFrom("quote_requests").select("customer_id").where("id", "=", again.id!).executeTakeFirstOrThrow();
    expect(customer_id).not.toBe(jane.id);
    // The page still answers, with the erase in its timeline.
    const page = await (await app.fetch(`/admin/customers/${jane.id}`, { headers: { cookie } })).json();
    expect(page.customer.erased).toBeTruthy();
    expect(page.timeline.map((t: any) => t.title)).toContain("Personal details erased");
  });

  it("is the owner's alone: another session is refused (403) by the routes and the server functions", async () => {
    const lead = await postQuote({ name: "Owner Only", email: "owner.only@example.com", phone: "616-555-0111" });
    const id = lead.customer_id;
    expect((await app.fetch(`/admin/customers/${id}/export`, { headers: { cookie: staffCookie } })).status).toBe(403);
    const post = await app.fetch(`/admin/customers/${id}`, { method: "POST", body: new URLSearchParams({ intent: "erase" }), headers: { cookie: staffCookie } });
    expect(post.status).toBe(403);
    const staff = { id: 2, email: "helper@shine.example", name: "", role: "technician" as const };
    await expect(eraseCustomer(db(), id, staff)).rejects.toMatchObject({ status: 403 });
    await expect(exportCustomer(db(), id, staff)).rejects.toMatchObject({ status: 403 });
    expect(await db().selectFrom("customers").select(["name", "erased_at"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ name: "Owner Only", erased_at: null });
    // No such customer: 404, for the export and the erase alike.
    expect((await app.fetch(`/admin/customers/999999/export`, { headers: { cookie } })).status).toBe(404);
    await expect(eraseCustomer(db(), 999999, owner)).rejects.toMatchObject({ status: 404 });
  });
});
