import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // Always stored lower-case and trimmed.
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("google_sub", "text", (c) => c.unique())
    .addColumn("is_admin", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_login_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("sessions")
    // SHA-256 of the random token in the cookie: a copy of the table signs no one in.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("client_ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // Sign out everywhere: delete by user.
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sessions").ifExists().execute();
  await db.schema.dropTable("users").ifExists().execute();
}
