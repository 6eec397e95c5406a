import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "../../db/migrations";
import { FIRST_START_ACTOR } from "~/lib/row-history";
import { addLeadNote, leadTimeline } from "~/server/leads/lead.server";
import { migrateToLatest } from "~/server/migrate.server";
import { rowHistory } from "~/server/tables/history.server";
import { getTable } from "~/server/tables/registry.server";
import { restoreRow } from "~/server/tables/rows.server";
import type { SessionUser } from "~/server/session.server";
import { insertLead } from "../helpers/estimates";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Who acted is recorded as a user id beside the label (issue 34, docs/decisions/0123).
const database = useTestDatabase();
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };

let n = 0;
/** A signed-in owner of their own, with their users row. */
async function signedInOwner(): Promise<{ cookie: string; user: SessionUser }> {
  const email = `owner${++n}-${process.pid}@example.com`;
  const cookie = await sessionCookieFor(db(), email, { admin: true });
  const row = await db().selectFrom("users").select(["id", "email", "name"]).where("email", "=", email).executeTakeFirstOrThrow();
  return { cookie, user: { ...row, role: "owner" } };
}
const put = (path: string, cookie: string, json: unknown) =>
  app.fetch(path, { method: "PUT", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(json) });
const historyOf = (table: string, id: number) => rowHistory(db(), getTable(table)!, id);
const leadEntries = async (id: number) =>
  (await leadTimeline(db(), { id, created_at: new Date() })).flatMap((e) => ("actor" in e ? [{ type: e.type, actor: e.actor }] : []));

describe("the actor as a user id", () => {
  it("records the signed-in owner's id, shows their current e-mail, and a deleted user's label", async () => {
    const { cookie, user } = await signedInOwner();
    const lead = await insertLead(db(), { status: "new" });
    // Through the table API: the session's user is the one recorded, by the row history and the status trigger.
    expect((await put(`/api/tables/quote_requests/${lead}`, cookie, { status: "contacted" })).status).toBe(200);
    await addLeadNote(db(), lead, "Called back.", user);
    const recorded = async () => ({
      history: (await sql<{ actor: string; actor_id: number | null }>`SELECT actor, actor_id FROM row_history
        WHERE table_name = 'quote_requests' AND row_id = ${lead} AND op = 'update'`.execute(db())).rows,
      events: await db().selectFrom("lead_events").select(["kind", "actor", "actor_id"]).where("lead_id", "=", lead).orderBy("id").execute(),
    });
    expect(await recorded()).toEqual({
      history: [{ actor: user.email, actor_id: user.id }],
      events: [
        { kind: "status", actor: user.email, actor_id: user.id },
        { kind: "note", actor: user.email, actor_id: user.id },
      ],
    });
    expect((await historyOf("quote_requests", lead))[0]!.actor).toBe(user.email);

    // The user changes e-mail: every page shows the new one; the stored label stays what it was.
    const renamed = `renamed${n}-${process.pid}@example.com`;
    await db().updateTable("users").set({ email: renamed }).where("id", "=", user.id).execute();
    expect((await historyOf("quote_requests", lead))[0]!.actor).toBe(renamed);
    expect(await leadEntries(lead)).toEqual([
      { type: "status", actor: renamed },
      { type: "note", actor: renamed },
    ]);

    // The user is deleted: their rows stay, named by the label they acted under.
    await db().deleteFrom("users").where("id", "=", user.id).execute();
    expect((await recorded()).events.map((e) => e.actor_id)).toEqual([null, null]);
    expect((await historyOf("quote_requests", lead))[0]!.actor).toBe(user.email);
    expect(await leadEntries(lead)).toEqual([
      { type: "status", actor: user.email },
      { type: "note", actor: user.email },
    ]);
  });

  it("puts back a deleted lead whose events name a user deleted since", async () => {
    const { cookie, user } = await signedInOwner();
    const other = await signedInOwner();
    const lead = await insertLead(db(), { status: "new" });
    await addLeadNote(db(), lead, "Asked for photos.", user);
    expect((await app.fetch(`/api/tables/quote_requests/${lead}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);
    await db().deleteFrom("users").where("id", "=", user.id).execute();

    await restoreRow(db(), getTable("quote_requests")!, String(lead), other.user);
    expect(await db().selectFrom("lead_events").select(["actor", "actor_id"]).where("lead_id", "=", lead).execute()).toEqual([{ actor: user.email, actor_id: null }]);
    // The restore itself is the other owner's.
    expect((await historyOf("quote_requests", lead))[0]).toMatchObject({ op: "restore", actor: other.user.email });
  });

  it("records a label and no id for anyone without a users row", async () => {
    const lead = await insertLead(db(), { status: "new" });
    await addLeadNote(db(), lead, "From the seed.", FIRST_START_ACTOR);
    expect(await db().selectFrom("lead_events").select(["actor", "actor_id"]).where("lead_id", "=", lead).execute()).toEqual([{ actor: FIRST_START_ACTOR, actor_id: null }]);
  });
});

describe("the migration that adds actor_id", () => {
  const THIS = "2026-11-29-80-actor-id";
  const names = Object.keys(migrations).sort();
  const BEFORE = names[names.indexOf(THIS) - 1]!;
  const migrator = () => new Migrator({ db: db(), provider: { getMigrations: async () => migrations } });

  it("fills actor_id from the e-mails recorded so far, ignoring case", { timeout: 60_000 }, async () => {
    const { user } = await signedInOwner();
    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    const lead = await insertLead(db(), { status: "new" });
    await sql`INSERT INTO lead_events (lead_id, kind, body, actor) VALUES
      (${lead}, 'note', 'as typed', ${user.email}),
      (${lead}, 'note', 'other case', ${user.email.toUpperCase()}),
      (${lead}, 'note', 'no user', 'someone-gone@example.com'),
      (${lead}, 'note', 'the customer', 'Jane (customer, estimate #1)'),
      (${lead}, 'note', 'unknown', '')`.execute(db());
    await sql`INSERT INTO row_history (table_name, row_id, op, actor) VALUES ('faqs', 1, 'update', ${user.email.toUpperCase()})`.execute(db());

    expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
    const { rows } = await sql<{ body: string; actor_id: number | null }>`SELECT body, actor_id FROM lead_events WHERE lead_id = ${lead} ORDER BY id`.execute(db());
    expect(rows).toEqual([
      { body: "as typed", actor_id: user.id },
      { body: "other case", actor_id: user.id },
      { body: "no user", actor_id: null },
      { body: "the customer", actor_id: null },
      { body: "unknown", actor_id: null },
    ]);
    const { rows: history } = await sql<{ actor_id: number | null }>`SELECT actor_id FROM row_history WHERE table_name = 'faqs' AND row_id = 1`.execute(db());
    expect(history).toEqual([{ actor_id: user.id }]);
    await migrateToLatest(db());
  });
});
