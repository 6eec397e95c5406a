import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql, type RawBuilder } from "kysely";
import type { EmailState } from "~/lib/email-state";
import type { DB } from "./db.server";
import { env } from "./env.server";
import type { Email } from "./mail.server";

/**
 * The e-mail outbox (table email_outbox): what goes in, in the transaction
 * that creates what it announces, and what the dashboard reads and does to a
 * row. Sending is ./outbox-delivery.server.ts.
 */

/** `<outbox-uuid@domain>`, the domain being MAIL_FROM's (else the site's), as receivers expect of a Message-ID. */
export function newMessageId(): string {
  return `<outbox-${randomUUID()}@${messageIdDomain()}>`;
}

/** A Message-ID's domain; the delivery gives it to an old row queued without a Message-ID. */
export function messageIdDomain(): string {
  const { MAIL_FROM, APP_URL } = env();
  const fromDomain = /@([^\s<>@]+)>?\s*$/.exec(MAIL_FROM)?.[1];
  return (fromDomain ?? (APP_URL ? new URL(APP_URL).hostname : hostname() || "localhost")).toLowerCase();
}

/** What an e-mail is about, for the lead's page and the e-mail log. */
export interface EmailSubject {
  /** The lead the e-mail is about; none (or null) for work without a lead. */
  leadId?: number | null;
  kind?: string;
  /** The owner's alert about the outbox row of this id, which was given up (./outbox-alerts.server.ts). */
  alertFor?: number;
}

/** Stores an e-mail for delivery; call inside the transaction that creates what it announces. */
export async function enqueueEmail(db: DB, email: Email, about: EmailSubject = {}): Promise<number> {
  const row = await db
    .insertInto("email_outbox")
    .values({
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      reply_to: email.replyTo ?? null,
      message_id: email.messageId ?? newMessageId(),
      lead_id: about.leadId ?? null,
      kind: about.kind ?? "",
      alert_for_id: about.alertFor ?? null,
      attachments: email.attachments?.length
        ? JSON.stringify(email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString("base64") })))
        : null,
      headers: email.headers && Object.keys(email.headers).length ? JSON.stringify(email.headers) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A row's state (app/lib/email-state.ts) as SQL over its columns, `ref`
 * naming them: the lead's page and the E-mail Log read it alike. A failure
 * whose next try has come (after "Retry now", or its backoff) is queued
 * again; one given up (failed_at) stays failed. Literals only: the E-mail
 * Log's export runs it inside a COPY.
 */
export function emailStateSql(ref: (column: string) => RawBuilder<unknown>): RawBuilder<EmailState> {
  return sql<EmailState>`CASE
    WHEN ${ref("sent_at")} IS NOT NULL AND ${ref("written_to_log")} THEN 'logged'
    WHEN ${ref("sent_at")} IS NOT NULL THEN 'sent'
    WHEN ${ref("failed_at")} IS NOT NULL THEN 'failed'
    WHEN ${ref("claimed_by")} IS NOT NULL AND ${ref("next_attempt_at")} > now() THEN 'sending'
    WHEN ${ref("last_error")} IS NOT NULL AND ${ref("next_attempt_at")} > now() THEN 'retrying'
    ELSE 'queued' END`;
}

/**
 * Makes a failed e-mail due now ("Retry now"), one given up included (one
 * more try: it is past the outbox's bound, so a failure gives it up again,
 * without a second alert); false when it is sent already or being sent (a
 * send in flight holds a lease: it is left to finish).
 */
export async function retryEmailNow(db: DB, id: number): Promise<boolean> {
  const result = await db
    .updateTable("email_outbox")
    .set({ next_attempt_at: sql`now()`, failed_at: null })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .where("claimed_by", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * On the embedded database only one process ever runs (the data directory is
 * locked), so at its start every claim is a dead process's: due now, not when
 * the lease runs out.
 */
export async function releaseOrphanedClaims(db: DB): Promise<number> {
  const result = await db
    .updateTable("email_outbox")
    .set({ next_attempt_at: sql`now()`, claimed_by: null })
    .where("sent_at", "is", null)
    .where("next_attempt_at", ">", sql<Date>`now()`)
    .where("claimed_by", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
