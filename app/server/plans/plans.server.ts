import { sql } from "kysely";
import type { PlanInput } from "~/lib/plans";
import { badRequest, notFound } from "../app-error.server";
import { requirePermission, type Actor } from "../auth/permissions.server";
import type { DB } from "../db.server";

/**
 * The owner's plans (/admin/plans, docs/decisions/0145): add, edit, retire.
 * A plan is never deleted while a customer has it (the foreign key
 * refuses); retired, it is no longer offered by Start a Plan, and the
 * customers who have it keep it. The database holds the rules (a name
 * unique whatever its case, the price and limits in range).
 */

export async function savePlan(db: DB, actor: Actor, input: PlanInput): Promise<number> {
  requirePermission(actor, "prices.manage");
  const values = {
    name: input.name,
    cadence: input.cadence.kind,
    interval_weeks: input.cadence.kind === "weekly" ? input.cadence.weeks : null,
    billing: input.billing,
    price_cents: input.price,
    discount_percent: input.discountPercent,
    max_pause_weeks: input.maxPauseWeeks,
  };
  try {
    return await db.transaction().execute(async (trx) => {
      const known = input.packages.length ? (await trx.selectFrom("packages").select("id").where("id", "in", input.packages).execute()).map((p) => p.id) : [];
      if (known.length !== input.packages.length) throw badRequest("A package chosen is no longer in the price book. Reload the page.", { packages: "Choose packages from the list." });
      let id: number;
      if (input.id === null) {
        id = (await trx.insertInto("plans").values(values).returning("id").executeTakeFirstOrThrow()).id;
      } else {
        const row = await trx.updateTable("plans").set({ ...values, updated_at: sql`now()` }).where("id", "=", input.id).returning("id").executeTakeFirst();
        if (!row) throw notFound("This plan is no longer there. Reload the page.");
        id = row.id;
        await trx.deleteFrom("plan_packages").where("plan_id", "=", id).execute();
      }
      if (known.length) await trx.insertInto("plan_packages").values(known.map((package_id) => ({ plan_id: id, package_id }))).execute();
      return id;
    });
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      const message = `Another plan is already named ${input.name}.`;
      throw badRequest(message, { name: message });
    }
    throw error;
  }
}

/** Retire (no longer offered; its customers keep it) or offer it again. */
export async function retirePlan(db: DB, actor: Actor, id: number, retired: boolean): Promise<void> {
  requirePermission(actor, "prices.manage");
  const row = await db
    .updateTable("plans")
    .set({ retired_at: retired ? sql`coalesce(retired_at, now())` : null, updated_at: sql`now()` })
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw notFound("This plan is no longer there. Reload the page.");
}
