import { sql } from "kysely";
import type { EmailState } from "~/lib/email-state";
import type { JobEventKind } from "~/lib/job-status";
import { isLeadStatus, LEAD_STATUS_TITLES, LOST_REASON_MAX, NOTE_MAX, type LeadStatus } from "~/lib/lead-status";
import { actorColumns, asActor, shownActor, type Actor } from "../actor.server";
import { AppError, badRequest, notFound } from "../app-error.server";
import { kickOutbox } from "../background.server";
import type { DB } from "../db.server";
import { emailStateSql, retryEmailNow } from "../outbox.server";
import type { EmailKind } from "./lead-mail.server";

/** One lead: its details, its history, and what the owner does on its page. */

export interface Lead {
  id: number;
  name: string;
  email: string;
  /** As typed; its number in E.164 form ("" when it is not one) and extension beside it (docs/decisions/0108). */
  phone: string;
  phone_e164: string;
  phone_ext: string;
  vehicle_type: string;
  message: string;
  /** Where the work is to be done ('' when not given; docs/decisions/0085). */
  service_address: string;
  status: LeadStatus;
  lost_reason: string;
  client_ip: string;
  created_at: Date;
  first_response_at: Date | null;
}

/** The lead's history, oldest first. */
export type TimelineEntry =
  | { type: "received"; at: Date }
  | {
      type: "email";
      at: Date;
      id: number;
      kind: EmailKind | "";
      to: string;
      subject: string;
      state: EmailState;
      attempts: number;
      lastError: string | null;
      /** When it is tried again (queued or failed). */
      nextAttemptAt: Date | null;
      sentAt: Date | null;
    }
  | { type: "status"; at: Date; from: LeadStatus | null; to: LeadStatus; reason: string; actor: string }
  | { type: "note"; at: Date; body: string; actor: string }
  | { type: "estimate"; at: Date; estimateId: number; number: number; kind: EstimateEventKind; body: string; actor: string }
  | { type: "job"; at: Date; jobId: number; kind: JobEventKind; body: string; actor: string };

type EstimateEventKind = "created" | "sent" | "viewed" | "accepted" | "declined";

const leadNotFound = () => notFound("Lead not found");

/** A lead id from the URL: a positive whole number, or a 404. */
export function leadId(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw leadNotFound();
  return Number(raw);
}

export async function getLead(db: DB, id: number): Promise<Lead> {
  const lead = await db
    .selectFrom("quote_requests")
    .select(["id", "name", "email", "phone", "phone_e164", "phone_ext", "vehicle_type", "message", "service_address", "status", "lost_reason", "client_ip", "created_at", "first_response_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!lead) throw leadNotFound();
  return lead as Lead;
}

export async function leadTimeline(db: DB, lead: Pick<Lead, "id" | "created_at">): Promise<TimelineEntry[]> {
  const [emails, events, estimateEvents, jobEvents] = await Promise.all([
    sql<{
      id: number;
      kind: string;
      to_address: string;
      subject: string;
      attempts: number;
      last_error: string | null;
      next_attempt_at: Date;
      sent_at: Date | null;
      created_at: Date;
      state: EmailState;
    }>`SELECT id, kind, to_address, subject, attempts, last_error, next_attempt_at, sent_at, created_at,
        ${emailStateSql((column) => sql.ref(column))} AS state
      FROM email_outbox WHERE lead_id = ${lead.id} ORDER BY created_at, id`.execute(db),
    db.selectFrom("lead_events as v").select(["v.created_at", "v.kind", "v.from_status", "v.to_status", "v.body", shownActor("v").as("actor")]).where("lead_id", "=", lead.id).orderBy("id").execute(),
    db
      .selectFrom("estimate_events as v")
      .innerJoin("estimates as e", "e.id", "v.estimate_id")
      .select(["v.created_at", "v.kind", "v.body", "e.id", "e.number", shownActor("v").as("actor")])
      .where("e.lead_id", "=", lead.id)
      .orderBy("v.id")
      .execute(),
    db
      .selectFrom("job_events as v")
      .innerJoin("jobs as j", "j.id", "v.job_id")
      .select(["v.created_at", "v.kind", "v.body", "j.id", shownActor("v").as("actor")])
      .where("j.lead_id", "=", lead.id)
      .orderBy("v.id")
      .execute(),
  ]);
  const entries: TimelineEntry[] = [{ type: "received", at: lead.created_at }];
  for (const e of emails.rows) {
    entries.push({
      type: "email",
      at: e.created_at,
      id: e.id,
      kind: e.kind as EmailKind | "",
      to: e.to_address,
      subject: e.subject,
      state: e.state,
      attempts: e.attempts,
      lastError: e.last_error,
      nextAttemptAt: e.state === "queued" || e.state === "retrying" ? e.next_attempt_at : null,
      sentAt: e.sent_at,
    });
  }
  for (const e of events) {
    if (e.kind === "note") entries.push({ type: "note", at: e.created_at, body: e.body, actor: e.actor });
    else if (isLeadStatus(e.to_status)) {
      const from = isLeadStatus(e.from_status) ? e.from_status : null;
      entries.push({ type: "status", at: e.created_at, from, to: e.to_status, reason: e.body, actor: e.actor });
    }
  }
  for (const e of estimateEvents) {
    entries.push({ type: "estimate", at: e.created_at, estimateId: e.id, number: e.number, kind: e.kind, body: e.body, actor: e.actor });
  }
  for (const e of jobEvents) {
    entries.push({ type: "job", at: e.created_at, jobId: e.id, kind: e.kind, body: e.body, actor: e.actor });
  }
  // Stable: entries of the same instant keep the order above (received, e-mails, events).
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Moves the lead to `to`, recorded with who did it (the trigger writes the
 * history and, on the first move out of New, the response time). A reason is
 * kept only for Lost. Moving to the status it has already changes nothing.
 */
export async function changeLeadStatus(db: DB, id: number, to: LeadStatus, actor: Actor, reason = ""): Promise<void> {
  const lostReason = to === "lost" ? reason : "";
  await asActor(db, actor, async (trx) => {
    const result = await trx
      .updateTable("quote_requests")
      .set({ status: to, lost_reason: lostReason, updated_at: sql`now()` })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("status", "<>", to), eb("lost_reason", "<>", lostReason)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) await getLead(trx, id); // 404 if it does not exist; else nothing to change
  });
}

/** Adds a dated note by `actor` (its text read by leadNoteSchema, ~/lib/lead-input). */
export async function addLeadNote(db: DB, id: number, text: string, actor: Actor): Promise<void> {
  await getLead(db, id);
  try {
    await db.insertInto("lead_events").values({ lead_id: id, kind: "note", body: text, ...actorColumns(actor) }).execute();
  } catch (error) {
    // Deleted between the look and the insert.
    if ((error as { code?: string }).code === "23503") throw leadNotFound();
    throw error;
  }
}

/** "Retry now" on a failed e-mail about this lead: due at once, and the outbox is woken. */
export async function retryLeadEmail(db: DB, id: number, emailId: unknown): Promise<void> {
  const key = typeof emailId === "string" && /^\d{1,9}$/.test(emailId) ? Number(emailId) : NaN;
  const email = Number.isNaN(key)
    ? undefined
    : await db.selectFrom("email_outbox").select(["id", "sent_at"]).where("id", "=", key).where("lead_id", "=", id).executeTakeFirst();
  if (!email) throw notFound("E-mail not found");
  if (email.sent_at) throw new AppError(409, "This e-mail has been sent already");
  if (!(await retryEmailNow(db, email.id))) throw new AppError(409, "This e-mail is being sent right now");
  kickOutbox(db);
}
