import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/server/db.server";

/**
 * A job row written as the schema requires (db/migrations/2026-11-28-06-jobs.ts):
 * `busy` is exactly [start, start + duration + buffer). For read-only views and
 * benches; booking goes through the jobs module, which is not this file's.
 */
export async function insertJob(
  db: DB,
  leadId: number,
  startsAt: Date,
  values: { durationMinutes?: number; bufferMinutes?: number; status?: "scheduled" | "on_the_way" | "done" | "cancelled"; address?: string; assignedTo?: number | null } = {},
): Promise<number> {
  const duration = values.durationMinutes ?? 120;
  const buffer = values.bufferMinutes ?? 30;
  const row = await sql<{ id: number }>`
    INSERT INTO jobs (lead_id, token, status, starts_at, duration_minutes, buffer_minutes, busy, address, assigned_to)
    VALUES (${leadId}, ${randomBytes(18).toString("base64url")}, ${values.status ?? "scheduled"}, ${startsAt}, ${duration}, ${buffer},
      tstzrange(${startsAt}::timestamptz, ${startsAt}::timestamptz + make_interval(mins => ${duration + buffer}), '[)'), ${values.address ?? ""}, ${values.assignedTo ?? null})
    RETURNING id`.execute(db);
  return row.rows[0]!.id;
}

/** A lead (a customer) for jobs to belong to. */
export async function insertCustomer(db: DB, name: string, serviceAddress = ""): Promise<number> {
  const row = await db
    .insertInto("quote_requests")
    .values({ name, email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`, phone: "(616) 555-0188", vehicle_type: "SUV", service_address: serviceAddress, status: "booked" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
