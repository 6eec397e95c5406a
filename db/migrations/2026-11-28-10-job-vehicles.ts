import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Which of the customer's vehicles an estimate and a job are for (issue 23:
// a returning customer's new estimate or job offers their saved vehicles).
// NULL: not recorded. Removing a vehicle leaves the estimate and the job,
// without it. A merge moves vehicles with their ids, so the links stay.

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["estimates", "jobs"]) {
    await db.schema
      .alterTable(table)
      .addColumn("vehicle_id", "integer", (c) => c.references("vehicles.id").onDelete("set null"))
      .execute();
    // The foreign key's ON DELETE looks the vehicle up here.
    await sql`CREATE INDEX ${sql.raw(`${table}_vehicle_idx`)} ON ${sql.table(table)} (vehicle_id) WHERE vehicle_id IS NOT NULL`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["jobs", "estimates"]) await db.schema.alterTable(table).dropColumn("vehicle_id").execute();
}
