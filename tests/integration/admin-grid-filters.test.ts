import { beforeAll, describe, expect, it } from "vitest";
import { listSearch } from "~/lib/list-query";
import type { TableRow, TableSchema } from "~/lib/table-schema";
import { loader } from "~/routes/admin.$table";
import { adminUserContext } from "~/server/auth/current-user.server";
import { inProcessFetch, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 11 item 5, on the server: the {field}={value} equality filters of the
// table API, the dashboard's loader and the CSV export, and a search that
// covers every text column. Route modules in this process, on this file's database.
const database = useTestDatabase();
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
let admin: string;
const tag = `grid${Date.now().toString(36)}`;

beforeAll(async () => {
  admin = await sessionCookieFor(db(), "owner@example.com", { admin: true });
  const quotes = [
    { name: `Ann ${tag}`, status: "new", message: `Gelcoat oxidised ${tag}-message` },
    { name: `Bob ${tag}`, status: "lost", lost_reason: `Went elsewhere ${tag}-reason` },
    { name: `Cid ${tag}`, status: "contacted" },
    { name: `Dee ${tag}`, status: "lost", lost_reason: "Too far" },
  ];
  for (const quote of quotes) {
    const res = await call("/api/tables/quote_requests", {
      method: "POST",
      json: { email: "q@example.com", phone: "6165550100", vehicle_type: "Boat", ...quote },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  for (const [title, published] of [[`Wax ${tag}`, true], [`Polish ${tag}`, false]] as const) {
    const res = await call("/api/tables/care_guides", {
      method: "POST",
      json: {
        title,
        published,
        summary: `Summary of ${title}`,
        body: `<p>Rinse <strong>first</strong>, then ${title.split(" ")[0]!.toLowerCase()}-${tag}-body.</p>`,
        contact_email: `${tag}@example.com`,
        product_web_url: `https://example.com/${tag}-product`,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  await db()
    .insertInto("auth_audit")
    .values({ event: "otp_verify", email: "x@example.com", outcome: `refused-${tag}`, detail: `wrong code ${tag}-detail` })
    .execute();
});

function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set("cookie", admin);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return app.fetch(path, { ...init, headers, body });
}

async function list(table: string, search: string): Promise<{ rows: TableRow[]; total: number }> {
  const res = await call(`/api/tables/${table}?${search}`);
  expect(res.status, `${table}?${search}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as { rows: TableRow[]; total: number };
}

const names = (rows: TableRow[]) => rows.map((r) => String(r.name ?? r.title)).sort();

/** The dashboard's loader for /admin/{table}{search}, as the admin layout's middleware leaves the context. */
async function load(table: string, search: string) {
  const context = routeContext(db());
  context.set(adminUserContext, { id: 1_000_000, email: "owner@example.com", name: "", role: "owner" as const });
  const request = new Request(`http://localhost/admin/${table}${search}`);
  return (await loader({ request, params: { table }, context } as never)) as {
    rows: TableRow[];
    total: number;
    schema: TableSchema;
    query: Parameters<typeof listSearch>[1];
    loadError?: string;
  };
}

/** CSV text → rows of cells (no quoted line breaks in these rows); the BOM of the export is not part of the header. */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
}

describe("equality filters in the table API", () => {
  it("filters an enum column by one of its values, with the total of the filtered rows", async () => {
    const lost = await list("quote_requests", `status=lost&q=${tag}`);
    expect(names(lost.rows)).toEqual([`Bob ${tag}`, `Dee ${tag}`]);
    expect(lost.total).toBe(2);
    // Combined with another filter of the list and the sort.
    const sorted = await list("quote_requests", `status=lost&name_contains=${tag}&sort=name:desc`);
    expect(sorted.rows.map((r) => r.name)).toEqual([`Dee ${tag}`, `Bob ${tag}`]);
    // An empty value is no filter (what a menu's "All" sends).
    expect((await list("quote_requests", `status=&q=${tag}`)).total).toBe(4);
  });

  it("counts the filtered rows, not the table's row counter, on a table that keeps one", async () => {
    const all = await db().selectFrom("quote_requests").select("status").execute();
    const { total } = await list("quote_requests", "status=lost&limit=1");
    expect(total).toBe(all.filter((r) => r.status === "lost").length);
    expect(total).toBeLessThan(all.length);
  });

  it("filters a boolean column by true or false, a computed one too", async () => {
    expect(names((await list("care_guides", `published=true&q=${tag}`)).rows)).toEqual([`Wax ${tag}`]);
    expect(names((await list("care_guides", `published=false&q=${tag}`)).rows)).toEqual([`Polish ${tag}`]);
    // role is read as "stored role or owner by ADMIN_EMAILS" (the registry's read expression): the filter reads the same.
    const admins = await list("users", "role=owner");
    expect(admins.rows.map((r) => r.email)).toContain("owner@example.com");
    expect(admins.rows.every((r) => r.role === "owner")).toBe(true);
    // The e-mail log's state is computed in SQL from the delivery columns.
    const queued = await list("email_outbox", "state=queued");
    expect(queued.rows.every((r) => r.state === "queued")).toBe(true);
  });

  it("refuses an unknown field, a column that is not an enum or boolean, and a bad value with 400 {error}", async () => {
    const cases: [string, string][] = [
      ["nope=1", "Unknown filter field: nope"],
      ["name=Ann", "name cannot be filtered: only enum and boolean columns can"],
      ["message=x", "message cannot be filtered: only enum and boolean columns can"],
      ["status=closed", "status must be one of: new, contacted, quoted, booked, completed, lost"],
      ["status=NEW", "status must be one of: new, contacted, quoted, booked, completed, lost"],
      ["status=new&status=lost", "status can be filtered by one value only"],
      ["status=new';DROP TABLE users;--", "status must be one of: new, contacted, quoted, booked, completed, lost"],
    ];
    for (const [search, error] of cases) {
      for (const path of ["/api/tables/quote_requests", "/api/tables/quote_requests/export"]) {
        const res = await call(`${path}?${search}`);
        expect(res.status, `${path}?${search}`).toBe(400);
        expect(await res.json(), `${path}?${search}`).toEqual({ error });
      }
    }
    const res = await call("/api/tables/care_guides?published=yes");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "published must be true or false" });
    expect((await db().selectFrom("users").select("id").execute()).length).toBeGreaterThan(0);
  });
});

describe("equality filters in the dashboard's loader", () => {
  it("filters the rows and keeps the filter in every link it builds", async () => {
    const page = await load("quote_requests", `?q=${tag}&status=lost&edit=1`);
    expect(page.loadError).toBeUndefined();
    expect(names(page.rows)).toEqual([`Bob ${tag}`, `Dee ${tag}`]);
    expect(page.total).toBe(2);
    // The dialog state (?edit=1) is not a filter; the filter is carried on.
    expect(listSearch(page.schema, page.query)).toBe(`?q=${tag}&status=lost`);
  });

  it("shows a refused filter in the banner, with no rows, like a refused sort", async () => {
    for (const [search, error] of [
      ["?status=closed", "status must be one of: new, contacted, quoted, booked, completed, lost"],
      ["?name=Ann", "name cannot be filtered: only enum and boolean columns can"],
    ]) {
      const page = await load("quote_requests", search!);
      expect(page.loadError).toBe(`Failed to load data for quote_requests: ${error}`);
      expect(page.rows).toEqual([]);
      // The refused filter is left out of the links; the rest of the view stays.
      expect(listSearch(page.schema, page.query)).toBe("");
    }
  });
});

describe("search covers every text column", () => {
  it("marks every plain text column searchable in the schema (not enums, uploads or dates)", async () => {
    for (const table of ["quote_requests", "care_guides", "testimonials", "gallery", "auth_audit", "email_outbox"]) {
      const schema = (await (await call(`/api/admin/schemas/${table}`)).json()) as TableSchema;
      for (const [name, prop] of Object.entries(schema.properties)) {
        const text = prop.type === "string" && !prop.enum && !["media_url", "file_url", "date", "date-time"].includes(prop.format ?? "");
        expect(Boolean(prop.searchable), `${table}.${name}`).toBe(text);
      }
    }
  });

  it("finds rows by the columns the search box used to skip", async () => {
    expect(names((await list("quote_requests", `q=${tag}-message`)).rows)).toEqual([`Ann ${tag}`]);
    expect(names((await list("quote_requests", `q=${tag}-reason`)).rows)).toEqual([`Bob ${tag}`]);
    expect(names((await list("care_guides", `q=${tag}-product`)).rows)).toHaveLength(2);
    expect(names((await list("care_guides", `q=${tag}@example`)).rows)).toHaveLength(2);
    expect(names((await list("care_guides", `q=wax-${tag}-body`)).rows)).toEqual([`Wax ${tag}`]);
    const audit = await list("auth_audit", `q=${tag}-detail`);
    expect(audit.rows.map((r) => r.outcome)).toEqual([`refused-${tag}`]);
    expect((await list("auth_audit", `q=refused-${tag}`)).total).toBe(1);
  });

  it("looks at rich text's words, not its markup", async () => {
    // Both guides' bodies hold <strong>; neither holds the word "strong".
    expect((await list("care_guides", `q=strong&title_contains=${tag}`)).total).toBe(0);
    expect((await list("care_guides", `q=first&title_contains=${tag}`)).total).toBe(2);
  });

  it("works in the dashboard's loader the same way", async () => {
    const page = await load("quote_requests", `?q=${tag}-reason`);
    expect(names(page.rows)).toEqual([`Bob ${tag}`]);
  });
});

describe("CSV export of the filtered view", () => {
  it("exports the rows the dashboard shows, through the link it builds from its query", async () => {
    const page = await load("quote_requests", `?q=${tag}&status=lost&sort=name:asc`);
    const href = `/api/tables/quote_requests/export${listSearch(page.schema, { ...page.query, page: 1 })}`;
    expect(href).toContain("status=lost");
    const res = await call(href);
    expect(res.status).toBe(200);
    const [header, ...rows] = csvRows(await res.text());
    const name = header!.indexOf("name");
    const status = header!.indexOf("status");
    expect(rows.map((r) => r[name])).toEqual([`Bob ${tag}`, `Dee ${tag}`]);
    expect(rows.every((r) => r[status] === "lost")).toBe(true);
  });

  it("applies a boolean filter to the export too", async () => {
    const res = await call(`/api/tables/care_guides/export?published=false&title_contains=${tag}`);
    expect(res.status).toBe(200);
    const [header, ...rows] = csvRows(await res.text());
    expect(rows.map((r) => r[header!.indexOf("title")])).toEqual([`Polish ${tag}`]);
  });
});
