import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { RowActionFailure } from "~/lib/row-form";
import { action, loader } from "~/routes/admin.$table";
import * as trashRoute from "~/routes/admin.$table.trash";
import { adminUserContext } from "~/server/auth/current-user.server";
import { leadsInStatus } from "~/server/counters.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { rowHistory } from "~/server/tables/history.server";
import { purgeTrash } from "~/server/tables/purge.server";
import { tableNames, getTable } from "~/server/tables/registry.server";
import { DEPENDENTS, NOT_RESTORED } from "~/server/tables/trash.server";
import { createEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { up as forgetPurgedHistory } from "../../db/migrations/2026-11-27-09-purged-rows-forget-history";
import { estimateForm, insertLead } from "../helpers/estimates";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// Trash, undo and history (issue 11, items 1 and 2) through the table API and
// the dashboard's table route, on this file's own database.
const database = useTestDatabase();
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
let owner: string;
let editor: string;
beforeAll(async () => {
  owner = await sessionCookieFor(db(), OWNER, { admin: true });
  editor = await sessionCookieFor(db(), EDITOR, { admin: true });
});

const api = (path: string, init: RequestInit & { json?: unknown; as?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set("cookie", init.as ?? owner);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return app.fetch(path, { ...init, headers, body });
};

// The dashboard's table route, as the admin layout's middleware leaves it (the checked user in the context).
function dashboardContext(email = EDITOR) {
  const ctx = new RouterContextProvider();
  ctx.set(databaseContext, db());
  ctx.set(requestInfoContext, { clientIp: "203.0.113.9", nonce: "" });
  ctx.set(adminUserContext, { id: 1_000_000, email, name: "", role: "owner" as const });
  return ctx;
}
async function dashboardPost(table: string, fields: Record<string, string>, search = "") {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`http://localhost/admin/${table}${search}`, { method: "POST", body });
  return action({ request, params: { table }, context: dashboardContext() } as never);
}
async function dashboardLoad(table: string, search: string) {
  const request = new Request(`http://localhost/admin/${table}${search}`);
  return loader({ request, params: { table }, context: dashboardContext() } as never);
}
const failureOf = (result: unknown) => {
  const { data, init } = result as { data: RowActionFailure; init: ResponseInit | null };
  return { status: init?.status, body: data };
};

async function addFaq(question: string, as = owner) {
  const res = await api("/api/tables/faqs", { method: "POST", as, json: { question, answer: "Yes.", category: "General Questions" } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; question: string };
}

interface HistoryRow {
  op: string;
  actor: string;
  at: Date;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
async function historyOf(table: string, id: number): Promise<HistoryRow[]> {
  const { rows } = await sql<HistoryRow>`SELECT op, actor, at, before, after FROM row_history
    WHERE table_name = ${table} AND row_id = ${id} ORDER BY at, id`.execute(db());
  return rows;
}
const inTable = async (table: string, id: number) =>
  (await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${id}`.execute(db())).rows.length === 1;
const inTrash = async (table: string, id: number) =>
  (await sql`SELECT 1 FROM trash WHERE table_name = ${table} AND row_id = ${id}`.execute(db())).rows.length === 1;

describe("delete moves a row to the trash; restore brings it back", () => {
  it("through the API: DELETE, then POST …/restore answers the row as it was, under its own id", async () => {
    const faq = await addFaq("Do you travel?");
    const before = await (await api(`/api/tables/faqs/${faq.id}`)).json();

    const deleted = await api(`/api/tables/faqs/${faq.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await inTable("faqs", faq.id)).toBe(false);
    expect(await inTrash("faqs", faq.id)).toBe(true);
    expect((await api(`/api/tables/faqs/${faq.id}`)).status).toBe(404);
    // Gone from the public list too: the row has left its table.
    const list = (await (await api("/api/tables/faqs")).json()) as { rows: { id: number }[] };
    expect(list.rows.map((r) => r.id)).not.toContain(faq.id);

    const restored = await api(`/api/tables/faqs/${faq.id}/restore`, { method: "POST" });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual(before);
    expect(await inTrash("faqs", faq.id)).toBe(false);
    expect(await (await api(`/api/tables/faqs/${faq.id}`)).json()).toEqual(before);
  });

  it("through the dashboard: delete redirects with Undo's id, and Undo (intent restore) puts the row back", async () => {
    const faq = await addFaq("Can I undo?");
    const deleted = (await dashboardPost("faqs", { intent: "delete", id: String(faq.id) }, `?delete=${faq.id}&q=undo`)) as Response;
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`/admin/faqs?q=undo&deleted=${faq.id}`);
    expect(await inTrash("faqs", faq.id)).toBe(true);

    const undone = (await dashboardPost("faqs", { intent: "restore", id: String(faq.id) }, "?q=undo")) as Response;
    expect(undone.headers.get("Location")).toBe("/admin/faqs?q=undo&done=restored");
    expect(await inTable("faqs", faq.id)).toBe(true);
    expect(await inTrash("faqs", faq.id)).toBe(false);
  });

  it("a lead comes back with its status history, notes and e-mails, and the inbox's counts follow", async () => {
    const res = await api("/api/tables/quote_requests", {
      method: "POST",
      json: { name: "Lena Lead", email: "lena@example.com", phone: "6165550100", vehicle_type: "boat" },
    });
    const lead = (await res.json()) as { id: number };
    await api(`/api/tables/quote_requests/${lead.id}`, { method: "PUT", json: { status: "contacted" } });
    await db().insertInto("lead_events").values({ lead_id: lead.id, kind: "note", body: "Call back Friday", actor: OWNER }).execute();
    const mail = await db()
      .insertInto("email_outbox")
      .values({ to_address: "lena@example.com", subject: "Your quote", text_body: "Hi", lead_id: lead.id, kind: "receipt" } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const snapshot = async () => ({
      row: (await sql`SELECT * FROM quote_requests WHERE id = ${lead.id}`.execute(db())).rows,
      events: (await sql`SELECT * FROM lead_events WHERE lead_id = ${lead.id} ORDER BY id`.execute(db())).rows,
      mail: (await sql`SELECT id FROM email_outbox WHERE lead_id = ${lead.id}`.execute(db())).rows,
      contacted: await leadsInStatus(db(), "contacted"),
    });
    const before = await snapshot();
    expect(before.events).toHaveLength(2);

    expect((await api(`/api/tables/quote_requests/${lead.id}`, { method: "DELETE" })).status).toBe(200);
    const gone = await snapshot();
    expect(gone.row).toEqual([]);
    expect(gone.events).toEqual([]);
    expect(gone.mail).toEqual([]);
    expect(Number(gone.contacted)).toBe(Number(before.contacted) - 1);

    expect((await api(`/api/tables/quote_requests/${lead.id}/restore`, { method: "POST" })).status).toBe(200);
    // Exactly as before: the note's transcript is not appended a second time.
    expect(await snapshot()).toEqual(before);
    expect(before.mail).toEqual([{ id: mail.id }]);
  });

  it("a deleted lead takes its estimates, their lines and events along, and its restore puts them all back; a deleted service's lines are relinked", async () => {
    const leadId = await insertLead(db());
    const service = await db()
      .insertInto("services")
      .values({ kind: "car", title: "Interior Detail", icon: "sparkles", price_cents: 18900, duration_minutes: 180 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const estimateId = await createEstimate(db(), await leadOrigin(db(), leadId), OWNER);
    const form = estimateForm([
      ["Full interior detail", "1", "189.00"],
      ["Pet hair removal", "2", "25.50"],
    ]);
    await saveEstimate(db(), estimateId, { ...form, serviceId: [String(service.id), ""] });
    const snapshot = async () => ({
      estimates: await db().selectFrom("estimates").selectAll().where("lead_id", "=", leadId).execute(),
      lines: await db().selectFrom("estimate_lines").selectAll().where("estimate_id", "=", estimateId).orderBy("id").execute(),
      events: await db().selectFrom("estimate_events").selectAll().where("estimate_id", "=", estimateId).orderBy("id").execute(),
    });
    const before = await snapshot();
    expect(before.lines).toHaveLength(2);
    expect(before.lines[0]!.service_id).toBe(service.id);
    expect(before.events.length).toBeGreaterThan(0);

    expect((await api(`/api/tables/services/${service.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await snapshot()).lines[0]!.service_id).toBeNull();
    expect((await api(`/api/tables/services/${service.id}/restore`, { method: "POST" })).status).toBe(200);
    expect(await snapshot()).toEqual(before);

    expect((await api(`/api/tables/quote_requests/${leadId}`, { method: "DELETE" })).status).toBe(200);
    expect(await snapshot()).toEqual({ estimates: [], lines: [], events: [] });
    expect((await api(`/api/tables/quote_requests/${leadId}/restore`, { method: "POST" })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it("Recently deleted (/admin/{table}/trash) lists deleted rows newest first, and its Restore puts one back", async () => {
    const older = await addFaq("Older deleted");
    const newer = await addFaq("Newer deleted");
    for (const row of [older, newer]) await api(`/api/tables/faqs/${row.id}`, { method: "DELETE", as: editor });
    const request = new Request("http://localhost/admin/faqs/trash");
    const page = (await trashRoute.loader({ request, params: { table: "faqs" }, context: dashboardContext() } as never)) as unknown as {
      items: { rowId: number; row: { question: string }; deletedBy: string }[];
      total: number;
    };
    expect(page.items.slice(0, 2).map((i) => [i.rowId, i.row.question, i.deletedBy])).toEqual([
      [newer.id, "Newer deleted", EDITOR],
      [older.id, "Older deleted", EDITOR],
    ]);

    const body = new FormData();
    body.append("intent", "restore");
    body.append("id", String(older.id));
    const post = new Request("http://localhost/admin/faqs/trash", { method: "POST", body });
    const restored = (await trashRoute.action({ request: post, params: { table: "faqs" }, context: dashboardContext() } as never)) as Response;
    expect(restored.headers.get("Location")).toBe("/admin/faqs/trash?done=restored");
    expect(await inTable("faqs", older.id)).toBe(true);

    // Again: it is no longer deleted.
    const again = new Request("http://localhost/admin/faqs/trash", { method: "POST", body });
    const refused = (await trashRoute.action({ request: again, params: { table: "faqs" }, context: dashboardContext() } as never)) as {
      data: { error: string };
      init: ResponseInit;
    };
    expect(refused).toMatchObject({ data: { error: "Failed to restore row: This row is not deleted" }, init: { status: 409 } });
    // A read-only table has no trash.
    await expect(
      trashRoute.loader({ request: new Request("http://localhost/admin/auth_audit/trash"), params: { table: "auth_audit" }, context: dashboardContext() } as never),
    ).rejects.toSatisfy((r: Response) => r.status === 404);
  });

  it("Recently deleted reads its page like every list: a bad page is named, past the last goes to the last, one pager", async () => {
    const faq = await addFaq("Paged deleted");
    await api(`/api/tables/faqs/${faq.id}`, { method: "DELETE", as: editor });
    const load = (search: string) =>
      trashRoute.loader({ request: new Request(`http://localhost/admin/faqs/trash${search}`), params: { table: "faqs" }, context: dashboardContext() } as never);
    const bad = (await load("?page=abc")) as unknown as { error?: string; pager: { page: number; previous: string | null } };
    expect(bad.error).toBe("page must be a whole number from 1");
    expect(bad.pager).toMatchObject({ page: 1, previous: null });
    // Past the last page (rows restored or purged meanwhile): the last page, as the other lists do.
    await expect(load("?page=99")).rejects.toSatisfy((r: Response) => r.status === 302 && r.headers.get("Location") === "/admin/faqs/trash");
    const first = (await load("")) as unknown as { error?: string; pager: { total: number; from: number } };
    expect(first.error).toBeUndefined();
    expect(first.pager.from).toBe(1);
  });

  it("every foreign key to an editable table is either put back by a restore or deliberately not", async () => {
    const editable = tableNames().filter((name) => !getTable(name)!.readOnly);
    const { rows } = await sql<{ referring: string; column: string; referenced: string }>`
      SELECT c.conrelid::regclass::text AS referring, a.attname AS column, c.confrelid::regclass::text AS referenced
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f'`.execute(db());
    const handled = new Set([
      ...Object.values(DEPENDENTS).flat().map((d) => `${d.table}.${d.column}`),
      ...Object.keys(NOT_RESTORED),
    ]);
    const unhandled = rows.filter((r) => editable.includes(r.referenced) && !handled.has(`${r.referring}.${r.column}`));
    expect(unhandled).toEqual([]);
  });

  it("refuses what cannot be restored: an unknown id 404, a row that is not deleted 409, bad ids and methods", async () => {
    const faq = await addFaq("Still here?");
    const unknown = await api("/api/tables/faqs/999999/restore", { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No deleted row with this id" });
    const live = await api(`/api/tables/faqs/${faq.id}/restore`, { method: "POST" });
    expect(live.status).toBe(409);
    expect(await live.json()).toEqual({ error: "This row is not deleted" });
    expect((await api("/api/tables/faqs/abc/restore", { method: "POST" })).status).toBe(404);
    expect((await api("/api/tables/no_such/1/restore", { method: "POST" })).status).toBe(404);
    expect((await api("/api/tables/auth_audit/1/restore", { method: "POST" })).status).toBe(405);
    const get = await api(`/api/tables/faqs/${faq.id}/restore`);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    // Without a session: the admin guard's 401, like every /api/tables route.
    expect((await app.fetch(`/api/tables/faqs/${faq.id}/restore`, { method: "POST" })).status).toBe(401);

    // The dashboard shows the same refusal as a failure, not a 500.
    const failed = failureOf(await dashboardPost("faqs", { intent: "restore", id: "999999" }));
    expect(failed).toEqual({ status: 404, body: expect.objectContaining({ intent: "restore", error: "Failed to restore row: No deleted row with this id" }) });
  });

  it("a restore whose unique value another row took meanwhile is refused, and the row stays in the trash", async () => {
    const res = await api("/api/tables/users", { method: "POST", json: { email: "twice@example.com", name: "First" } });
    const first = (await res.json()) as { id: number };
    await api(`/api/tables/users/${first.id}`, { method: "DELETE" });
    await api("/api/tables/users", { method: "POST", json: { email: "twice@example.com", name: "Second" } });
    const refused = await api(`/api/tables/users/${first.id}/restore`, { method: "POST" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "Email is already in use" });
    expect(await inTrash("users", first.id)).toBe(true);
  });

  it("keeps the users table's own rules: an administrator still cannot delete their own row", async () => {
    const me = await db().selectFrom("users").select("id").where("email", "=", OWNER).executeTakeFirstOrThrow();
    const refused = await api(`/api/tables/users/${me.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(await inTrash("users", me.id)).toBe(false);
  });
});

describe("the purge", () => {
  it("deletes trashed rows for good 30 days after their delete, not before", async () => {
    const faq = await addFaq("Purge me");
    await api(`/api/tables/faqs/${faq.id}`, { method: "DELETE" });
    const day = 24 * 3600_000;
    expect(await purgeTrash(db(), { now: new Date(Date.now() + 29 * day) })).toBe(0);
    expect(await inTrash("faqs", faq.id)).toBe(true);
    expect(await purgeTrash(db(), { now: new Date(Date.now() + 30 * day + 60_000) })).toBeGreaterThanOrEqual(1);
    expect(await inTrash("faqs", faq.id)).toBe(false);
    const gone = await api(`/api/tables/faqs/${faq.id}/restore`, { method: "POST" });
    expect(gone.status).toBe(404);
  });

  it("takes the purged rows' history with them, and their dependents', and leaves every other row's", async () => {
    await sql`DELETE FROM trash`.execute(db());
    const day = 24 * 3600_000;
    const purged = await addFaq("Customer's private question?");
    await api(`/api/tables/faqs/${purged.id}`, { method: "PUT", json: { answer: "Their address, 12 Elm St." } });
    const res = await api("/api/tables/quote_requests", {
      method: "POST",
      json: { name: "Erin Erase", email: "erin@example.com", phone: "6165550101", vehicle_type: "car" },
    });
    const lead = (await res.json()) as { id: number };
    await api(`/api/tables/quote_requests/${lead.id}`, { method: "PUT", json: { status: "contacted" } });
    const event = await db()
      .insertInto("lead_events")
      .values({ lead_id: lead.id, kind: "note", body: "Gate code 4411", actor: OWNER })
      .returning("id")
      .executeTakeFirstOrThrow();
    // lead_events has no history trigger today; an entry as one would record it
    // stands for any dependent table that gets one.
    await sql`INSERT INTO row_history (table_name, row_id, op, after) VALUES ('lead_events', ${event.id}, 'create', '{"body": "Gate code 4411"}')`.execute(db());
    const live = await addFaq("Still here?");
    await api(`/api/tables/faqs/${live.id}`, { method: "PUT", json: { answer: "Yes, live." } });
    const recent = await addFaq("Deleted yesterday?");
    for (const [table, id] of [["faqs", purged.id], ["quote_requests", lead.id]] as const) {
      expect((await api(`/api/tables/${table}/${id}`, { method: "DELETE" })).status).toBe(200);
    }
    // Deleted 30 days ago: moved back in time, as the purge judges by deleted_at.
    await sql`UPDATE trash SET deleted_at = now() - interval '31 days'`.execute(db());
    expect((await api(`/api/tables/faqs/${recent.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await historyOf("faqs", purged.id)).map((h) => h.op)).toEqual(["create", "update", "delete"]);

    expect(await purgeTrash(db(), { now: new Date(Date.now() + day) })).toBe(2);

    expect(await historyOf("faqs", purged.id)).toEqual([]);
    expect(await historyOf("quote_requests", lead.id)).toEqual([]);
    expect(await historyOf("lead_events", event.id)).toEqual([]);
    expect(await rowHistory(db(), getTable("faqs")!, purged.id)).toEqual([]);
    const everywhere = await sql`SELECT 1 FROM row_history WHERE before::text LIKE '%12 Elm St%' OR after::text LIKE '%12 Elm St%'
      OR before::text LIKE '%Gate code 4411%' OR after::text LIKE '%Gate code 4411%'`.execute(db());
    expect(everywhere.rows).toEqual([]);
    // A live row and a row still in the trash keep theirs: the latter may yet come back.
    expect((await historyOf("faqs", live.id)).map((h) => h.op)).toEqual(["create", "update"]);
    expect((await historyOf("faqs", recent.id)).map((h) => h.op)).toEqual(["create", "delete"]);
    expect(await inTrash("faqs", recent.id)).toBe(true);
  });

  it("two purges at once purge each row exactly once", async () => {
    await sql`DELETE FROM trash`.execute(db());
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await addFaq(`Batch ${i}`)).id);
    for (const id of ids) await api(`/api/tables/faqs/${id}`, { method: "DELETE" });
    const later = new Date(Date.now() + 31 * 24 * 3600_000);
    // Small batches, so the two interleave (on PostgreSQL they run on two connections).
    const counts = await Promise.all([purgeTrash(db(), { now: later, batch: 2 }), purgeTrash(db(), { now: later, batch: 2 })]);
    expect(counts[0]! + counts[1]!).toBe(ids.length);
    expect((await sql`SELECT count(*)::int AS n FROM trash`.execute(db())).rows).toEqual([{ n: 0 }]);
  });
});

describe("migration 2026-11-27-09 on a database purged before", () => {
  it("deletes the history of rows neither in their table nor in the trash, and nothing else", async () => {
    const purgedBefore = await addFaq("Purged under the old purge?");
    await api(`/api/tables/faqs/${purgedBefore.id}`, { method: "PUT", json: { answer: "Private." } });
    await api(`/api/tables/faqs/${purgedBefore.id}`, { method: "DELETE" });
    // As the old purge left it: the trash row gone, the history kept.
    await sql`DELETE FROM trash WHERE table_name = 'faqs' AND row_id = ${purgedBefore.id}`.execute(db());
    const user = await api("/api/tables/users", { method: "POST", json: { email: "gone@example.com", name: "Gone", is_admin: false } });
    expect(user.status).toBe(201);
    const userId = ((await user.json()) as { id: number }).id;
    await sql`DELETE FROM users WHERE id = ${userId}`.execute(db());
    const trashed = await addFaq("In the trash?");
    await api(`/api/tables/faqs/${trashed.id}`, { method: "DELETE" });
    const live = await addFaq("Live?");
    expect((await historyOf("faqs", purgedBefore.id)).map((h) => h.op)).toEqual(["create", "update", "delete"]);

    await forgetPurgedHistory(db());

    expect(await historyOf("faqs", purgedBefore.id)).toEqual([]);
    expect(await historyOf("users", userId)).toEqual([]);
    expect((await historyOf("faqs", trashed.id)).map((h) => h.op)).toEqual(["create", "delete"]);
    expect((await historyOf("faqs", live.id)).map((h) => h.op)).toEqual(["create"]);
  });
});

describe("history", () => {
  it("records create, update, delete and restore from the API with who, when and each changed field", async () => {
    const started = Date.now();
    const faq = await addFaq("What is a ceramic coat?", editor);
    await api(`/api/tables/faqs/${faq.id}`, { method: "PUT", json: { answer: "A hard shell.", sort_order: 3 } });
    await api(`/api/tables/faqs/${faq.id}`, { method: "PUT", json: { answer: "A hard shell." } }); // no change: nothing recorded
    await api(`/api/tables/faqs/${faq.id}`, { method: "DELETE", as: editor });
    await api(`/api/tables/faqs/${faq.id}/restore`, { method: "POST" });

    const history = await historyOf("faqs", faq.id);
    expect(history.map((h) => [h.op, h.actor])).toEqual([
      ["create", EDITOR],
      ["update", OWNER],
      ["delete", EDITOR],
      ["restore", OWNER],
    ]);
    expect(history[0]).toMatchObject({ before: null, after: expect.objectContaining({ question: "What is a ceramic coat?", answer: "Yes." }) });
    expect(history[1]).toMatchObject({ before: { answer: "Yes.", sort_order: 0 }, after: { answer: "A hard shell.", sort_order: 3 } });
    expect(history[2]).toMatchObject({ before: expect.objectContaining({ answer: "A hard shell." }), after: null });
    expect(history[3]).toMatchObject({ before: null, after: expect.objectContaining({ answer: "A hard shell." }) });
    for (const h of history) expect(new Date(h.at).getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it("records the dashboard's create, update, delete and restore too, with the signed-in administrator", async () => {
    const created = (await dashboardPost("faqs", {
      intent: "create",
      question: "Dashboard question",
      answer: "First",
      category: "General Questions",
      sort_order: "0",
    })) as Response;
    expect(created.headers.get("Location")).toBe("/admin/faqs?done=saved");
    const { id } = await db().selectFrom("faqs").select("id").where("question", "=", "Dashboard question").executeTakeFirstOrThrow();
    const form = { question: "Dashboard question", answer: "Second", category: "General Questions", sort_order: "0" };
    await dashboardPost("faqs", { intent: "update", id: String(id), ...form });
    await dashboardPost("faqs", { intent: "delete", id: String(id) });
    await dashboardPost("faqs", { intent: "restore", id: String(id) });
    const history = await historyOf("faqs", id);
    expect(history.map((h) => [h.op, h.actor])).toEqual([
      ["create", EDITOR],
      ["update", EDITOR],
      ["delete", EDITOR],
      ["restore", EDITOR],
    ]);
    expect(history[1]).toMatchObject({ before: { answer: "First" }, after: { answer: "Second" } });
  });

  it("records changes made outside the app's routes as well (the database's trigger), with no actor", async () => {
    const faq = await addFaq("Changed by SQL");
    await sql`UPDATE faqs SET category = 'Aftercare' WHERE id = ${faq.id}`.execute(db());
    expect((await historyOf("faqs", faq.id)).at(-1)).toMatchObject({ op: "update", actor: "", before: { category: "General Questions" }, after: { category: "Aftercare" } });
  });

  it("the edit dialog's History lists the versions; Restore this version brings one back and is recorded", async () => {
    const faq = await addFaq("Versioned");
    for (const answer of ["Two", "Three"]) await api(`/api/tables/faqs/${faq.id}`, { method: "PUT", json: { answer } });
    await api(`/api/tables/faqs/${faq.id}`, { method: "PUT", json: { category: "Aftercare" } });

    const page = (await dashboardLoad("faqs", `?edit=${faq.id}&history=1`)) as { history: { id: number; op: string; changes: { field: string; before: unknown; after: unknown }[] }[] };
    expect(page.history.map((h) => h.op)).toEqual(["update", "update", "update", "create"]);
    expect(page.history[0]!.changes).toEqual([{ field: "category", before: "General Questions", after: "Aftercare" }]);
    const second = page.history[2]!; // answer One → Two

    const restored = (await dashboardPost("faqs", { intent: "revert", id: String(faq.id), version: String(second.id) })) as Response;
    expect(restored.headers.get("Location")).toBe("/admin/faqs?done=reverted");
    const row = (await (await api(`/api/tables/faqs/${faq.id}`)).json()) as Record<string, unknown>;
    // As right after that version: answer Two, and the later category change undone.
    expect(row).toMatchObject({ answer: "Two", category: "General Questions", question: "Versioned" });
    expect((await historyOf("faqs", faq.id)).at(-1)).toMatchObject({
      op: "revert",
      actor: EDITOR,
      before: { answer: "Three", category: "Aftercare" },
      after: { answer: "Two", category: "General Questions" },
    });

    // A version of another row, or of no row, is not found; nothing changes.
    const other = await addFaq("Other");
    expect(failureOf(await dashboardPost("faqs", { intent: "revert", id: String(other.id), version: String(second.id) })).status).toBe(404);
    expect(failureOf(await dashboardPost("faqs", { intent: "revert", id: String(faq.id), version: "x" })).status).toBe(404);
  });

  it("leaves out the columns the app keeps up itself (updated_at, sign-in times)", async () => {
    const res = await api("/api/tables/services", { method: "POST", json: { kind: "car", title: "Wash", icon: "sparkles" } });
    const service = (await res.json()) as { id: number };
    await sql`UPDATE services SET updated_at = now() + interval '1 minute' WHERE id = ${service.id}`.execute(db());
    expect((await historyOf("services", service.id)).map((h) => h.op)).toEqual(["create"]);
    expect((await historyOf("services", service.id))[0]!.after).not.toHaveProperty("updated_at");
  });

  it("has a trigger on every editable registered table", async () => {
    const { rows } = await sql<{ table: string }>`SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname = c.relname || '_row_history'`.execute(db());
    const editable = tableNames().filter((name) => !getTable(name)!.readOnly);
    expect(rows.map((r) => r.table).sort()).toEqual(editable.sort());
  });
});
