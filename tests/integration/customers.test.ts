import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { action as homeAction } from "~/routes/home";
import { openDatabase, type DB } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { migrateToLatest } from "~/server/migrate.server";
import { createEstimate } from "~/server/estimates/estimates.server";
import { businessToday } from "~/server/time-zone.server";
import { createInvoice, saveInvoice } from "~/server/invoices/invoices.server";
import { deletePayment, recordPayment } from "~/server/invoices/payments.server";
import { sendInvoice } from "~/server/invoices/send.server";
import { submitQuote } from "~/server/quote.server";
import { migrations } from "../../db/migrations";
import { createTestDatabase } from "../helpers/database";
import { invoiceForm } from "../helpers/invoices";
import { privatePhoto } from "../helpers/private-photo";
import { inProcessFetch, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// Issue 23, first part (docs/decisions/0090): every quote request belongs to
// a customer, matched by e-mail (letter case ignored) or the phone's last ten
// digits; the customer pages; merge. On PGlite, or PostgreSQL with
// TEST_DATABASE_URL (where the concurrent submissions run on separate connections).
const database = useTestDatabase({ SMTP_URL: undefined });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
const ADMIN = "owner@shine.example";
let cookie: string;

beforeAll(async () => {
  reloadEnv();
  cookie = await sessionCookieFor(db(), ADMIN, { admin: true });
});

let n = 0;
const freshIp = () => `198.51.100.${(++n % 250) + 1}`;
const quote = (overrides: Partial<Record<"name" | "email" | "phone" | "vehicle_type" | "message", string>> = {}) => ({
  name: `Customer ${++n}`,
  email: `customer${n}@example.com`,
  phone: `(616) 555-${String(1000 + n).slice(-4)}`,
  vehicle_type: "Car",
  message: "",
  service_address: "",
  ...overrides,
});
async function submit(overrides: Parameters<typeof quote>[0] = {}) {
  const { id } = await submitQuote(db(), quote(overrides) as never, `203.0.113.${(++n % 250) + 1}`);
  return id!;
}
const customerOf = async (leadId: number) =>
  (await db().selectFrom("quote_requests").select("customer_id").where("id", "=", leadId).executeTakeFirstOrThrow()).customer_id;
const customerRow = (id: number) => db().selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const get = async (url: string) => {
  const res = await app.fetch(url, { headers: { cookie } });
  return { status: res.status, location: res.headers.get("Location"), body: res.headers.get("content-type")?.includes("json") ? ((await res.json()) as any) : null };
};
const post = async (url: string, fields: Record<string, string>) => {
  const res = await app.fetch(url, { method: "POST", body: new URLSearchParams(fields), headers: { cookie } });
  return { status: res.status, location: res.headers.get("Location"), body: res.status === 303 ? null : ((await res.json()) as any) };
};

describe("matching a request to its customer", () => {
  it("by e-mail with letter case and spaces ignored, else by the phone's last ten digits, else a new customer", async () => {
    const first = await submit({ email: "Jane.Doe@Example.com", phone: "616-555-0101", name: "Jane Doe" });
    const sameEmail = await submit({ email: "  jane.doe@example.COM ", phone: "999-555-0000" });
    const samePhone = await submit({ email: "jane.work@example.com", phone: "+1 (616) 555 0101" });
    const stranger = await submit({ email: "someone.else@example.com", phone: "616-555-0102" });
    const customer = await customerOf(first);
    expect(await customerOf(sameEmail)).toBe(customer);
    expect(await customerOf(samePhone)).toBe(customer);
    expect(await customerOf(stranger)).not.toBe(customer);
    expect(await customerRow(customer)).toMatchObject({ name: "Jane Doe", email: "Jane.Doe@Example.com", phone: "616-555-0101", phone_digits: "6165550101" });
    // A phone without ten digits matches no one by phone.
    const short1 = await submit({ email: "short1@example.com", phone: "555-0199 ext" });
    const short2 = await submit({ email: "short2@example.com", phone: "555-0199 ext" });
    expect(await customerOf(short1)).not.toBe(await customerOf(short2));
  });

  it("through the form, with and without photos: the request and its customer in one transaction", async () => {
    const jpeg = await privatePhoto("jpeg");
    const post = async (email: string, withPhoto: boolean) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(quote({ email, phone: "616-555-0177" }))) body.set(k, v);
      if (withPhoto) body.append("photos", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "front.jpg");
      else body.append("photos", new Blob([]), "");
      const request = new Request("http://localhost/?index", { method: "POST", body });
      const result = (await homeAction({ request, params: {}, context: routeContext(db(), { clientIp: freshIp() }) } as any)) as any;
      expect(result?.init?.status ?? 200, JSON.stringify(result?.data ?? result)).toBe(200);
      return db().selectFrom("quote_requests").select(["id", "customer_id"]).where("email", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
    };
    const plain = await post("form.person@example.com", false);
    const photo = await post("FORM.person@example.com", true);
    expect(photo.customer_id).toBe(plain.customer_id);
    expect(await db().selectFrom("lead_photos").select("lead_id").where("lead_id", "=", photo.id).execute()).toHaveLength(1);
  });

  it("makes one customer of simultaneous requests from one new person (same e-mail; same phone, other e-mails)", { timeout: 60_000 }, async () => {
    const byEmail = await Promise.all(Array.from({ length: 8 }, (_, i) => submit({ email: i % 2 ? "RACE@example.com" : "race@example.com", phone: `555-01${i}` })));
    const emailCustomers = new Set(await Promise.all(byEmail.map(customerOf)));
    expect(emailCustomers.size).toBe(1);
    const byPhone = await Promise.all(Array.from({ length: 8 }, (_, i) => submit({ email: `racer${i}@example.com`, phone: "(231) 555-0142" })));
    expect(new Set(await Promise.all(byPhone.map(customerOf))).size).toBe(1);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers WHERE lower(email) = 'race@example.com' OR phone_digits = '2315550142'`.execute(db());
    expect(rows[0]!.n).toBe(2);
  });

  it("links a request inserted without one (the dashboard grid, SQL) by the same rule", async () => {
    const known = await submit({ email: "grid.person@example.com" });
    const res = await app.fetch("/api/tables/quote_requests", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Grid Person", email: "GRID.PERSON@example.com", phone: "2025550100", vehicle_type: "SUV", status: "new" }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await customerOf(id)).toBe(await customerOf(known));
  });
});

describe("a lead's customer", () => {
  it("stays when the lead is deleted, and the restored lead finds it again", async () => {
    const lead = await submit({ email: "trash.person@example.com" });
    const customer = await customerOf(lead);
    expect((await app.fetch(`/api/tables/quote_requests/${lead}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);
    expect(await customerRow(customer)).toMatchObject({ id: customer, merged_into: null });
    expect((await app.fetch(`/api/tables/quote_requests/${lead}/restore`, { method: "POST", headers: { cookie } })).status).toBe(200);
    expect(await customerOf(lead)).toBe(customer);
  });

  it("the lead page says Returning customer when they have other requests, with their record one link away", async () => {
    const first = await submit({ email: "back.again@example.com" });
    expect((await get(`/admin/leads/${first}`)).body.customer).toMatchObject({ returning: false, otherRequests: 0 });
    const second = await submit({ email: "Back.Again@example.com" });
    const page = await get(`/admin/leads/${second}`);
    expect(page.body.customer).toMatchObject({ id: await customerOf(first), returning: true, otherRequests: 1, otherJobs: 0 });
  });
});

