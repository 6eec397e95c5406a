import { formatCents } from "~/lib/money";
import type { DB } from "../db.server";
import { getDepositPolicy } from "../settings.server";
import { heldUntilText, jobDeposit, type JobDeposit } from "./deposit-records.server";
import { recordEvent } from "./job-events.server";

/**
 * Holding a booking for its deposit (docs/decisions/0132): the entry point a
 * booking calls, in its own transaction, right after the job is stored and
 * before its confirmation is queued (scheduleJob does, given `depositCents`),
 * so the confirmation says what is due and until when.
 */

/**
 * Holds job `jobId` for a deposit of `amountCents` (depositFor of the
 * booking's total): until `now` plus Deposit Hold (hours), but never past the
 * job's start (a time released after it began would help nobody). Records the
 * event in the job's history. The database refuses a second hold of one job
 * (job_deposits.job_id is unique), an amount of 0 or less, and one above the
 * total of the estimate the job books (job_deposits_within_total).
 */
export async function holdForDeposit(trx: DB, jobId: number, amountCents: number, now: Date = new Date()): Promise<JobDeposit> {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError(`holdForDeposit: the amount must be whole cents above 0 (depositFor gives it), not ${amountCents}`);
  const [{ holdHours }, job] = await Promise.all([
    getDepositPolicy(trx),
    trx.selectFrom("jobs").select("starts_at").where("id", "=", jobId).executeTakeFirstOrThrow(),
  ]);
  const heldUntil = new Date(Math.min(now.getTime() + holdHours * 3_600_000, job.starts_at.getTime()));
  await trx.insertInto("job_deposits").values({ job_id: jobId, amount_cents: amountCents, held_until: heldUntil }).execute();
  const deposit = (await jobDeposit(trx, jobId))!;
  // Who booked is the transaction's actor (the triggers' app.actor); the event names nobody, like a reminder's.
  await recordEvent(trx, jobId, "deposit_held", "", `Deposit of ${formatCents(amountCents)} due; held until ${heldUntilText(deposit)}`);
  return deposit;
}

/**
 * A booking made again for a job a Weather Day cancelled (docs/decisions/0144,
 * ./weather-rebooking.server.ts): the deposit asked of the cancelled job, if
 * any, moves to the new one (docs/decisions/0148) instead of a second being
 * asked. Received: the new job has it as received (when, how, by whom), and
 * the confirmation asks for nothing. Still due: the new job waits for it, held
 * afresh from `now` for Deposit Hold (hours), never past its start, and the
 * confirmation says so. Released (the hold ran out before): nothing. One row
 * moved (job_deposits.job_id), so a deposit is counted once. Records the
 * event in the new job's history.
 */
export async function carryDeposit(trx: DB, fromJobId: number, toJobId: number, now: Date = new Date()): Promise<JobDeposit | undefined> {
  const deposit = await jobDeposit(trx, fromJobId);
  if (!deposit || deposit.state === "released") return undefined;
  const due = deposit.state === "due";
  let heldUntil = deposit.heldUntil;
  if (due) {
    const [{ holdHours }, job] = await Promise.all([getDepositPolicy(trx), trx.selectFrom("jobs").select("starts_at").where("id", "=", toJobId).executeTakeFirstOrThrow()]);
    heldUntil = new Date(Math.min(now.getTime() + holdHours * 3_600_000, job.starts_at.getTime()));
  }
  await trx.updateTable("job_deposits").set({ job_id: toJobId, held_until: heldUntil }).where("job_id", "=", fromJobId).execute();
  const carried = (await jobDeposit(trx, toJobId))!;
  const amount = formatCents(carried.amountCents);
  await recordEvent(
    trx,
    toJobId,
    due ? "deposit_held" : "deposit_received",
    "",
    due
      ? `Deposit of ${amount} due (carried from the appointment a Weather Day cancelled); held until ${heldUntilText(carried)}`
      : `Deposit of ${amount} received for the appointment a Weather Day cancelled, carried to this one`,
  );
  return carried;
}
