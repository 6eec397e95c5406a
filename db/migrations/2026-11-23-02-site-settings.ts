import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The business settings the owner edits at /admin/settings (docs/decisions/0014):
// one row (id 1), one typed column per setting. The row's first values are
// written by the first-start seed (db/seed.ts), not here: they are the
// owner's data, and this file must not depend on app code.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_settings")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("business_name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("public_email", "text", (c) => c.notNull())
    .addColumn("service_area", "text", (c) => c.notNull())
    .addColumn("facebook_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("opening_hours", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("hero_headline", "text", (c) => c.notNull())
    .addColumn("hero_text", "text", (c) => c.notNull())
    .addColumn("founder_name", "text", (c) => c.notNull())
    // Sanitised rich text (HTML).
    .addColumn("about_story", "text", (c) => c.notNull())
    .addColumn("response_time", "text", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // The e-mail of the administrator who saved last ('' for the seed).
    .addColumn("updated_by", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // The home and About pages are cached until the content version changes
  // (docs/decisions/0003): a settings change must bump it, in every process.
  await sql`
    CREATE TRIGGER site_settings_content_version
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
    FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_settings").ifExists().execute();
}
