import { sql } from "kysely";
import { actorPair, shownActor, type Actor } from "../actor.server";
import type { ListQuery, ListSpec } from "~/lib/list-query";
import type { DB } from "../db.server";
import type { TableDef } from "./table-def.server";

/**
 * The trash (docs/decisions/0077-trash-table-with-dependents.md): a deleted
 * row leaves its table (so the site, the lead inbox and every query simply no
 * longer see it) and is kept whole as JSON in `trash` for TRASH_KEEP_DAYS,
 * with what its delete removed elsewhere, so a restore puts back exactly what
 * the delete took. Callers run these inside one transaction (asActor).
 */

export const TRASH_KEEP_DAYS = 30;

/**
 * What a delete takes along, by foreign key to the deleted table:
 * - "rows": ON DELETE CASCADE removes the referring rows; they are kept and put back.
 * - "link": ON DELETE SET NULL empties the referring column; the ids are kept and relinked.
 * Keys with deliberately no restore are listed in NOT_RESTORED; a test checks
 * that every foreign key to an editable table is in one of the two.
 */
interface Dependent {
  table: string;
  column: string;
  kind: "rows" | "link";
  /**
   * A dependent's own dependents (the cascade goes on): `column` refers to the
   * rows of `parent.table` whose `parent.column` is the deleted row. Listed
   * after the parent, so a restore puts the parent back first.
   */
  parent?: { table: string; column: string };
}

