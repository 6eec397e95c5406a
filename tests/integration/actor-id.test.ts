import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "../../db/migrations";
import { defaultListQuery } from "~/lib/list-query";
import { FIRST_START_ACTOR } from "~/lib/row-history";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { createInvoice, getInvoice, saveInvoice } from "~/server/invoices/invoices.server";
import { deletePayment, recordPayment } from "~/server/invoices/payments.server";
import { sendInvoice } from "~/server/invoices/send.server";
import { addLeadNote, leadTimeline } from "~/server/leads/lead.server";
import { getBusinessSettings, saveSettings, settingsUpdated } from "~/server/settings.server";
import { listTrash, TRASH_LIST } from "~/server/tables/trash.server";
import { migrateToLatest } from "~/server/migrate.server";
import { rowHistory } from "~/server/tables/history.server";
import { getTable } from "~/server/tables/registry.server";
import { deleteRow, restoreRow } from "~/server/tables/rows.server";
import type { SessionUser } from "~/server/session.server";
import { insertLead } from "../helpers/estimates";
import { invoiceForm, paymentForm } from "../helpers/invoices";
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

describe("the other columns that named a staff member by e-mail (2026-11-30-05)", () => {
  it("a payment's recorder and deleter, a trash row's deleter and the settings' saver: by id, shown by their current e-mail, a deleted user's by label", async () => {
    const { user } = await signedInOwner();
    const lead = await insertLead(db(), { status: "booked" });
    const invoice = await createInvoice(db(), await leadOrigin(db(), lead), user);
    await saveInvoice(db(), invoice, invoiceForm([["Full detail", "1", "200"]]));
    await sendInvoice(db(), invoice, user, "https://shine.example");
    await recordPayment(db(), invoice, paymentForm("50"), user, undefined);
    const [paymentId] = (await getInvoice(db(), invoice)).payments.map((p) => p.id);
    await deletePayment(db(), invoice, paymentId!, user);
    const faq = await db().insertInto("faqs").values({ question: "Who deleted me?", answer: "<p>An owner.</p>", category: "General" }).returning("id").executeTakeFirstOrThrow();
    await deleteRow(db(), getTable("faqs")!, String(faq.id), user);
    await saveSettings(db(), await getBusinessSettings(db()), user);

    const stored = async () => ({
      payment: await db().selectFrom("payments").select(["recorded_by", "recorded_by_id", "deleted_by", "deleted_by_id"]).where("id", "=", paymentId!).executeTakeFirstOrThrow(),
      trash: await db().selectFrom("trash").select(["deleted_by", "deleted_by_id"]).where("table_name", "=", "faqs").where("row_id", "=", faq.id).executeTakeFirstOrThrow(),
      settings: await db().selectFrom("site_settings").select(["updated_by", "updated_by_id"]).executeTakeFirstOrThrow(),
    });
    expect(await stored()).toEqual({
      payment: { recorded_by: user.email, recorded_by_id: user.id, deleted_by: user.email, deleted_by_id: user.id },
      trash: { deleted_by: user.email, deleted_by_id: user.id },
      settings: { updated_by: user.email, updated_by_id: user.id },
    });
    const shown = async () => {
      const [payment] = (await getInvoice(db(), invoice)).payments;
      const trashed = (await listTrash(db(), getTable("faqs")!, defaultListQuery(TRASH_LIST))).rows.find((r) => r.rowId === faq.id)!;
      return { recordedBy: payment!.recordedBy, deletedBy: payment!.deletedBy, trashedBy: trashed.deletedBy, settingsBy: (await settingsUpdated(db())).by };
    };

    const renamed = `renamed${n}-${process.pid}@example.com`;
    await db().updateTable("users").set({ email: renamed }).where("id", "=", user.id).execute();
    expect(await shown()).toEqual({ recordedBy: renamed, deletedBy: renamed, trashedBy: renamed, settingsBy: renamed });

    await db().deleteFrom("users").where("id", "=", user.id).execute();
    expect(await shown()).toEqual({ recordedBy: user.email, deletedBy: user.email, trashedBy: user.email, settingsBy: user.email });
    expect(await stored()).toMatchObject({ payment: { recorded_by_id: null, deleted_by_id: null }, trash: { deleted_by_id: null }, settings: { updated_by_id: null } });
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
    await sql`INSERT INTO row_history (table_name, row_id, op, actor) VALUES ('faqs', 424242, 'update', ${user.email.toUpperCase()})`.execute(db());

    expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
    const { rows } = await sql<{ body: string; actor_id: number | null }>`SELECT body, actor_id FROM lead_events WHERE lead_id = ${lead} ORDER BY id`.execute(db());
    expect(rows).toEqual([
      { body: "as typed", actor_id: user.id },
      { body: "other case", actor_id: user.id },
      { body: "no user", actor_id: null },
      { body: "the customer", actor_id: null },
      { body: "unknown", actor_id: null },
    ]);
    const { rows: history } = await sql<{ actor_id: number | null }>`SELECT actor_id FROM row_history WHERE table_name = 'faqs' AND row_id = 424242`.execute(db());
    expect(history).toEqual([{ actor_id: user.id }]);
    await migrateToLatest(db());
  });
});

describe("the migration that adds the payments', trash's and settings' ids", () => {
  const THIS = "2026-11-30-05-actor-ids-everywhere";
  const names = Object.keys(migrations).sort();
  const BEFORE = names[names.indexOf(THIS) - 1]!;
  const migrator = () => new Migrator({ db: db(), provider: { getMigrations: async () => migrations } });

  it("fills each id from the e-mail recorded so far, ignoring case", { timeout: 60_000 }, async () => {
    const { user } = await signedInOwner();
    const lead = await insertLead(db(), { status: "booked" });
    const invoice = await createInvoice(db(), await leadOrigin(db(), lead), user);
    await saveSettings(db(), await getBusinessSettings(db()), user);
    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    const loud = user.email.toUpperCase();
    const { rows } = await sql<{ id: number }>`INSERT INTO payments (invoice_id, amount_cents, method, paid_on, recorded_by, deleted_at, deleted_by)
      VALUES (${invoice}, 100, 'Cash', current_date, ${loud}, now(), 'someone-gone@example.com') RETURNING id`.execute(db());
    await sql`INSERT INTO trash (table_name, row_id, row_data, dependents, deleted_by) VALUES ('faqs', 424243, '{}', '{}', ${loud})`.execute(db());
    await sql`UPDATE site_settings SET updated_by = ${loud}`.execute(db());

    expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
    const read = async (query: ReturnType<typeof sql<Record<string, number | null>>>) => (await query.execute(db())).rows[0];
    expect(await read(sql`SELECT recorded_by_id, deleted_by_id FROM payments WHERE id = ${rows[0]!.id}`)).toEqual({ recorded_by_id: user.id, deleted_by_id: null });
    expect(await read(sql`SELECT deleted_by_id FROM trash WHERE row_id = 424243`)).toEqual({ deleted_by_id: user.id });
    expect(await read(sql`SELECT updated_by_id FROM site_settings`)).toEqual({ updated_by_id: user.id });
    await migrateToLatest(db());
  });
});
