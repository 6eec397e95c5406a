import { sql, type RawBuilder } from "kysely";
import { AppError, notFound } from "../app-error.server";
import { actorColumns, asActor, type Actor } from "../actor.server";
import type { DB } from "../db.server";

/**
 * Merge (docs/decisions/0090): the owner knows two records are one person;
 * `sourceId` joins `targetId`. In one transaction everything of the source
 * moves to the target (its requests; its estimates, jobs and invoices, with
 * a lead or without; its vehicles; its history), details the target lacks are kept (a phone, an
 * e-mail, the notes), the source stays as a row that points at the target
 * (so trashed requests and old links still find the person) and the target's
 * timeline records the merge.
 */
export async function mergeCustomers(db: DB, targetId: number, sourceId: number, actor: Actor): Promise<void> {
  if (targetId === sourceId) throw mergeRefusal(400, INTO_ITSELF);
  await asActor(db, actor, async (trx) => {
    const source = await trx.selectFrom("customers").selectAll().where("id", "=", sourceId).executeTakeFirst();
    if (!source) throw mergeRefusal(404, noSuchCustomer(sourceId));
    // A request matched to the source right now (match_customer holds this
    // lock until it commits) is moved too: wait for it, then move.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('customer:match', 0))`.execute(trx);
    // Both rows locked in id order, so two merges of the same pair cannot deadlock.
    const locked = await trx.selectFrom("customers").selectAll().where("id", "in", [targetId, sourceId]).orderBy("id").forUpdate().execute();
    const target = locked.find((c) => c.id === targetId);
    const src = locked.find((c) => c.id === sourceId)!;
    if (!target) throw notFound("Customer not found");
    if (target.merged_into !== null) throw new AppError(409, `This customer was merged into customer #${target.merged_into} already.`);
    if (src.merged_into !== null) throw mergeRefusal(409, mergedAlready(sourceId, src.merged_into));

    // A request's work follows it (the foreign key on lead_id and customer_id cascades the update); work without a lead is moved here.
    const moved = await trx.updateTable("quote_requests").set({ customer_id: targetId }).where("customer_id", "=", sourceId).executeTakeFirst();
    for (const work of WORK_TABLES) await trx.updateTable(work).set({ customer_id: targetId }).where("customer_id", "=", sourceId).execute();
    const vehicles = await trx.updateTable("vehicles").set({ customer_id: targetId }).where("customer_id", "=", sourceId).executeTakeFirst();
    await trx.updateTable("customer_events").set({ customer_id: targetId }).where("customer_id", "=", sourceId).execute();
    // Their maintenance plans too (docs/decisions/0145): a plan's visits are jobs, moved above.
    await trx.updateTable("customer_plans").set({ customer_id: targetId }).where("customer_id", "=", sourceId).execute();
    // Requests in the trash come back to the target; records merged into the source now point at the target (one step deep).
    await sql`UPDATE trash SET row_data = jsonb_set(row_data, '{customer_id}', to_jsonb(${targetId}::int)), dependents = ${trashedWorkTo(sql`dependents`, targetId)}
      WHERE table_name = 'quote_requests' AND row_data->>'customer_id' = ${String(sourceId)}`.execute(trx);
    await trx.updateTable("customers").set({ merged_into: targetId }).where("merged_into", "=", sourceId).execute();
    await trx.updateTable("customers").set({ merged_into: targetId, updated_at: sql`now()` }).where("id", "=", sourceId).execute();
    // What the target lacks, from the source (after the source left the live e-mails, so the address may move).
    await trx
      .updateTable("customers")
      .set({
        email: target.email || src.email,
        // The phone with its number (docs/decisions/0108): the target's, or the source's when the target has none.
        ...(target.phone ? {} : { phone: src.phone, phone_e164: src.phone_e164, phone_ext: src.phone_ext }),
        notes: [target.notes, src.notes].filter(Boolean).join("\n").slice(0, 2000),
        // Either record's unsubscribe is the person's (docs/decisions/0091): the earlier one stands.
        // least() passes over a NULL.
        unsubscribed_at: sql`least(unsubscribed_at, (SELECT unsubscribed_at FROM customers WHERE id = ${sourceId}))`,
        updated_at: sql`now()`,
      })
      .where("id", "=", targetId)
      .execute();

    const requests = Number(moved.numUpdatedRows);
    const cars = Number(vehicles.numUpdatedRows);
    const contact = [src.email, src.phone].filter(Boolean).join(", ");
    await trx
      .insertInto("customer_events")
      .values({
        customer_id: targetId,
        kind: "merged",
        ...actorColumns(actor),
        body: `Customer #${sourceId} (${src.name}${contact ? `, ${contact}` : ""}) merged into this record: ${plural(requests, "request")} and ${plural(cars, "vehicle")} moved.`,
      })
      .execute();
  });
}

