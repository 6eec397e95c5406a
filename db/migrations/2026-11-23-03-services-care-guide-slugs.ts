import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// - services: the home page's car and boat lists, ordered by the owner
//   (docs/decisions/0015-services-and-public-care-guides.md). Its content is
//   seeded once by db/seed.ts ("services-v1"), not here.
// - care_guides.slug: each published guide's address, /care-guides/{slug}.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("services")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('car', 'boat')`))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    // A name the site can draw (app/lib/service-icons.ts); the registry's enum checks it.
    .addColumn("icon", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The admin list's sorts (as in 06: id breaks ties; text sorts case-insensitively).
  for (const column of ["sort_order", "created_at"]) {
    await db.schema.createIndex(`services_${column}_id_idx`).on("services").columns([column, "id"]).execute();
  }
  for (const column of ["kind", "title"]) {
    await sql`CREATE INDEX ${sql.raw(`services_lower_${column}_id_idx`)} ON services (lower(${sql.ref(column)}), id)`.execute(db);
  }
  // The rendered-page cache (home page) follows any change, whoever makes it.
  await sql`
    CREATE TRIGGER services_content_version
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
    FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`.execute(db);

  // A slug left empty (on insert, or cleared on update) is made from the
  // title: lowercase ASCII letters and digits joined by single hyphens, at
  // most 80 characters, with -2, -3… when another guide has it already. A
  // slug given explicitly is kept as it is, and a duplicate one is refused by
  // the unique constraint ("Slug is already in use").
  await db.schema.alterTable("care_guides").addColumn("slug", "text", (c) => c.notNull().defaultTo("")).execute();
  await sql`
    CREATE FUNCTION care_guide_slug() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      base text;
      candidate text;
      n integer := 1;
    BEGIN
      IF NEW.slug IS NOT NULL AND NEW.slug <> '' THEN
        RETURN NEW;
      END IF;
      base := translate(lower(coalesce(NEW.title, '')),
        'áàâäãåāăąçćčďéèêëēėęěğíìîïīįıłñńňóòôöõøōőřśšşťúùûüūůűųýÿžźż',
        'aaaaaaaaacccdeeeeeeeegiiiiiiilnnnoooooooorssstuuuuuuuuyyzzz');
      base := trim(both '-' from regexp_replace(base, '[^a-z0-9]+', '-', 'g'));
      base := trim(both '-' from left(base, 80));
      IF length(base) < 3 THEN
        base := trim(both '-' from 'guide-' || base);
      END IF;
      candidate := base;
      WHILE EXISTS (SELECT 1 FROM care_guides WHERE slug = candidate AND id IS DISTINCT FROM NEW.id) LOOP
        n := n + 1;
        candidate := trim(both '-' from left(base, 80 - length(n::text) - 1)) || '-' || n;
      END LOOP;
      NEW.slug := candidate;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER care_guides_slug BEFORE INSERT OR UPDATE ON care_guides
    FOR EACH ROW EXECUTE FUNCTION care_guide_slug()`.execute(db);
  // The guides there are already, oldest first (so the oldest keeps the plain slug).
  await sql`
    DO $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT id FROM care_guides ORDER BY id LOOP
        UPDATE care_guides SET slug = '' WHERE id = r.id;
      END LOOP;
    END $$`.execute(db);
  await sql`ALTER TABLE care_guides ADD CONSTRAINT care_guides_slug_key UNIQUE (slug)`.execute(db);
  await sql`ALTER TABLE care_guides ADD CONSTRAINT care_guides_slug_check
    CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) BETWEEN 3 AND 80)`.execute(db);
  // The public list: published guides in the owner's order.
  await sql`CREATE INDEX care_guides_published_order_idx ON care_guides (sort_order, id) WHERE published`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("care_guides_published_order_idx").ifExists().execute();
  await sql`DROP TRIGGER IF EXISTS care_guides_slug ON care_guides`.execute(db);
  await sql`DROP FUNCTION IF EXISTS care_guide_slug()`.execute(db);
  await db.schema.alterTable("care_guides").dropColumn("slug").execute();
  await db.schema.dropTable("services").ifExists().execute();
}