describe("/admin/customers", () => {
  it("searches by name, e-mail and phone digits, sorts and pages", async () => {
    const tag = `Zeta${Date.now()}`;
    for (let i = 0; i < 27; i++) await submit({ name: `${tag} ${String(i).padStart(2, "0")}`, email: `${tag.toLowerCase()}${i}@list.example`, phone: `(810) 555-${String(2000 + i)}` });
    const byName = await get(`/admin/customers?q=${tag}&sort=name:asc`);
    expect(byName.body.total).toBe(27);
    expect(byName.body.customers).toHaveLength(25);
    expect(byName.body.customers[0].name).toBe(`${tag} 00`);
    expect(byName.body.pager).toMatchObject({ page: 1, pages: 2, next: `/admin/customers?page=2&sort=name%3Aasc&q=${tag}` });
    const second = await get(byName.body.pager.next);
    expect(second.body.customers.map((c: { name: string }) => c.name)).toEqual([`${tag} 25`, `${tag} 26`]);
    const desc = await get(`/admin/customers?q=${tag}&sort=name:desc`);
    expect(desc.body.customers[0].name).toBe(`${tag} 26`);
    expect((await get(`/admin/customers?q=${tag.toLowerCase()}7@LIST`)).body.customers.map((c: { name: string }) => c.name)).toEqual([`${tag} 07`]);
    expect((await get(`/admin/customers?q=810-555-2013`)).body.customers.map((c: { name: string }) => c.name)).toEqual([`${tag} 13`]);
    expect((await get(`/admin/customers?sort=nope:asc`)).body.error).toBeTruthy();
  });
});