export const DEPENDENTS: Record<string, Dependent[]> = {
  quote_requests: [
    // The lead's status history and notes.
    { table: "lead_events", column: "lead_id", kind: "rows" },
    // The e-mails about the lead stay in the log either way; restoring links them again.
    { table: "email_outbox", column: "lead_id", kind: "link" },
    // Its photos (docs/decisions/0085): the files stay while the trash holds them (../uploads/orphans.server.ts).
    { table: "lead_photos", column: "lead_id", kind: "rows" },
    // Its estimates, with their lines and events (docs/decisions/0080).
    { table: "estimates", column: "lead_id", kind: "rows" },
    { table: "estimate_lines", column: "estimate_id", kind: "rows", parent: { table: "estimates", column: "lead_id" } },
    { table: "estimate_events", column: "estimate_id", kind: "rows", parent: { table: "estimates", column: "lead_id" } },
    // Its jobs and their events (docs/decisions/0083), after the estimates they may link to.
    { table: "jobs", column: "lead_id", kind: "rows" },
    { table: "job_events", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
    // Their deposits (docs/decisions/0132): a restore keeps each recorded or released once.
    { table: "job_deposits", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
    // Its invoices with their lines, payments and events (docs/decisions/0088), after the jobs and estimates they link to.
    { table: "invoices", column: "lead_id", kind: "rows" },
    { table: "invoice_lines", column: "invoice_id", kind: "rows", parent: { table: "invoices", column: "lead_id" } },
    { table: "payments", column: "invoice_id", kind: "rows", parent: { table: "invoices", column: "lead_id" } },
    { table: "invoice_events", column: "invoice_id", kind: "rows", parent: { table: "invoices", column: "lead_id" } },
    // Its jobs' reviews and maintenance reminders (docs/decisions/0091): a restore keeps each sent once.
    { table: "reviews", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
    { table: "maintenance_reminders", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
    // Its jobs' condition reports (docs/decisions/0136), as signed: their photos' files stay while the trash holds them.
    { table: "condition_reports", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
    // Their field work (docs/decisions/0138, 0139): the checklist, the posts' keys before the photos that name them, and
    // the pairs published from the photos (the photos' files stay while the trash holds them: ../uploads/orphans.server.ts).
    { table: "job_checklist_steps", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
    { table: "job_work_posts", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
    { table: "job_photos", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
    { table: "job_gallery_pairs", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
    // Its jobs a Weather Day cancelled (docs/decisions/0144): the hold and the job rebooked (of the same lead, so back with it) come back as they were.
    { table: "weather_rebookings", column: "job_id", kind: "rows", parent: { table: "jobs", column: "lead_id" } },
  ],
  services: [
    // An estimate's line keeps its text and price without the service; a restore links it again.
    { table: "estimate_lines", column: "service_id", kind: "link" },
    { table: "invoice_lines", column: "service_id", kind: "link" },
    // The reminders already sent for it: restored, it does not remind those customers again.
    { table: "maintenance_reminders", column: "service_id", kind: "rows" },
  ],
  testimonials: [
    // The review stays; restoring the testimonial links it again (docs/decisions/0091).
    { table: "reviews", column: "testimonial_id", kind: "link" },
  ],
  gallery: [
    // A pair published from a job's photos: the job keeps its photos and the consent; restoring the pair links it again.
    { table: "job_gallery_pairs", column: "gallery_id", kind: "link" },
  ],
};

/** Foreign keys whose rows a restore does not bring back, and why. */
export const NOT_RESTORED: Record<string, string> = {
  // A deleted user is signed out everywhere; restored, they sign in again.
  "sessions.user_id": "sessions are credentials: a restored user signs in again",
  // Likewise a deleted user's API tokens stay revoked; new ones are made at /admin/tokens.
  "api_tokens.user_id": "API tokens are credentials: a restored user's old tokens stay revoked",
  // And their passkeys (docs/decisions/0134): a restored user adds them again after a code sign-in.
  "passkeys.user_id": "passkeys are credentials: a restored user adds theirs again",
  "passkey_challenges.user_id": "a challenge lives five minutes and is single-use",
  // And their own calendar feed's token (docs/decisions/0148): a restored person's old feed address stays a 404.
  "staff_calendar_feeds.user_id": "a feed token is a credential: a restored person gets a new feed address",
  // Who acted (docs/decisions/0123): a deleted user's rows keep the label they acted under; a restored user's are not relinked.
  "customer_events.actor_id": "a deleted user's rows keep their label",
  "estimate_events.actor_id": "a deleted user's rows keep their label",
  "invoice_events.actor_id": "a deleted user's rows keep their label",
  "job_events.actor_id": "a deleted user's rows keep their label",
  "lead_events.actor_id": "a deleted user's rows keep their label",
  "row_history.actor_id": "a deleted user's rows keep their label",
  "payments.recorded_by_id": "a deleted user's rows keep their label",
  "payments.deleted_by_id": "a deleted user's rows keep their label",
  "job_deposits.received_by_id": "a deleted user's rows keep their label",
  "condition_reports.created_by_id": "a deleted user's rows keep their label",
  "trash.deleted_by_id": "a deleted user's rows keep their label",
  "site_settings.updated_by_id": "a deleted user's rows keep their label",
  "job_checklist_steps.done_by_id": "a deleted user's rows keep their label",
  "job_photos.taken_by_id": "a deleted user's rows keep their label",
  "job_gallery_pairs.consent_by_id": "a deleted user's rows keep their label",
  // A deleted person's jobs wait unassigned for the owner (docs/decisions/0115); a restore does not take them back from whoever has them since.
  "jobs.assigned_to": "a deleted person's jobs are the owner's to assign again",
  // The job rebooked after a Weather Day has its cancelled job's lead: a lead's delete takes both, and the row comes back whole with the cancelled job.
  "weather_rebookings.rebooked_job_id": "restored with its weather_rebookings row (the rebooked job is of the same lead)",
};

const dependentKey = (d: Dependent) => (d.kind === "rows" ? d.table : `${d.table}.${d.column}`);

export interface TrashedRow {
  rowId: number;
  row: Record<string, unknown>;
  deletedBy: string;
  deletedAt: Date;
}

/**
 * Moves one row to the trash: keeps it and its dependents, then deletes it
 * (the cascade and SET NULL happen as before). Returns false when there is no
 * such row. `trx` must be a transaction.
 */
export async function moveToTrash(trx: DB, table: TableDef, id: number, actor: Actor): Promise<boolean> {
  const { rows } = await sql<{ row: Record<string, unknown> }>`SELECT to_jsonb(t) AS row FROM ${sql.table(table.name)} t
    WHERE id = ${id}::bigint FOR UPDATE`.execute(trx);
  if (!rows[0]) return false;
  const dependents: Record<string, unknown[]> = {};
  for (const d of DEPENDENTS[table.name] ?? []) {
    const refersToDeleted = d.parent
      ? sql`${sql.ref(d.column)} IN (SELECT id FROM ${sql.table(d.parent.table)} WHERE ${sql.ref(d.parent.column)} = ${id})`
      : sql`${sql.ref(d.column)} = ${id}`;
    const { rows: found } = await (d.kind === "rows"
      ? sql<{ items: unknown[] }>`SELECT coalesce(jsonb_agg(to_jsonb(d) ORDER BY d.id), '[]'::jsonb) AS items
          FROM ${sql.table(d.table)} d WHERE ${refersToDeleted}`
      : sql<{ items: unknown[] }>`SELECT coalesce(jsonb_agg(d.id ORDER BY d.id), '[]'::jsonb) AS items
          FROM ${sql.table(d.table)} d WHERE ${refersToDeleted}`
    ).execute(trx);
    if (found[0]!.items.length) dependents[dependentKey(d)] = found[0]!.items;
  }
  await sql`DELETE FROM ${sql.table(table.name)} WHERE id = ${id}::bigint`.execute(trx);
  await trx
    .insertInto("trash")
    .values({ table_name: table.name, row_id: id, row_data: JSON.stringify(rows[0].row), dependents: JSON.stringify(dependents), ...actorPair("deleted_by", actor) })
    .execute();
  return true;
}

/**
 * Takes a row out of the trash and puts it back, with its dependents, under
 * its own id. Returns false when the trash holds no such row. `trx` must be a
 * transaction in which app.change is 'restore' (the history records a
 * restore, and the lead's note transcript is not appended twice).
 */
export async function putBackFromTrash(trx: DB, table: TableDef, id: number): Promise<boolean> {
  const trashed = await trx
    .deleteFrom("trash")
    .where("table_name", "=", table.name)
    .where("row_id", "=", id)
    .returning(["row_data", "dependents"])
    .executeTakeFirst();
  if (!trashed) return false;
  await insertFromJson(trx, table.name, [trashed.row_data]);
  for (const d of DEPENDENTS[table.name] ?? []) {
    const items = trashed.dependents[dependentKey(d)];
    if (!items?.length) continue;
    if (d.kind === "rows") await insertFromJson(trx, d.table, items);
    // Only e-mails no other row has claimed since (the column was NULL after the delete).
    else await sql`UPDATE ${sql.table(d.table)} SET ${sql.ref(d.column)} = ${id}
      WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(items)}::jsonb)::bigint) AND ${sql.ref(d.column)} IS NULL`.execute(trx);
  }
  return true;
}

/**
 * Inserts rows given as to_jsonb() objects, into every stored column (generated
 * ones are computed again). An actor's id (an event's actor_id, a payment's
 * recorded_by_id…) whose user was deleted since becomes NULL, as the delete
 * made it on the live rows (the label stays).
 */
async function insertFromJson(trx: DB, tableName: string, items: unknown[]): Promise<void> {
  const names = await storedColumns(trx, tableName);
  const values = names.map((n) => (isActorId(n) ? sql`(SELECT u.id FROM users u WHERE u.id = ${sql.ref(`r.${n}`)})` : sql.ref(`r.${n}`)));
  await sql`INSERT INTO ${sql.table(tableName)} (${sql.join(names.map((n) => sql.ref(n)))})
    SELECT ${sql.join(values)} FROM jsonb_populate_recordset(NULL::${sql.table(tableName)}, ${JSON.stringify(items)}::jsonb) r`.execute(trx);
}

/** The columns naming who acted by user id (docs/decisions/0123): `actor_id`, `recorded_by_id`, `deleted_by_id`… */
const isActorId = (column: string) => column === "actor_id" || column.endsWith("_by_id");

/** The table's columns that take a value on insert (not dropped, not generated), from the catalog. */
async function storedColumns(trx: DB, tableName: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT attname AS name FROM pg_attribute
    WHERE attrelid = ${tableName}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
    ORDER BY attnum`.execute(trx);
  return rows.map((r) => r.name);
}

/** Whether the trash holds this row. */
export async function isTrashed(db: DB, table: TableDef, id: number): Promise<boolean> {
  const found = await db.selectFrom("trash").select("id").where("table_name", "=", table.name).where("row_id", "=", id).executeTakeFirst();
  return found !== undefined;
}

/**
 * A table's trash as a list (lib/list-query): only `page` in its URL, newest
 * deletion first, 50 rows a page; its pager is every list's pager.
 */
export const TRASH_LIST: ListSpec = { properties: {}, defaultSort: { field: "deleted_at", direction: "desc" }, pageSize: 50 };

/** One page of a table's trash, newest deletion first, and how many rows it holds. */
export async function listTrash(db: DB, table: TableDef, query: ListQuery): Promise<{ rows: TrashedRow[]; total: number }> {
  const ofTable = db.selectFrom("trash").where("table_name", "=", table.name);
  const [list, count] = await Promise.all([
    ofTable
      .select(["row_id", "row_data", shownActor("trash", "deleted_by").as("deleted_by"), "deleted_at"])
      .orderBy("deleted_at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    ofTable.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: list.map((r) => ({ rowId: r.row_id, row: r.row_data, deletedBy: r.deleted_by, deletedAt: r.deleted_at })),
    total: count.n,
  };
}
