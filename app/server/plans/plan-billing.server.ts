import { sql } from "kysely";
import { dayIn, longDate } from "~/lib/time-zone";
import type { Actor } from "../actor.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { insertInvoice } from "../invoices/invoices.server";

/**
 * A plan's billing (docs/decisions/0147), through the invoices module (a
 * draft invoice, numbered from its sequence, sent by the owner like any):
 * - per visit: at Mark Done, one invoice of the visit at the plan's price
 *   (the job's one invoice: Create Invoice then finds it);
 * - monthly statement: one invoice per customer plan and month, listing that
 *   month's visits done, at the plan's monthly price; made by the background
 *   runner once the month is over, or by the owner's Create Statement. The
 *   plan's row lock makes two makers wait for each other and the second
 *   finds the first's; the unique (customer_plan_id, statement_month) is the
 *   database's last word, so a statement is numbered and made once.
 */

/** Mark Done of a plan's visit billed per visit: its invoice, in Mark Done's transaction. Nothing for other jobs, or a visit that has one. */
export async function invoicePlanVisit(trx: DB, jobId: number, actor: Actor): Promise<number | null> {
  const row = await trx
    .selectFrom("jobs as j")
    .innerJoin("customer_plans as cp", "cp.id", "j.customer_plan_id")
    .innerJoin("plans as p", "p.id", "cp.plan_id")
    .select(["j.customer_id", "j.starts_at", "cp.id as customer_plan_id", "cp.billing", "cp.price_cents", "p.name"])
    .where("j.id", "=", jobId)
    .executeTakeFirst();
  if (!row || row.billing !== "per_visit") return null;
  const existing = await trx.selectFrom("invoices").select("id").where("job_id", "=", jobId).where("status", "<>", "void").executeTakeFirst();
  if (existing) return existing.id;
  const day = longDate(dayOf(row.starts_at));
  const invoice = await insertInvoice(
    trx,
    {
      customerId: row.customer_id,
      jobId,
      customerPlanId: row.customer_plan_id,
      lines: [{ description: `${row.name}: visit on ${day}`, quantity: 1, unitPriceCents: row.price_cents, serviceId: null }],
      body: "Plan visit done (billed per visit)",
    },
    actor,
  );
  return invoice.id;
}

const dayOf = (at: Date) => dayIn(at, env().BUSINESS_TIME_ZONE);

const MONTH_NAME = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-11" → "November 2026". */
export const monthTitle = (month: string) => MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));

export type StatementOutcome = { kind: "created"; id: number; number: number } | { kind: "exists"; id: number } | { kind: "nothing" };

/**
 * The monthly statement of a customer plan for `month` (YYYY-MM): its visits
 * done that month (in the business's time zone) at the plan's monthly
 * price. "exists" when it was made already, "nothing" when the plan is not
 * billed monthly or no visit was done that month.
 */
export async function createStatement(db: DB, customerPlanId: number, month: string, actor: Actor): Promise<StatementOutcome> {
  const first = `${month}-01`;
  const run = async (trx: DB): Promise<StatementOutcome> => {
    const cp = await trx
      .selectFrom("customer_plans as cp")
      .innerJoin("plans as p", "p.id", "cp.plan_id")
      .select(["cp.id", "cp.customer_id", "cp.billing", "cp.price_cents", "p.name"])
      .where("cp.id", "=", customerPlanId)
      .forUpdate("cp")
      .executeTakeFirst();
    if (!cp || cp.billing !== "monthly") return { kind: "nothing" };
    const existing = await trx.selectFrom("invoices").select("id").where("customer_plan_id", "=", customerPlanId).where("statement_month", "=", sql<Date>`${first}::date`).executeTakeFirst();
    if (existing) return { kind: "exists", id: existing.id };
    const zone = env().BUSINESS_TIME_ZONE;
    const visits = await trx
      .selectFrom("jobs")
      .select(["id", "starts_at"])
      .where("customer_plan_id", "=", customerPlanId)
      .where("status", "=", "done")
      .where(sql<boolean>`(starts_at AT TIME ZONE ${zone})::date >= ${first}::date AND (starts_at AT TIME ZONE ${zone})::date < (${first}::date + interval '1 month')`)
      .orderBy("starts_at")
      .execute();
    if (!visits.length) return { kind: "nothing" };
    const invoice = await insertInvoice(
      trx,
      {
        customerId: cp.customer_id,
        customerPlanId,
        statementMonth: first,
        lines: [
          { description: `${cp.name}: ${monthTitle(month)}`, quantity: 1, unitPriceCents: cp.price_cents, serviceId: null },
          ...visits.map((v) => ({ description: `Visit done ${longDate(dayOf(v.starts_at))}`, quantity: 1, unitPriceCents: 0, serviceId: null })),
        ],
        body: `Monthly statement, ${monthTitle(month)}`,
      },
      actor,
    );
    return { kind: "created", ...invoice };
  };
  try {
    return await db.transaction().execute(run);
  } catch (error) {
    // Two makers at once past the lock (never, with it; the index is the last word): the first's stands.
    if ((error as { code?: string }).code === "23505") {
      const row = await db.selectFrom("invoices").select("id").where("customer_plan_id", "=", customerPlanId).where("statement_month", "=", sql<Date>`${first}::date`).executeTakeFirstOrThrow();
      return { kind: "exists", id: row.id };
    }
    throw error;
  }
}

/**
 * The background runner's statements: for every plan billed monthly, last
 * month's (in the business's time zone), when it had visits done and has no
 * statement yet. Returns how many were made.
 */
export async function createDueStatements(db: DB, now = new Date()): Promise<number> {
  const today = dayOf(now);
  const [y, m] = today.split("-").map(Number) as [number, number];
  const last = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
  const due = await db
    .selectFrom("customer_plans as cp")
    .select("cp.id")
    .where("cp.billing", "=", "monthly")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("invoices as i").select("i.id").whereRef("i.customer_plan_id", "=", "cp.id").where("i.statement_month", "=", sql<Date>`${`${last}-01`}::date`))),
    )
    .where(({ exists, selectFrom }) =>
      exists(selectFrom("jobs as j").select("j.id").whereRef("j.customer_plan_id", "=", "cp.id").where("j.status", "=", "done").where("j.plan_occurrence", ">=", sql<Date>`${`${last}-01`}::date - 7`)),
    )
    .execute();
  let made = 0;
  for (const { id } of due) if ((await createStatement(db, id, last, "system (monthly statements)")).kind === "created") made++;
  return made;
}
