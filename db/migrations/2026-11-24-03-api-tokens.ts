import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// api_tokens: administrators' personal API tokens (docs/decisions/0036).
// Only the SHA-256 of a token is kept: a copy of the table authenticates no
// one. `token_start` is the token's first characters, shown in the dashboard
// so its owner can tell tokens apart. A token acts as its creator, so it goes
// when the user does (ON DELETE CASCADE).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) BETWEEN 1 AND 100`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("token_start", "text", (c) => c.notNull())
    .addColumn("read_only", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addColumn("last_used_at", "timestamptz")
    .addColumn("last_used_ip", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // The tokens page lists one user's tokens.
  await db.schema.createIndex("api_tokens_user_id_idx").on("api_tokens").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_tokens").ifExists().execute();
}
