import { beforeAll, describe, expect, it } from "vitest";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor as sessionIn } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The administrators' API through its route modules, in this process, on this file's database.
const database = useTestDatabase();
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
const sessionCookieFor = (email: string, options?: { admin?: boolean }) => sessionIn(db(), email, options);
let admin: string;
beforeAll(async () => {
  admin = await sessionCookieFor("owner@example.com", { admin: true });
});

const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
  const headers = new Headers(init.headers);
  if (!headers.has("cookie")) headers.set("cookie", admin);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return app.fetch(path, { ...init, headers, body });
};

async function addQuote(values: Record<string, unknown> = {}) {
  const res = await call("/api/tables/quote_requests", {
    method: "POST",
    json: { name: "Ann Arbor", email: "ann@example.com", phone: "6165550100", vehicle_type: "car", ...values },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Record<string, unknown> & { id: number };
}

describe("the admin guard", () => {
  const everyRoute: [string, string][] = [
    ["GET", "/api/admin/schemas"],
    ["GET", "/api/admin/schemas/faqs"],
    ["GET", "/api/tables/faqs"],
    ["POST", "/api/tables/faqs"],
    ["GET", "/api/tables/faqs/export"],
    ["GET", "/api/tables/faqs/1"],
    ["PUT", "/api/tables/faqs/1"],
    ["DELETE", "/api/tables/faqs/1"],
    ["POST", "/api/upload/media"],
    ["POST", "/api/upload/file"],
    ["GET", "/api/tables/no_such_table"],
  ];

  it("answers 401 without a session and 403 to a signed-in non-administrator, on every route", async () => {
    const visitor = await sessionCookieFor("visitor@example.com");
    for (const [method, path] of everyRoute) {
      const anonymous = await app.fetch(path, { method });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const denied = await app.fetch(path, { method, headers: { cookie: visitor } });
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect(await denied.json()).toEqual({ error: "Administrator access required" });
    }
    // Nothing was written by the refused requests.
    expect(await db().selectFrom("faqs").select("id").execute()).toEqual([]);
  });
});

describe("schemas", () => {
  it("lists every registered table and serves each one's JSON schema", async () => {
    const names = (await (await call("/api/admin/schemas")).json()) as string[];
    expect(names).toEqual(expect.arrayContaining(["quote_requests", "testimonials", "faqs", "users", "auth_audit", "care_guides"]));

    const quotes = await (await call("/api/admin/schemas/quote_requests")).json();
    expect(quotes).toMatchObject({ name: "quote_requests", title: "Quote Requests", required: expect.arrayContaining(["name", "email"]) });
    expect(quotes.properties.status).toMatchObject({
      type: "string",
      enum: ["new", "contacted", "quoted", "booked", "completed", "lost"],
      enumTitles: ["New", "Contacted", "Quoted", "Booked", "Completed", "Lost"],
    });
    // Notes are added on the lead's page; here they are the read-only transcript.
    expect(quotes.properties.notes).toMatchObject({ multiline: true, readOnly: true });
    expect(quotes.properties.created_at).toMatchObject({ readOnly: true, format: "date-time" });

    const testimonials = await (await call("/api/admin/schemas/testimonials")).json();
    expect(testimonials.properties.rating).toMatchObject({ type: "integer", minimum: 1, maximum: 5 });
    expect(testimonials.properties.image.format).toBe("media_url");
    const faqs = await (await call("/api/admin/schemas/faqs")).json();
    expect(faqs.properties.answer.format).toBe("markdown");
    expect(faqs.properties.category.enum).toHaveLength(5);
    const audit = await (await call("/api/admin/schemas/auth_audit")).json();
    expect(audit.readOnly).toBe(true);
    expect(Object.values(audit.properties).every((p: any) => p.readOnly)).toBe(true);

    // Every input kind of the admin form appears somewhere.
    const all = await Promise.all(names.map(async (n) => (await (await call(`/api/admin/schemas/${n}`)).json()).properties));
    const props = all.flatMap((p) => Object.values(p)) as any[];
    for (const format of ["email", "url", "textarea", "rich_text", "media_url", "file_url", "markdown", "date", "date-time"]) {
      expect(props.some((p) => p.format === format), format).toBe(true);
    }
    for (const type of ["string", "integer", "boolean"]) expect(props.some((p) => p.type === type), type).toBe(true);
    expect(props.some((p) => p.multiline)).toBe(true);
    expect(props.some((p) => p.enum)).toBe(true);
    expect(props.some((p) => p.readOnly)).toBe(true);
  });

  it("answers 404 for an unknown table", async () => {
    expect((await call("/api/admin/schemas/nope")).status).toBe(404);
    expect((await call("/api/tables/nope")).status).toBe(404);
    expect((await call("/api/tables/nope/export")).status).toBe(404);
    expect((await call("/api/tables/pg_user")).status).toBe(404);
    expect((await call("/api/tables/sessions")).status).toBe(404);
  });
});

describe("listing", () => {
  beforeAll(async () => {
    await db().deleteFrom("quote_requests").execute();
    for (let i = 0; i < 7; i++) {
      await addQuote({ name: `Customer ${String.fromCharCode(65 + i)}`, email: `c${i}@example.com`, vehicle_type: i % 2 ? "boat" : "car" });
    }
    await addQuote({ name: "Percent 100%_done", email: "pct@example.com", vehicle_type: "Pontoon" });
  });

  it("pages with limit and answers { rows, total }", async () => {
    const res = await call("/api/tables/quote_requests?page=2&limit=3&sort=name:asc");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(8);
    expect(body.rows.map((r: any) => r.name)).toEqual(["Customer D", "Customer E", "Customer F"]);
    expect(Object.keys(body.rows[0])).toEqual(expect.arrayContaining(["id", "status", "created_at", "notes"]));
  });

  it("sorts both ways and defaults to the newest first", async () => {
    const desc = await (await call("/api/tables/quote_requests?sort=name:desc&limit=2")).json();
    expect(desc.rows.map((r: any) => r.name)).toEqual(["Percent 100%_done", "Customer G"]);
    const byDefault = await (await call("/api/tables/quote_requests?limit=1")).json();
    expect(byDefault.rows[0].name).toBe("Percent 100%_done");
  });

  it("sorts text case-insensitively, in the list and in the export", async () => {
    for (const name of ["charlie Lower", "Bravo Upper", "alpha lower"]) {
      await call("/api/tables/testimonials", { method: "POST", json: { name, text: "Great", rating: 5 } });
    }
    const list = await (await call("/api/tables/testimonials?sort=name:asc&name_contains=er")).json();
    expect(list.rows.map((r: any) => r.name)).toEqual(["alpha lower", "Bravo Upper", "charlie Lower"]);
    const csv = await (await call("/api/tables/testimonials/export?sort=name:desc&name_contains=er")).text();
    expect(csv.split("\r\n").slice(1, 4).map((l) => l.split(",")[1])).toEqual(["charlie Lower", "Bravo Upper", "alpha lower"]);
  });

  it("searches case-insensitively; the same term on several fields matches any of them", async () => {
    const boats = await (await call("/api/tables/quote_requests?vehicle_type_contains=BOAT")).json();
    expect(boats.total).toBe(3);
    const anyField = await (await call("/api/tables/quote_requests?name_contains=pontoon&vehicle_type_contains=pontoon&email_contains=pontoon")).json();
    expect(anyField.rows.map((r: any) => r.name)).toEqual(["Percent 100%_done"]);
    // LIKE wildcards in the term are plain characters.
    const literal = await (await call("/api/tables/quote_requests?name_contains=0%25_")).json();
    expect(literal.total).toBe(1);
    const none = await (await call("/api/tables/quote_requests?name_contains=%25%25%25zzz")).json();
    expect(none).toEqual({ rows: [], total: 0 });
    // Different terms must all hold.
    const both = await (await call("/api/tables/quote_requests?name_contains=customer&vehicle_type_contains=car")).json();
    expect(both.total).toBe(4);
  });

  it("caps the limit", async () => {
    const res = await call("/api/tables/quote_requests?limit=100000");
    expect(res.status).toBe(200);
    expect((await res.json()).rows).toHaveLength(8);
  });

  it("refuses bad list parameters with 400, never reaching SQL with them", async () => {
    const bad = [
      "sort=nope:asc",
      "sort=message:asc", // a column, but not an indexed one
      "sort=name:sideways",
      "sort=name",
      "sort=name;DROP TABLE users:asc",
      'sort="name":asc',
      "page=0",
      "page=-1",
      "page=abc",
      "page=1.5",
      "page=99999999999",
      "limit=0",
      "limit=x",
      "nope_contains=a",
      "rating_contains=a",
      "name%22%20OR%201%3D1--_contains=a",
      "name_contains=a%00b",
      "q=a%00b",
    ];
    for (const query of bad) {
      const res = await call(`/api/tables/quote_requests?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error, query).toEqual(expect.any(String));
    }
    expect((await call("/api/tables/testimonials?rating_contains=5")).status).toBe(400);
    expect((await db().selectFrom("users").select("id").execute()).length).toBeGreaterThan(0);
  });
});

describe("writing rows", () => {
  it("creates a row, ignoring unknown keys and read-only fields", async () => {
    const row = await addQuote({ id: 999999, client_ip: "6.6.6.6", created_at: "2000-01-01T00:00:00Z", is_admin: true, "name; --": "x" });
    expect(row.id).not.toBe(999999);
    expect(row.client_ip).toBe("");
    expect(new Date(row.created_at as string).getFullYear()).toBeGreaterThan(2000);
    expect(row.status).toBe("new");
  });

  it("refuses an invalid row with 400 and the spec's message per field", async () => {
    const res = await call("/api/tables/quote_requests", {
      method: "POST",
      json: { name: "A", email: "not-an-email", phone: 6165550100, vehicle_type: "   ", status: "closed", lost_reason: "nul\u0000" },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toEqual({
      name: "Full Name must be at least 2 characters",
      email: "Email is not a valid email",
      phone: "Phone must be a string",
      vehicle_type: "Vehicle Type is required",
      status: "Status must be one of the valid options",
      lost_reason: "Lost Reason is not valid",
    });
    expect(body.error).toContain("Full Name must be at least 2 characters");

    const rating = await call("/api/tables/testimonials", { method: "POST", json: { name: "T", text: "Great", rating: 6 } });
    expect((await rating.json()).fields).toEqual({ rating: "Rating cannot be greater than 5" });
    const fraction = await call("/api/tables/testimonials", { method: "POST", json: { name: "T", text: "Great", rating: 4.5 } });
    expect((await fraction.json()).fields).toEqual({ rating: "Rating must be a integer" });
    const category = await call("/api/tables/faqs", { method: "POST", json: { question: "Q?", answer: "A", category: "Other" } });
    expect((await category.json()).fields).toEqual({ category: "Category must be one of the valid options" });
    const guide = await call("/api/tables/care_guides", {
      method: "POST",
      json: { title: "Wax", body: "<p>x</p>", reviewed_on: "2026-02-30", published: "yes", product_web_url: "ftp://x", contact_email: "x" },
    });
    expect((await guide.json()).fields).toEqual({
      reviewed_on: "Last Reviewed must be a valid date",
      published: "Published must be a boolean",
      product_web_url: "Product Link is not valid",
      contact_email: "Questions To is not a valid email",
    });
  });

  it("refuses bodies that are not a JSON object", async () => {
    const cases: RequestInit[] = [
      { body: "{not json", headers: { "content-type": "application/json" } },
      { body: "[1,2]", headers: { "content-type": "application/json" } },
      { body: "null", headers: { "content-type": "application/json" } },
      { body: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } },
    ];
    for (const init of cases) {
      const res = await call("/api/tables/faqs", { method: "POST", ...init, headers: { ...init.headers, cookie: admin } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it("updates only the fields sent, validates them, and answers 404 for a missing row", async () => {
    const row = await addQuote();
    const res = await call(`/api/tables/quote_requests/${row.id}`, { method: "PUT", json: { status: "booked", notes: "Tuesday 9am", client_ip: "1.1.1.1" } });
    expect(res.status).toBe(200);
    const updated = await res.json();
    // notes and client_ip are read-only: ignored, as the id is on create.
    expect(updated).toMatchObject({ id: row.id, status: "booked", notes: "", name: "Ann Arbor", client_ip: "" });
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(row.updated_at as string).getTime());

    const invalid = await call(`/api/tables/quote_requests/${row.id}`, { method: "PUT", json: { email: "" } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).fields).toEqual({ email: "Email is required" });

    // 99999999999999 is past the serial column's range: still just not found.
    for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999999", "99999999999999999999"]) {
      expect((await call(`/api/tables/quote_requests/${id}`)).status, id).toBe(404);
      expect((await call(`/api/tables/quote_requests/${id}`, { method: "PUT", json: { status: "new" } })).status, id).toBe(404);
      expect((await call(`/api/tables/quote_requests/${id}`, { method: "DELETE" })).status, id).toBe(404);
    }
  });

  it("deletes a row once", async () => {
    const row = await addQuote();
    const res = await call(`/api/tables/quote_requests/${row.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await call(`/api/tables/quote_requests/${row.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await call(`/api/tables/quote_requests/${row.id}`)).status).toBe(404);
  });

  it("keeps the read-only audit trail read-only", async () => {
    await db().insertInto("auth_audit").values({ event: "otp_verify", email: "a@example.com", outcome: "failure" }).execute();
    const list = await (await call("/api/tables/auth_audit")).json();
    expect(list.total).toBeGreaterThanOrEqual(1);
    const id = list.rows[0].id;
    expect((await call("/api/tables/auth_audit", { method: "POST", json: { event: "x" } })).status).toBe(405);
    expect((await call(`/api/tables/auth_audit/${id}`, { method: "PUT", json: { outcome: "success" } })).status).toBe(405);
    expect((await call(`/api/tables/auth_audit/${id}`, { method: "DELETE" })).status).toBe(405);
  });

  it("answers a duplicate e-mail with 400 and a field message", async () => {
    const first = await call("/api/tables/users", { method: "POST", json: { email: "Dup@Example.com", name: "Dup", is_admin: false } });
    expect(first.status).toBe(201);
    expect((await first.json()).email).toBe("dup@example.com");
    const again = await call("/api/tables/users", { method: "POST", json: { email: "dup@example.com" } });
    expect(again.status).toBe(400);
    expect((await again.json()).fields).toEqual({ email: "Email is already in use" });
  });

  it("keeps the unfiltered total exact through inserts and deletes", async () => {
    const before = (await (await call("/api/tables/quote_requests?limit=1")).json()).total;
    const row = await addQuote();
    expect((await (await call("/api/tables/quote_requests?limit=1")).json()).total).toBe(before + 1);
    await call(`/api/tables/quote_requests/${row.id}`, { method: "DELETE" });
    expect((await (await call("/api/tables/quote_requests?limit=1")).json()).total).toBe(before);
    const [{ n }] = await db().selectFrom("quote_requests").select((eb) => eb.fn.countAll<number>().as("n")).execute() as any;
    expect(Number(n)).toBe(before);
  });
});

describe("rich text", () => {
  it("stores rich_text values sanitised to the editor's formats", async () => {
    const res = await call("/api/tables/care_guides", {
      method: "POST",
      json: {
        title: "Ceramic aftercare",
        body:
          '<h2 class="ql-align-center">Wash</h2><p>Use <strong>pH-neutral</strong> soap<script>alert(1)</script>' +
          '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://example.com">ok</a>' +
          '<iframe src="javascript:alert(4)"></iframe><span style="color: rgb(230, 0, 0); background-image: url(javascript:alert(5))">red</span></p>',
        published: true,
        reviewed_on: "2026-11-01",
      },
    });
    expect(res.status).toBe(201);
    const row = await res.json();
    expect(row.body).toBe(
      '<h2 class="ql-align-center">Wash</h2><p>Use <strong>pH-neutral</strong> soap<img src="x" /><a target="_blank" rel="noopener noreferrer">x</a>' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a><span style="color:rgb(230, 0, 0)">red</span></p>',
    );
    expect(row.reviewed_on).toBe("2026-11-01");
    const stored = await db().selectFrom("care_guides").select("body").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(stored.body).toBe(row.body);
    const updated = await (await call(`/api/tables/care_guides/${row.id}`, { method: "PUT", json: { body: '<p onmouseover="x()">hi</p>' } })).json();
    expect(updated.body).toBe("<p>hi</p>");
  });
});
