import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The admin dashboard's table (care guides) and the indexes its list and
// export queries need (app/server/tables/rows.server.ts):
// - ORDER BY <sortable column> <dir>, id <dir> LIMIT 50 → btree (column, id);
//   text columns sort case-insensitively → btree (lower(column), id)
// - <searchable column> ILIKE '%term%' → GIN gin_trgm_ops, on tables that grow
// - the unfiltered total → row_counts, kept by statement triggers

const sortIndexes: Record<string, string[]> = {
  quote_requests: [], // created_at: below, with id
  testimonials: ["rating", "sort_order", "created_at"],
  faqs: ["sort_order", "created_at"],
  care_guides: ["published", "sort_order"],
  users: ["is_admin", "created_at"],
  auth_audit: ["created_at"], // replaces 05's single-column index
};

const textSortIndexes: Record<string, string[]> = {
  quote_requests: ["name", "email", "vehicle_type", "status"],
  testimonials: ["name"],
  faqs: ["question", "category"],
  care_guides: ["title"],
  users: ["email", "name"],
  auth_audit: ["event", "email", "outcome"],
};

const trigramIndexes: Record<string, string[]> = {
  quote_requests: ["name", "email", "phone", "vehicle_type"],
  users: ["email", "name"],
  auth_audit: ["event", "email", "client_ip"],
};

const countedTables = ["quote_requests", "users", "auth_audit"];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await db.schema
    .createTable("care_guides")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    // Sanitised HTML (Quill's formats only) written by the dashboard.
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pdf", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("product_web_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("contact_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reviewed_on", "date")
    .addColumn("published", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The admin list's sort (id breaks ties, so pages and the export's keyset are stable).
  for (const [table, columns] of Object.entries(sortIndexes)) {
    for (const column of columns) {
      await db.schema.createIndex(`${table}_${column}_id_idx`).on(table).columns([column, "id"]).execute();
    }
  }
  for (const [table, columns] of Object.entries(textSortIndexes)) {
    for (const column of columns) {
      await sql`CREATE INDEX ${sql.raw(`${table}_lower_${column}_id_idx`)} ON ${sql.table(table)} (lower(${sql.ref(column)}), id)`.execute(db);
    }
  }
  // The default sort, newest first; replaces the single-column index of 01.
  await db.schema.createIndex("quote_requests_created_at_id_idx").on("quote_requests").columns(["created_at", "id"]).execute();
  await db.schema.dropIndex("quote_requests_created_at_idx").ifExists().execute();
  await db.schema.dropIndex("auth_audit_created_at_idx").ifExists().execute();

  // The admin search box: case-insensitive "contains" on tables that grow.
  for (const [table, columns] of Object.entries(trigramIndexes)) {
    for (const column of columns) {
      await sql`CREATE INDEX ${sql.raw(`${table}_${column}_trgm_idx`)} ON ${sql.table(table)} USING gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
    }
  }

  // Exact row counts without count(*) over a big table: statement triggers
  // add and subtract the rows each statement inserted or deleted.
  await db.schema
    .createTable("row_counts")
    .addColumn("table_name", "text", (c) => c.primaryKey())
    .addColumn("n", "bigint", (c) => c.notNull())
    .execute();
  await sql`
    CREATE FUNCTION row_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION row_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION row_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of countedTables) {
    await sql`LOCK TABLE ${sql.table(table)} IN SHARE MODE`.execute(db);
    await sql`INSERT INTO row_counts (table_name, n) SELECT ${table}, count(*) FROM ${sql.table(table)}`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_insert`)} AFTER INSERT ON ${sql.table(table)}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_insert()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_delete`)} AFTER DELETE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_delete()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_truncate`)} AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_truncate()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of countedTables) {
    for (const kind of ["insert", "delete", "truncate"]) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_count_${kind}`)} ON ${sql.table(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION IF EXISTS row_counts_insert(), row_counts_delete(), row_counts_truncate()`.execute(db);
  await db.schema.dropTable("row_counts").ifExists().execute();
  for (const [table, columns] of Object.entries(trigramIndexes)) {
    for (const column of columns) await db.schema.dropIndex(`${table}_${column}_trgm_idx`).ifExists().execute();
  }
  await db.schema.createIndex("quote_requests_created_at_idx").ifNotExists().on("quote_requests").column("created_at").execute();
  await db.schema.dropIndex("quote_requests_created_at_id_idx").ifExists().execute();
  await db.schema.createIndex("auth_audit_created_at_idx").ifNotExists().on("auth_audit").column("created_at").execute();
  for (const [table, columns] of Object.entries(sortIndexes)) {
    for (const column of columns) await db.schema.dropIndex(`${table}_${column}_id_idx`).ifExists().execute();
  }
  for (const [table, columns] of Object.entries(textSortIndexes)) {
    for (const column of columns) await db.schema.dropIndex(`${table}_lower_${column}_id_idx`).ifExists().execute();
  }
  await db.schema.dropTable("care_guides").ifExists().execute();
}
