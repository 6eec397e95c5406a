import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { RowActionFailure } from "~/lib/row-form";
import { action, loader } from "~/routes/admin.$table";
import { adminUserContext } from "~/server/auth/current-user.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const database = useTestDatabase();
const db = () => database.db;

// The server puts the database in the context and the admin layout's middleware
// (tested with the shell) the checked user, as here; these call the table route itself.
function context() {
  const ctx = new RouterContextProvider();
  ctx.set(databaseContext, db());
  ctx.set(requestInfoContext, { clientIp: "203.0.113.9", nonce: "" });
  ctx.set(adminUserContext, { id: 1_000_000, email: "owner@example.com", name: "", role: "owner" as const });
  return ctx;
}

async function post(table: string, search: string, fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  const request = new Request(`http://localhost/admin/${table}${search}`, { method: "POST", body });
  return action({ request, params: { table }, context: context() } as never);
}

async function load(table: string, search = "") {
  const request = new Request(`http://localhost/admin/${table}${search}`);
  return loader({ request, params: { table }, context: context() } as never);
}

/** A failed write: data({ ... }, { status }). */
function failure(result: unknown): { status: number | undefined; body: RowActionFailure } {
  const { data, init } = result as { data: RowActionFailure; init: ResponseInit | null };
  return { status: init?.status, body: data };
}

const guide = (title: string, extra: Record<string, string> = {}) => ({
  intent: "create",
  title,
  summary: "",
  body: "<p>Rinse <strong>first</strong>.</p>",
  pdf: "",
  cover: "",
  product_web_url: "",
  contact_email: "",
  reviewed_on: "",
  sort_order: "",
  ...extra,
});

