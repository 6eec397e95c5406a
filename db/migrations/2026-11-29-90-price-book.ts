import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The price book (issue 35, docs/decisions/0126): what a visitor can book
// online at a price the server computes. Money in whole cents, durations in
// whole minutes. Its content is seeded once by db/seed.ts ("price-book-v1").
// - vehicle_classes: car or coupe, SUV or crossover, … and boat; a class
//   `per_foot` is priced by the boat's length in feet.
// - packages, and package_prices: a package's price and duration for each
//   vehicle class that offers it (no row: not offered for that class). For a
//   per-foot class both are per foot and `minimum_cents` is the least price.
// - add_ons: flat price and duration, whatever the vehicle.
// - condition_surcharges: light, moderate, heavy, each a whole percentage
//   added to the package and add-ons.
// - travel_zones: a fee for a distance up to `up_to_miles` from the base
//   ZIP code; a zone with no fee is the free one.
// - site_settings: Base ZIP Code and Service Radius (miles), where travel is
//   measured from and how far the business goes.

export async function up(db: Kysely<any>): Promise<void> {
  const timestamps = async (table: string) => {
    await db.schema
      .alterTable(table)
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  };
  // A name the owner types: not blank, one line, at most 80 characters, unique whatever its case.
  const name = sql`name = btrim(name) AND name <> '' AND length(name) <= 80 AND name !~ '[[:cntrl:]]'`;
  const uniqueName = (table: string) => sql`CREATE UNIQUE INDEX ${sql.raw(`${table}_name_key`)} ON ${sql.table(table)} (lower(name))`;

  await db.schema
    .createTable("vehicle_classes")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("per_foot", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0).check(sql`sort_order >= 0`))
    .addCheckConstraint("vehicle_classes_name_check", name)
    .execute();
  await timestamps("vehicle_classes");
  await uniqueName("vehicle_classes").execute(db);

  await db.schema
    .createTable("packages")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo("").check(sql`length(description) <= 500`))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0).check(sql`sort_order >= 0`))
    .addCheckConstraint("packages_name_check", name)
    .execute();
  await timestamps("packages");
  await uniqueName("packages").execute(db);

  await db.schema
    .createTable("package_prices")
    .addColumn("package_id", "integer", (c) => c.notNull().references("packages.id").onDelete("cascade"))
    .addColumn("vehicle_class_id", "integer", (c) => c.notNull().references("vehicle_classes.id").onDelete("cascade"))
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("duration_minutes", "integer", (c) => c.notNull().check(sql`duration_minutes > 0`))
    .addColumn("minimum_cents", "integer", (c) => c.notNull().defaultTo(0).check(sql`minimum_cents >= 0`))
    .addPrimaryKeyConstraint("package_prices_pkey", ["package_id", "vehicle_class_id"])
    .execute();
  // A vehicle class's packages (the booking page's list for the chosen vehicle; a class's delete).
  await db.schema.createIndex("package_prices_vehicle_class_idx").on("package_prices").column("vehicle_class_id").execute();

  await db.schema
    .createTable("add_ons")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("duration_minutes", "integer", (c) => c.notNull().check(sql`duration_minutes > 0`))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0).check(sql`sort_order >= 0`))
    .addCheckConstraint("add_ons_name_check", name)
    .execute();
  await timestamps("add_ons");
  await uniqueName("add_ons").execute(db);

  // Always the three levels (the owner edits their percentages): rows, so a level's price is data, not code.
  await db.schema
    .createTable("condition_surcharges")
    .addColumn("level", "text", (c) => c.primaryKey().check(sql`level IN ('light', 'moderate', 'heavy')`))
    .addColumn("percent", "integer", (c) => c.notNull().check(sql`percent BETWEEN 0 AND 100`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`INSERT INTO condition_surcharges (level, percent) VALUES ('light', 0), ('moderate', 0), ('heavy', 0)`.execute(db);

  await db.schema
    .createTable("travel_zones")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("up_to_miles", "integer", (c) => c.notNull().unique().check(sql`up_to_miles BETWEEN 1 AND 500`))
    .addColumn("fee_cents", "integer", (c) => c.notNull().check(sql`fee_cents >= 0`))
    .execute();
  await timestamps("travel_zones");

  await db.schema
    .alterTable("site_settings")
    .addColumn("base_zip", "text", (c) => c.notNull().defaultTo("49503").check(sql`base_zip ~ '^[0-9]{5}$'`))
    .addColumn("service_radius_miles", "integer", (c) => c.notNull().defaultTo(50).check(sql`service_radius_miles BETWEEN 1 AND 500`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("site_settings").dropColumn("service_radius_miles").dropColumn("base_zip").execute();
  for (const table of ["travel_zones", "condition_surcharges", "add_ons", "package_prices", "packages", "vehicle_classes"]) {
    await db.schema.dropTable(table).execute();
  }
}
