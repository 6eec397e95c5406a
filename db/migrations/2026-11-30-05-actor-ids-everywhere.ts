import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The last columns that named a staff member by e-mail text get the user's id
// beside them, as 2026-11-29-80-actor-id gave the event tables (issue 34,
// docs/decisions/0123): who recorded and who deleted a payment, who moved a
// row to the trash, who saved the settings. The text stays as the label a
// deleted user's rows still show; pages show the user's current e-mail.

const COLUMNS: [table: string, label: string][] = [
  ["payments", "recorded_by"],
  ["payments", "deleted_by"],
  ["trash", "deleted_by"],
  ["site_settings", "updated_by"],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, label] of COLUMNS) {
    const id = `${label}_id`;
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN ${sql.ref(id)} integer REFERENCES users (id) ON DELETE SET NULL`.execute(db);
    await sql`UPDATE ${sql.table(table)} t SET ${sql.ref(id)} = u.id FROM users u WHERE t.${sql.ref(label)} <> '' AND lower(t.${sql.ref(label)}) = lower(u.email)`.execute(db);
    // Serves the ON DELETE SET NULL when a user row is deleted.
    await sql`CREATE INDEX ${sql.raw(`${table}_${id}_idx`)} ON ${sql.table(table)} (${sql.ref(id)}) WHERE ${sql.ref(id)} IS NOT NULL`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, label] of COLUMNS) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN ${sql.ref(`${label}_id`)}`.execute(db);
}
