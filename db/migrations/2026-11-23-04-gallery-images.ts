import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// - gallery: before/after pairs of photos shown on the home page and /gallery.
//   A pair is published only with the customer's consent (CHECK, and a clear
//   refusal in the dashboard before it: app/server/tables/admin-tables.server.ts).
// - images: what an uploaded image is (its size once upright, and the resized
//   copies made at upload), keyed by the upload's stored name, so pages can give
//   <img> its width, height and srcset without reading the file
//   (docs/decisions/0016-responsive-images.md).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("gallery")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("before_image", "text", (c) => c.notNull())
    .addColumn("after_image", "text", (c) => c.notNull())
    .addColumn("caption", "text", (c) => c.notNull())
    .addColumn("service", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("car").check(sql`kind IN ('car', 'boat')`))
    .addColumn("customer_consent", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("published", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("gallery_published_needs_consent", sql`NOT published OR customer_consent`)
    .execute();
  // The dashboard's sorts (id breaks ties) and the public pages' query (published, newest order first).
  for (const column of ["sort_order", "published", "created_at"]) {
    await db.schema.createIndex(`gallery_${column}_id_idx`).on("gallery").columns([column, "id"]).execute();
  }
  for (const column of ["caption", "kind"]) {
    await sql`CREATE INDEX ${sql.raw(`gallery_lower_${column}_id_idx`)} ON gallery (lower(${sql.ref(column)}), id)`.execute(db);
  }
  await sql`
    CREATE TRIGGER gallery_content_version
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gallery
    FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`.execute(db);

  await db.schema
    .createTable("images")
    // The stored upload's name (e.g. "AbC…xyz.jpg"), as in its URL /uploads/{name}.
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("width", "integer", (c) => c.notNull().check(sql`width > 0`))
    .addColumn("height", "integer", (c) => c.notNull().check(sql`height > 0`))
    // The widths of the resized copies, ascending; each in every format of `formats`.
    .addColumn("widths", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("formats", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // A 1200x630 JPEG cover crop for link previews (og:image) was made.
    .addColumn("og", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("images").ifExists().execute();
  await db.schema.dropTable("gallery").ifExists().execute();
}
