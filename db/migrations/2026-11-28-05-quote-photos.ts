import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Issue 20 (docs/decisions/0085): the quote form may carry a service address
// and up to five photos of the vehicle.
// - quote_requests.service_address: where the work is to be done, as typed
//   (at most 300 characters; '' when not given); a job takes it later.
// - lead_photos: a lead's photos in the order they were sent (1–5), each a
//   stored upload. Deleting a lead takes its photos' rows with it (the trash
//   keeps them for a restore); the files go when nothing refers to them.
// - uploads.staff_only: served only to signed-in administrators (a photo may
//   show a number plate or a house), never cached by shared caches.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE quote_requests ADD COLUMN service_address text NOT NULL DEFAULT ''
    CONSTRAINT quote_requests_service_address_length CHECK (char_length(service_address) <= 300)`.execute(db);
  await db.schema.alterTable("uploads").addColumn("staff_only", "boolean", (c) => c.notNull().defaultTo(false)).execute();
  await db.schema
    .createTable("lead_photos")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("lead_id", "integer", (c) => c.notNull().references("quote_requests.id").onDelete("cascade"))
    .addColumn("position", "smallint", (c) => c.notNull().check(sql`position BETWEEN 1 AND 5`))
    // No ON DELETE: the orphan clean-up never takes an upload a lead (or a trashed lead) holds.
    .addColumn("upload_name", "text", (c) => c.notNull().references("uploads.name"))
    .addUniqueConstraint("lead_photos_lead_position_key", ["lead_id", "position"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_photos").execute();
  await db.schema.alterTable("uploads").dropColumn("staff_only").execute();
  await db.schema.alterTable("quote_requests").dropColumn("service_address").execute();
}