describe("a customer's page", () => {
  it("shows the contact details, vehicles, the timeline newest first and Lifetime Value $0.00", async () => {
    const first = await submit({ email: "page.person@example.com", name: "Page Person" });
    const second = await submit({ email: "page.person@example.com" });
    const id = await customerOf(first);
    const page = await get(`/admin/customers/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.customer).toMatchObject({ id, name: "Page Person", email: "page.person@example.com" });
    expect(page.body.lifetimeValue).toBe("$0.00");
    expect(page.body.timeline.map((t: { key: string }) => t.key)).toEqual([`request-${second}`, `request-${first}`]);
    expect((await get(`/admin/customers/999999`)).status).toBe(404);
    expect((await get(`/admin/customers/abc`)).status).toBe(404);
  });

  it("sums the customer's payments as Lifetime Value and shows estimates, invoices and payments in the timeline", async () => {
    const lead = await submit({ email: "paying.person@example.com" });
    const id = await customerOf(lead);
    const estimateId = await createEstimate(db(), await leadOrigin(db(), lead), ADMIN);
    const invoiceId = await createInvoice(db(), await leadOrigin(db(), lead), ADMIN);
    await saveInvoice(db(), invoiceId, invoiceForm([["Full detail", "1", "200"]]));
    await sendInvoice(db(), invoiceId, ADMIN, undefined);
    await recordPayment(db(), invoiceId, { amount: "50.00", method: "Cash", date: businessToday(), note: "" }, ADMIN, undefined);
    await recordPayment(db(), invoiceId, { amount: "25.25", method: "Zelle", date: businessToday(), note: "" }, ADMIN, undefined);
    const page = await get(`/admin/customers/${id}`);
    expect(page.body.lifetimeValue).toBe("$75.25");
    const keys = page.body.timeline.map((t: { key: string }) => t.key.replace(/-\d+$/, ""));
    expect(keys.filter((k: string) => k === "payment")).toHaveLength(2);
    expect(keys).toContain("invoice");
    expect(page.body.timeline).toContainEqual(expect.objectContaining({ key: `estimate-${estimateId}`, href: `/admin/estimates/${estimateId}` }));
    const [payment] = await db().selectFrom("payments").select("id").where("invoice_id", "=", invoiceId).orderBy("id").execute();
    await deletePayment(db(), invoiceId, payment!.id, ADMIN);
    expect((await get(`/admin/customers/${id}`)).body.lifetimeValue).toBe("$25.25");
  });

  it("saves the contact details; a wrong field is named and nothing is saved", async () => {
    const id = await customerOf(await submit({ email: "edit.person@example.com" }));
    const other = await customerOf(await submit({ email: "taken@example.com" }));
    expect(other).not.toBe(id);
    const ok = await post(`/admin/customers/${id}`, { intent: "contact", name: "Edited Name", email: "edit.person@example.com", phone: "616 555 0300", notes: "Gate code 1234" });
    expect(ok).toMatchObject({ status: 303, location: `/admin/customers/${id}?done=saved` });
    expect(await customerRow(id)).toMatchObject({ name: "Edited Name", phone_digits: "6165550300", notes: "Gate code 1234" });
    const bad = await post(`/admin/customers/${id}`, { intent: "contact", name: "", email: "not-an-address", phone: "12", notes: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      name: "Name is required.",
      email: "Email must be an e-mail address, like name@example.com.",
      phone: "Phone is not valid.",
    });
    expect(bad.body.values.email).toBe("not-an-address");
    const taken = await post(`/admin/customers/${id}`, { intent: "contact", name: "Edited Name", email: "TAKEN@example.com", phone: "", notes: "" });
    expect(taken.status).toBe(409);
    expect(taken.body.fields.email).toBe(`Customer #${other} has this e-mail already: merge the two records instead.`);
    expect(await customerRow(id)).toMatchObject({ name: "Edited Name", email: "edit.person@example.com" });
  });

  it("adds a vehicle (Kind, Make, Model, Year, Color), refuses a wrong one by field, removes one", async () => {
    // "Other" names no vehicle: the record starts with none (a named one is added: quote-vehicle.test.ts).
    const id = await customerOf(await submit({ email: "car.person@example.com", vehicle_type: "Other" }));
    const next = new Date().getUTCFullYear() + 1;
    const add = (fields: Record<string, string>) =>
      post(`/admin/customers/${id}`, { intent: "add-vehicle", kind: "Boat", make: "Sea Ray", model: "SPX 190", year: String(next), color: "White", vehicleNotes: "", ...fields });
    expect(await add({})).toMatchObject({ status: 303, location: `/admin/customers/${id}?done=vehicle-added` });
    const bad = await add({ kind: "Spaceship", year: String(next + 1), make: "", model: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      kind: "Kind must be one of Car, Truck, SUV, Van, Boat, RV, Motorcycle, Other.",
      make: "Enter the Make or the Model.",
      year: `Year must be a year from 1900 to ${next}.`,
    });
    expect((await add({ year: "1899" })).body.fields.year).toBe(`Year must be a year from 1900 to ${next}.`);
    const vehicles = (await get(`/admin/customers/${id}`)).body.vehicles;
    expect(vehicles).toEqual([expect.objectContaining({ kind: "Boat", make: "Sea Ray", model: "SPX 190", year: next, color: "White" })]);
    expect(await post(`/admin/customers/${id}`, { intent: "remove-vehicle", vehicle: String(vehicles[0].id) })).toMatchObject({ status: 303 });
    expect((await get(`/admin/customers/${id}`)).body.vehicles).toEqual([]);
    expect((await post(`/admin/customers/${id}`, { intent: "remove-vehicle", vehicle: String(vehicles[0].id) })).status).toBe(404);
  });
});

describe("merge", () => {
  it("moves everything into the record, keeps what it lacked, says so in its timeline, and later requests follow", async () => {
    const keepLead = await submit({ email: "kept@example.com", phone: "", name: "Kept Record", vehicle_type: "Other" });
    const target = await customerOf(keepLead);
    const goneLead = await submit({ email: "old.address@example.com", phone: "269-555-0401", name: "Old Record", vehicle_type: "Other" });
    const source = await customerOf(goneLead);
    await post(`/admin/customers/${source}`, { intent: "add-vehicle", kind: "Truck", make: "Ford", model: "F-150", year: "2020", color: "Red", vehicleNotes: "" });
    // One of the source's requests waits in the trash.
    const trashedLead = await submit({ email: "old.address@example.com", vehicle_type: "Other" });
    expect((await app.fetch(`/api/tables/quote_requests/${trashedLead}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);

    const found = await get(`/admin/customers/${target}?merge=old.address`);
    expect(found.body.merge.candidates).toEqual([expect.objectContaining({ id: source, name: "Old Record" })]);

    // The confirm step shows what would move and changes nothing.
    const confirm = (await get(`/admin/customers/${target}?confirm-merge=${source}`)).body.merge.preview;
    expect(confirm).toEqual({ ok: true, source: { id: source, name: "Old Record", email: "old.address@example.com", phone: "269-555-0401" }, requests: "1 request", vehicles: "1 vehicle" });
    expect(await customerOf(goneLead)).toBe(source);

    expect(await post(`/admin/customers/${target}`, { intent: "merge", source: String(source) })).toMatchObject({ status: 303, location: `/admin/customers/${target}?done=merged` });
    expect(await customerOf(goneLead)).toBe(target);
    expect(await customerRow(source)).toMatchObject({ merged_into: target });
    // The phone the record lacked is kept; its own e-mail stays.
    expect(await customerRow(target)).toMatchObject({ email: "kept@example.com", phone: "269-555-0401", merged_into: null });
    const page = (await get(`/admin/customers/${target}`)).body;
    expect(page.vehicles).toEqual([expect.objectContaining({ make: "Ford", model: "F-150" })]);
    expect(page.timeline[0]).toMatchObject({ kind: "merged", title: "Records merged" });
    expect(page.timeline[0].detail).toBe(`Customer #${source} (Old Record, old.address@example.com, 269-555-0401) merged into this record: 1 request and 1 vehicle moved. (${ADMIN})`);
    expect(page.timeline.map((t: { key: string }) => t.key)).toContain(`request-${goneLead}`);
    // The merged record's page leads to the record it joined; it is no longer listed.
    expect(await get(`/admin/customers/${source}`)).toMatchObject({ status: 302, location: `/admin/customers/${target}` });
    expect((await get(`/admin/customers?q=old.address`)).body.total).toBe(0);
    // The trashed request comes back to the joined record; a new request from the old address finds it too.
    expect((await app.fetch(`/api/tables/quote_requests/${trashedLead}/restore`, { method: "POST", headers: { cookie } })).status).toBe(200);
    expect(await customerOf(trashedLead)).toBe(target);
    expect(await customerOf(await submit({ email: "OLD.ADDRESS@example.com", phone: "" }))).toBe(target);
  });

  it("refuses to merge a record into itself, an unknown one, or one merged already, with a clear message", async () => {
    const id = await customerOf(await submit({ email: "self.merge@example.com" }));
    const self = await post(`/admin/customers/${id}`, { intent: "merge", source: String(id) });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe("A customer cannot be merged into itself: choose another customer.");
    expect(self.body.fields.source).toBe(self.body.error);
    expect((await post(`/admin/customers/${id}`, { intent: "merge", source: "999999" })).body.error).toBe("There is no customer #999999 to merge.");
    expect((await post(`/admin/customers/${id}`, { intent: "merge", source: "abc" })).body.fields.source).toMatch(/^Customer Number must be/);
    const other = await customerOf(await submit({ email: "merged.once@example.com" }));
    expect((await post(`/admin/customers/${id}`, { intent: "merge", source: String(other) })).status).toBe(303);
    expect((await post(`/admin/customers/${id}`, { intent: "merge", source: String(other) })).body.error).toBe(`Customer #${other} was merged into customer #${id} already.`);
    // The confirm step refuses the same with the same words.
    const preview = async (typed: string) => (await get(`/admin/customers/${id}?confirm-merge=${encodeURIComponent(typed)}`)).body.merge.preview;
    expect(await preview(String(id))).toEqual({ ok: false, error: "A customer cannot be merged into itself: choose another customer." });
    expect(await preview("999999")).toEqual({ ok: false, error: "There is no customer #999999 to merge." });
    expect((await preview("abc")).error).toMatch(/^Customer Number must be/);
    expect(await preview(`#${other}`)).toEqual({ ok: false, error: `Customer #${other} was merged into customer #${id} already.` });
  });
});

describe("the migration to customers", () => {
  const BEFORE = "2026-11-28-06-jobs";
  const THIS = "2026-11-28-08-customers";

  it("links every existing request (oldest first, by the same rule) and makes the link required", { timeout: 90_000 }, async () => {
    expect(Object.keys(migrations)).toContain(THIS);
    const testDb = await createTestDatabase({ empty: true });
    const opened = openDatabase({ url: testDb.url, dataDir: mkdtempSync(path.join(tmpdir(), "customers-migration-")) });
    const old = opened.db as DB;
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const insert = (name: string, email: string, phone: string, createdAt: string) =>
        sql<{ id: number }>`INSERT INTO quote_requests (name, email, phone, vehicle_type, message, created_at)
          VALUES (${name}, ${email}, ${phone}, 'Car', '', ${createdAt}::timestamptz) RETURNING id`.execute(old).then((r) => r.rows[0]!.id);
      const a1 = await insert("Ann Early", "ann@example.com", "616-555-0500", "2026-01-02T10:00:00Z");
      const a2 = await insert("Ann Later", "ANN@example.com ", "000", "2026-03-02T10:00:00Z");
      const a3 = await insert("Ann Work", "ann.work@example.com", "(616) 555-0500", "2026-04-02T10:00:00Z");
      const b1 = await insert("Bob", "bob@example.com", "616-555-0501", "2026-02-02T10:00:00Z");

      expect(await migrateToLatest(old)).toContain(THIS);
      const { rows } = await sql<{ id: number; customer_id: number }>`SELECT id, customer_id FROM quote_requests ORDER BY id`.execute(old);
      const of = (id: number) => rows.find((r) => r.id === id)!.customer_id;
      expect(of(a2)).toBe(of(a1));
      expect(of(a3)).toBe(of(a1));
      expect(of(b1)).not.toBe(of(a1));
      const ann = (await sql<{ name: string; email: string; created_at: Date }>`SELECT name, email, created_at FROM customers WHERE id = ${of(a1)}`.execute(old)).rows[0]!;
      expect(ann).toMatchObject({ name: "Ann Early", email: "ann@example.com" });
      expect(ann.created_at.toISOString()).toBe("2026-01-02T10:00:00.000Z");
      // Linking is not an edit: the leads' row history has no update from it.
      const { rows: history } = await sql`SELECT 1 FROM row_history WHERE table_name = 'quote_requests' AND op = 'update'`.execute(old);
      expect(history).toEqual([]);
      await expect(sql`UPDATE quote_requests SET customer_id = NULL WHERE id = ${a1}`.execute(old)).rejects.toThrow(/null/i);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const { rows: columns } = await sql`SELECT 1 FROM information_schema.columns WHERE table_name = 'quote_requests' AND column_name = 'customer_id'`.execute(old);
      expect(columns).toEqual([]);
    } finally {
      await opened.close();
      await testDb.drop();
    }
  });
});
