import { sql } from "kysely";
import { addDays, dayIn } from "~/lib/time-zone";
import { asActor } from "../actor.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import type { Job } from "../jobs/job-records.server";
import { placeVisits, PLAN_HORIZON_DAYS } from "./placement.server";
import { planVisitsEmail } from "./plan-mail.server";
import { getCustomerPlan } from "./plan-records.server";

/**
 * Keeping plans' visits placed ahead (docs/decisions/0146): the background
 * runner's top-up, and the customer's e-mail of visits just placed (Start a
 * Plan's too). Below the background runner: it imports nothing that kicks
 * the outbox.
 */

const zone = () => env().BUSINESS_TIME_ZONE;

/** Queues the customer's e-mail of visits just placed (none: nothing to say). */
export async function tellVisits(trx: DB, kind: "started" | "more", customerPlanId: number, visits: Job[], origin: string | undefined): Promise<void> {
  if (!visits.length) return;
  const cp = await getCustomerPlan(trx, customerPlanId);
  await enqueueEmail(trx, planVisitsEmail(kind, cp, visits, await getBusinessSettings(trx), origin), { kind: kind === "started" ? "plan_started" : "plan_visits" });
}

/**
 * The background runner's top-up: each active plan whose visits are placed
 * less than PLAN_HORIZON_DAYS - 7 ahead gets the next ones (an e-mail
 * listing them). A plan another process is placing is left to it (SKIP
 * LOCKED). Returns how many visits were placed; the caller delivers the e-mails.
 */
export async function topUpPlans(db: DB, origin: string | undefined, now = new Date(), horizonDays = PLAN_HORIZON_DAYS): Promise<number> {
  const threshold = addDays(dayIn(now, zone()), horizonDays - 7);
  const due = await db
    .selectFrom("customer_plans")
    .select("id")
    .where("status", "=", "active")
    .where((eb) => eb.or([eb("placed_until", "is", null), eb("placed_until", "<", sql<Date>`${threshold}::date`)]))
    .orderBy("placed_until")
    .limit(50)
    .execute();
  let total = 0;
  for (const { id } of due) {
    total += await asActor(db, "system (plan visits)", async (trx) => {
      const mine = await trx.selectFrom("customer_plans").select("id").where("id", "=", id).forUpdate().skipLocked().executeTakeFirst();
      if (!mine) return 0;
      const { placed } = await placeVisits(trx, id, "system (plan visits)", now, horizonDays);
      await tellVisits(trx, "more", id, placed, origin);
      return placed.length;
    });
  }
  return total;
}

