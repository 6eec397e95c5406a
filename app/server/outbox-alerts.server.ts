import type { OutboxEmail } from "../../db/types";
import type { DB } from "./db.server";
import { businessTime, type EmailKind } from "./leads/lead-mail.server";
import type { Email } from "./mail.server";
import { enqueueEmail } from "./outbox.server";
import { getBusinessSettings } from "./settings.server";
import { configuredOrigin } from "./site-url.server";

/**
 * The owner's alert about an e-mail the outbox gave up on
 * (docs/decisions/0111): once per e-mail, to Send New Requests To, in the
 * transaction that gives up. Never in a loop: an alert that fails is not
 * alerted about, and neither is an e-mail to the alert address itself (the
 * alert would go where delivery just failed); the E-mail Log and the server
 * log show those.
 */

/** The outbox kind of the alert (the lead's history names it). */
export const UNDELIVERED_KIND = "email_undelivered" satisfies EmailKind;

const SUBJECT_MAX = 150;

/** Queues the alert about `row` unless one of the rules above says no; true when queued. */
export async function tellOwnerOfUndelivered(trx: DB, row: OutboxEmail, answer: string): Promise<boolean> {
  if (row.alert_for_id !== null) return false;
  const { notifyEmail } = await getBusinessSettings(trx);
  if (!notifyEmail || notifyEmail.trim().toLowerCase() === row.to_address.trim().toLowerCase()) return false;
  // Told already (a Retry now that failed again): the row is locked by the caller's update, so this look cannot race another.
  const told = await trx.selectFrom("email_outbox").select("id").where("alert_for_id", "=", row.id).executeTakeFirst();
  if (told) return false;
  await enqueueEmail(trx, undeliveredEmail(row, answer, notifyEmail), { leadId: row.lead_id ?? undefined, kind: UNDELIVERED_KIND, alertFor: row.id });
  return true;
}

/** Where the owner reads it in the dashboard: absolute only from APP_URL, never from a Host header. */
function dashboardLink(path: string): string {
  const origin = configuredOrigin();
  return origin ? `${origin}${path}` : `${path} in the dashboard`;
}

export function undeliveredEmail(row: Pick<OutboxEmail, "to_address" | "subject" | "created_at" | "attempts" | "lead_id">, answer: string, to: string): Email {
  const subject = row.subject.length > SUBJECT_MAX ? `${row.subject.slice(0, SUBJECT_MAX - 1)}…` : row.subject;
  return {
    to,
    subject: `Not delivered: ${subject}`,
    text: [
      "An e-mail the site sent could not be delivered, and it will not be tried again.",
      "",
      `To:       ${row.to_address}`,
      `Subject:  ${row.subject}`,
      `Queued:   ${businessTime(row.created_at)}`,
      `Tries:    ${row.attempts}`,
      "",
      `The mail server answered: ${answer}`,
      "",
      "If the address is mistyped or no longer used, ask the customer for the right one, correct it on their record and send again.",
      `The E-mail Log shows every e-mail and its state: ${dashboardLink("/admin/email_outbox")}`,
      ...(row.lead_id === null ? [] : [`The lead: ${dashboardLink(`/admin/leads/${row.lead_id}`)}`]),
    ].join("\n"),
  };
}