/** The tables of a customer's work (docs/decisions/0110). */
const WORK_TABLES = ["estimates", "jobs", "invoices"] as const;

/**
 * A trashed request's dependents with its estimates, jobs and invoices moved
 * to `customerId` too: a restore puts them back with their request, whose
 * customer they must share (their foreign key on lead_id and customer_id).
 */
function trashedWorkTo(dependents: RawBuilder<unknown>, customerId: number): RawBuilder<unknown> {
  return sql`(SELECT coalesce(jsonb_object_agg(d.key, CASE WHEN d.key IN ('estimates', 'jobs', 'invoices')
      THEN (SELECT jsonb_agg(jsonb_set(w, '{customer_id}', to_jsonb(${customerId}::int))) FROM jsonb_array_elements(d.value) w)
      ELSE d.value END), '{}'::jsonb)
    FROM jsonb_each(${dependents}) d)`;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

const INTO_ITSELF = "A customer cannot be merged into itself: choose another customer.";
const NOT_A_NUMBER = "Customer Number must be the number of the customer to merge, like 42.";
const noSuchCustomer = (id: number) => `There is no customer #${id} to merge.`;
const mergedAlready = (id: number, into: number) => `Customer #${id} was merged into customer #${into} already.`;
/** A refusal of the other record, shown on the Customer Number field too. */
const mergeRefusal = (status: number, message: string) => new AppError(status, message, { fields: { source: message } });

/** The other record's number as typed ("42" or "#42"), or the field's refusal (400). */
export function mergeSourceId(typed: string): number {
  const text = typed.trim().replace(/^#/, "");
  if (!/^\d{1,9}$/.test(text)) throw mergeRefusal(400, NOT_A_NUMBER);
  return Number(text);
}

/** What Confirm Merge would do: the other record and how much of it moves here; or why it cannot be merged. */
export type MergePreview =
  | { ok: true; source: { id: number; name: string; email: string; phone: string }; requests: string; vehicles: string }
  | { ok: false; error: string };

/** The confirm step before a merge (nothing changes): the same checks as mergeCustomers, read without locks. */
export async function mergePreview(db: DB, targetId: number, typed: string): Promise<MergePreview> {
  try {
    const sourceId = mergeSourceId(typed);
    if (sourceId === targetId) throw mergeRefusal(400, INTO_ITSELF);
    const source = await db.selectFrom("customers").select(["id", "name", "email", "phone", "merged_into"]).where("id", "=", sourceId).executeTakeFirst();
    if (!source) throw mergeRefusal(404, noSuchCustomer(sourceId));
    if (source.merged_into !== null) throw mergeRefusal(409, mergedAlready(sourceId, source.merged_into));
    const [requests, vehicles] = await Promise.all(
      (["quote_requests", "vehicles"] as const).map((table) =>
        db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as("n")).where("customer_id", "=", sourceId).executeTakeFirstOrThrow(),
      ),
    );
    const { merged_into: _, ...shown } = source;
    return { ok: true, source: shown, requests: plural(Number(requests!.n), "request"), vehicles: plural(Number(vehicles!.n), "vehicle") };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message };
    throw error;
  }
}

/** Live customers (not erased) other than `exceptId` whose name, e-mail or phone matches `q` (or whose id it is), for the merge's choice. */
export async function mergeCandidates(db: DB, exceptId: number, q: string, limit = 10) {
  const term = q.trim();
  if (!term) return [];
  const like = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = term.replace(/\D/g, "");
  const id = /^#?\d{1,9}$/.test(term) ? Number(term.replace("#", "")) : -1;
  const { rows } = await sql<{ id: number; name: string; email: string; phone: string }>`SELECT id, name, email, phone FROM customers
    WHERE merged_into IS NULL AND erased_at IS NULL AND id <> ${exceptId}
      AND (id = ${id}::int OR lower(name) LIKE ${like}::text OR lower(email) LIKE ${like}::text OR (${digits.length >= 3}::boolean AND phone_digits LIKE ${`%${digits}%`}::text))
    ORDER BY id = ${id}::int DESC, lower(name), id LIMIT ${limit}`.execute(db);
  return rows;
}
