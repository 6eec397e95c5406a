import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// - app_secrets: secrets the app generates for itself and every process on the
//   database must share. On a PostgreSQL server with SESSION_SECRET unset the
//   cookie-signing secret lives here (name 'session'), made once by whichever
//   process starts first (app/server/session-secret.server.ts); on the embedded
//   database it stays in $DATA_DIR/session-secret and this table is empty.
//   Not in the admin table registry: never shown, exported or edited there.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull().check(sql`length(value) >= 32`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app_secrets").execute();
}
