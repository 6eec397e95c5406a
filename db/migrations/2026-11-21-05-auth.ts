import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
export async function up(db: Kysely<any>): Promise<void> {
  // One live e-mailed sign-in code per address: a new code replaces the old one.
  await db.schema
    .createTable("one_time_codes")
    // Always stored lower-case and trimmed; the code is bound to this address.
    .addColumn("email", "text", (c) => c.primaryKey())
    // HMAC-SHA256 of address and code under the server secret: a copy of the table reveals no code.
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("wrong_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();

  // Who signed in, failed, asked for codes or signed out: read by administrators.
  await db.schema
    .createTable("auth_audit")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("client_ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // The admin list shows the newest first.
  await db.schema.createIndex("auth_audit_created_at_idx").on("auth_audit").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_audit").ifExists().execute();
  await db.schema.dropTable("one_time_codes").ifExists().execute();
}