describe("admin table route action", () => {
  it("creates a row from a plain form post and goes back to the list, replacing the form's history entry", async () => {
    const result = (await post(
      "care_guides",
      "?q=wax&sort=title:asc&new=1",
      guide("Wax guide", { published: "on" }),
    )) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/care_guides?sort=title%3Aasc&q=wax&done=saved");
    expect(result.headers.get("X-Remix-Replace")).toBe("true");
    const row = await db()
      .selectFrom("care_guides")
      .selectAll()
      .where("title", "=", "Wax guide")
      .executeTakeFirstOrThrow();
    // Checkbox present → true; empty number → 0; rich text kept (sanitised by the table's write hook).
    expect(row).toMatchObject({ published: true, sort_order: 0, body: "<p>Rinse <strong>first</strong>.</p>" });
  });

  it("answers a failed create with the banner, the validator's field messages and what was typed", async () => {
    const { status, body } = failure(
      await post("care_guides", "?new=1", guide("No", { contact_email: "nope", product_web_url: "ftp://x" })),
    );
    expect(status).toBe(400);
    expect(body.intent).toBe("create");
    expect(body.error).toMatch(/^Failed to create row: /);
    expect(body.fields).toEqual({
      title: "Title must be at least 3 characters",
      contact_email: "Questions To is not a valid email",
      product_web_url: "Product Link is not valid",
    });
    expect(body.values).toMatchObject({ title: "No", contact_email: "nope", published: false });
  });

  it("takes a service's Starting Price in dollars and stores whole cents; refuses an amount it cannot read or past $100,000.00", async () => {
    const service = (title: string, price: string) => ({ intent: "create", kind: "car", title, description: "", icon: "sparkles", price_cents: price, duration_minutes: "90", sort_order: "" });
    expect(((await post("services", "", service("Dollar detail", "$1,249.50"))) as Response).status).toBe(302);
    expect(((await post("services", "", service("Whole dollar detail", "149"))) as Response).status).toBe(302);
    const stored = await db().selectFrom("services").select(["title", "price_cents"]).where("title", "in", ["Dollar detail", "Whole dollar detail"]).orderBy("title").execute();
    expect(stored).toEqual([
      { title: "Dollar detail", price_cents: 124_950 },
      { title: "Whole dollar detail", price_cents: 14_900 },
    ]);
    for (const price of ["abc", "1.999", "-5", "100000.01"]) {
      const { status, body } = failure(await post("services", "?new=1", service("Refused detail", price)));
      expect(status, price).toBe(400);
      expect(body.fields, price).toEqual({ price_cents: "Starting Price must be an amount in dollars from $0.00 to $100,000.00, like 149.00" });
    }
    expect(((await post("services", "", service("Top price detail", "100,000.00"))) as Response).status).toBe(302);
    expect(await db().selectFrom("services").select("title").where("title", "=", "Refused detail").execute()).toEqual([]);
  });

  it("updates the posted fields (an absent checkbox is unchecked) and deletes", async () => {
    await post("care_guides", "", guide("Boat guide", { published: "on" }));
    const { id } = await db()
      .selectFrom("care_guides")
      .select("id")
      .where("title", "=", "Boat guide")
      .executeTakeFirstOrThrow();
    const { intent: _create, ...fields } = guide("Boat guide, revised", { sort_order: "7" });
    const updated = (await post("care_guides", `?edit=${id}&page=1`, {
      ...fields,
      intent: "update",
      id: String(id),
    })) as Response;
    expect(updated.headers.get("Location")).toBe("/admin/care_guides?done=saved");
    const row = await db().selectFrom("care_guides").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: "Boat guide, revised", published: false, sort_order: 7 });

    const deleted = (await post("care_guides", "?q=boat", { intent: "delete", id: String(id) })) as Response;
    // With the deleted id for the status message's Undo (the row is in the trash).
    expect(deleted.headers.get("Location")).toBe(`/admin/care_guides?q=boat&deleted=${id}`);
    expect(await db().selectFrom("care_guides").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();

    const again = failure(await post("care_guides", "", { intent: "delete", id: String(id) }));
    expect(again).toMatchObject({
      status: 404,
      body: { intent: "delete", error: "Failed to delete row: Row not found" },
    });
  });

  it("refuses writes to a read-only table and unknown intents", async () => {
    const refused = failure(await post("auth_audit", "", { intent: "delete", id: "1" }));
    expect(refused.status).toBe(405);
    expect(refused.body.error).toBe("Failed to delete row: Sign-in Audit Trail is read-only");
    await expect(post("care_guides", "", { intent: "drop" })).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe("admin table route loader", () => {
  it("lists with the table's default sort when the URL names none, merged into the one list query", async () => {
    const data = await load("testimonials");
    expect(data.query).toEqual({ page: 1, limit: 50, sort: { field: "sort_order", direction: "asc" }, q: "", contains: [], filters: [] });
    expect(data.schema).toMatchObject({ name: "testimonials", defaultSort: { field: "sort_order", direction: "asc" } });
    expect(data.tables.map((t) => t.name)).toContain("care_guides");
    // The search box looks in these columns.
    const searchable = Object.entries(data.schema.properties).filter(([, p]) => p.searchable);
    expect(searchable.map(([name]) => name)).toEqual(["name", "text", "service"]);
  });

  it("shows a bad query as the load banner instead of failing the page, and drops it from the query", async () => {
    const data = await load("testimonials", "?sort=nope:asc&q=wax");
    expect(data.loadError).toBe("Failed to load data for testimonials: Unknown sort field: nope");
    expect(data.rows).toEqual([]);
    expect(data.query).toMatchObject({ sort: { field: "sort_order", direction: "asc" }, q: "wax" });
  });

  it("sends a refused parameter nowhere: the action goes back to the list without it", async () => {
    const result = (await post("care_guides", "?sort=nope:asc&q=wax&new=1", guide("Refused sort guide"))) as Response;
    expect(result.headers.get("Location")).toBe("/admin/care_guides?q=wax&done=saved");
  });

  it("sends a page past the end to the last page", async () => {
    for (let i = 0; i < 3; i++) await post("care_guides", "", guide(`Guide ${i} for paging`));
    await expect(load("care_guides", "?page=4&q=for%20paging")).rejects.toSatisfy(
      (response: Response) =>
        response.status === 302 && response.headers.get("Location") === "/admin/care_guides?q=for+paging",
    );
  });

  it("loads the row to edit, view or delete when it is not on the current page", async () => {
    const { id } = await db()
      .selectFrom("care_guides")
      .select("id")
      .where("title", "=", "Guide 0 for paging")
      .executeTakeFirstOrThrow();
    for (const dialog of ["edit", "view", "delete"]) {
      const data = await load("care_guides", `?q=nothing-matches&${dialog}=${id}`);
      expect(data.dialogRow, dialog).toMatchObject({ id, title: "Guide 0 for paging" });
      expect((await load("care_guides", `?${dialog}=999999`)).dialogRow, dialog).toBeNull();
      expect((await load("care_guides", `?${dialog}=not-an-id`)).dialogRow, dialog).toBeNull();
    }
  });

  it("answers 404 for a table that is not registered", async () => {
    await expect(load("no_such_table")).rejects.toMatchObject({ status: 404 });
  });
});
