import { sql, type RawBuilder } from "kysely";
import { dayIn } from "~/lib/time-zone";
import { shownActor } from "../actor.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import type { SessionUser } from "../session.server";
import { configuredOrigin } from "../site-url.server";
import { pulledCsvStream } from "../tables/csv-stream.server";
import { requireOwner } from "./customer-erase.server";
import { customerRecords, inIds, type CustomerRecords } from "./customer-records.server";
import { getCustomer } from "./customers.server";

/**
 * Export Data (docs/decisions/0122): everything the business holds about one
 * customer as one JSON document, streamed section by section (ADR 0044: a
 * section is read when the client wants more; the e-mails, whose bodies are
 * the largest part, a page at a time). What belongs to the customer is
 * ./customer-records.server.ts's, the same rows the erase changes. Left out:
 * the links' secret tokens (the file may travel), columns the database derives
 * (search text, digits) and attachments' bytes (their names stay).
 */

const EMAIL_PAGE = 20;

type Section = { key: string; rows: (r: CustomerRecords) => RawBuilder<{ row: unknown }> };

/** `(SELECT coalesce(jsonb_agg(…), '[]'))` of a child table's rows `x` of `parent`, in `order`. */
const children = (table: string, column: string, parent: string, order: string, row: RawBuilder<unknown> = sql`to_jsonb(x)`) =>
  sql`(SELECT coalesce(jsonb_agg(${row} ORDER BY ${sql.raw(order)}), '[]'::jsonb) FROM ${sql.table(table)} x WHERE x.${sql.ref(column)} = ${sql.raw(parent)}.id)`;
/** A parent's events, each `actor` as the pages show it (a staff member's current e-mail); the user's row id means nothing to the customer. */
const events = (table: string, column: string, parent: string) =>
  children(table, column, parent, "x.id", sql`${dropped(sql`to_jsonb(x)`, ["actor_id"])} || jsonb_build_object('actor', ${shownActor("x")})`);
const dropped = (json: RawBuilder<unknown>, keys: string[]) => (keys.length ? sql`${json} - ${sql.join(keys.map((k) => sql`${k}::text`), sql` - `)}` : json);
/** A payment, who recorded and deleted it shown as the events' actor is. */
const payment = sql`${dropped(sql`to_jsonb(x)`, ["recorded_by_id", "deleted_by_id"])} || jsonb_build_object('recorded_by', ${shownActor("x", "recorded_by")}, 'deleted_by', ${shownActor("x", "deleted_by")})`;

/** A job's deposit (docs/decisions/0132), or null: who recorded it shown as a payment's is. */
/** A Weather Day's cancellation of the job (docs/decisions/0144): the day, the time held and until when, the job rebooked. */
const weatherDay = sql`(SELECT ${dropped(sql`to_jsonb(x)`, ["hold_busy"])} FROM weather_rebookings x WHERE x.job_id = j.id)`;
const deposit = sql`(SELECT ${dropped(sql`to_jsonb(x)`, ["received_by_id"])} || jsonb_build_object('received_by', ${shownActor("x", "received_by")}) FROM job_deposits x WHERE x.job_id = j.id)`;

/** A job's condition report (docs/decisions/0136) without the PDF's bytes (their hash stays); who saved it shown as the events' actor is. */
const conditionReport = sql`${dropped(sql`to_jsonb(x)`, ["pdf", "created_by_id", "client_key"])} || jsonb_build_object('created_by', ${shownActor("x", "created_by")})`;
/** A job's before and after photos (docs/decisions/0139), where they are and who took them. */
const jobPhotos = () => sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('kind', p.kind, 'url', ${uploadsUrl()} || p.upload_name, 'name', u.original_name,
    'takenAt', p.created_at, 'takenBy', ${shownActor("p", "taken_by")}) ORDER BY p.id), '[]'::jsonb)
  FROM job_photos p JOIN uploads u ON u.name = p.upload_name WHERE p.job_id = j.id)`;
/** A job's checklist (docs/decisions/0138): each step, and when it was done. */
const checklistStep = sql`jsonb_build_object('step', x.step, 'doneAt', x.done_at)`;

const SECTIONS: Section[] = [
  {
    key: "customers",
    rows: (r) => sql`SELECT ${dropped(sql`to_jsonb(c)`, ["search_text", "phone_digits", "unsubscribe_token"])} AS row
      FROM customers c WHERE ${inIds("c.id", r.customers)} ORDER BY c.merged_into IS NOT NULL, c.id`,
  },
  { key: "vehicles", rows: (r) => sql`SELECT ${dropped(sql`to_jsonb(v)`, ["search_text"])} AS row FROM vehicles v WHERE ${inIds("v.id", r.vehicles)} ORDER BY v.id` },
  {
    key: "requests",
    rows: (r) => sql`SELECT ${dropped(sql`to_jsonb(q)`, ["search_text", "phone_digits", "note_bodies"])}
        || jsonb_build_object('photos', (SELECT coalesce(jsonb_agg(jsonb_build_object('url', ${uploadsUrl()} || p.upload_name, 'name', u.original_name) ORDER BY p.position), '[]'::jsonb)
          FROM lead_photos p JOIN uploads u ON u.name = p.upload_name WHERE p.lead_id = q.id),
          'events', ${events("lead_events", "lead_id", "q")}) AS row
      FROM quote_requests q WHERE ${inIds("q.id", r.leads)} ORDER BY q.id`,
  },
  {
    key: "estimates",
    rows: (r) => sql`SELECT ${dropped(sql`to_jsonb(e)`, ["token"])}
        || jsonb_build_object('lines', ${children("estimate_lines", "estimate_id", "e", "x.position")}, 'events', ${events("estimate_events", "estimate_id", "e")}) AS row
      FROM estimates e WHERE ${inIds("e.id", r.estimates)} ORDER BY e.id`,
  },
  {
    key: "jobs",
    rows: (r) => sql`SELECT ${dropped(sql`to_jsonb(j)`, ["token", "busy"])}
        || jsonb_build_object('events', ${events("job_events", "job_id", "j")}, 'deposit', ${deposit}, 'conditionReports', ${children("condition_reports", "job_id", "j", "x.id", conditionReport)},
          'photos', ${jobPhotos()}, 'checklist', ${children("job_checklist_steps", "job_id", "j", "x.position", checklistStep)},
          'weatherDay', ${weatherDay}) AS row
      FROM jobs j WHERE ${inIds("j.id", r.jobs)} ORDER BY j.id`,
  },
  {
    key: "invoices",
    rows: (r) => sql`SELECT ${dropped(sql`to_jsonb(i)`, ["token"])}
        || jsonb_build_object('lines', ${children("invoice_lines", "invoice_id", "i", "x.position")}, 'payments', ${children("payments", "invoice_id", "i", "x.id", payment)},
          'events', ${events("invoice_events", "invoice_id", "i")}) AS row
      FROM invoices i WHERE ${inIds("i.id", r.invoices)} ORDER BY i.id`,
  },
  { key: "reviews", rows: (r) => sql`SELECT ${dropped(sql`to_jsonb(v)`, ["token"])} AS row FROM reviews v WHERE ${inIds("v.id", r.reviews)} ORDER BY v.id` },
  // Their maintenance plans (docs/decisions/0145): the rule, the pause, the billing; the visits are among the jobs.
  { key: "plans", rows: (r) => sql`SELECT ${dropped(sql`to_jsonb(v)`, ["token"])} || jsonb_build_object('plan', (SELECT p.name FROM plans p WHERE p.id = v.plan_id)) AS row FROM customer_plans v WHERE ${inIds("v.customer_id", r.customers)} ORDER BY v.id` },
  {
    key: "history",
    rows: (r) => sql`SELECT row FROM (
        SELECT ev.created_at AS at, jsonb_build_object('table', 'customers', 'id', ev.customer_id, 'change', ev.kind, 'at', ev.created_at, 'by', ${shownActor("ev")}, 'details', ev.body) AS row
          FROM customer_events ev WHERE ${inIds("ev.customer_id", r.customers)}
        UNION ALL
        SELECT h.at, jsonb_build_object('table', h.table_name, 'id', h.row_id, 'change', h.op, 'at', h.at, 'by', ${shownActor("h")}, 'before', h.before, 'after', h.after)
          FROM row_history h WHERE h.table_name = 'quote_requests' AND ${inIds("h.row_id", r.leads)}
      ) t ORDER BY at`,
  },
  {
    key: "deletedRequests",
    rows: (r) => sql`SELECT jsonb_build_object('deletedAt', t.deleted_at, 'request', t.row_data, 'with', t.dependents) AS row
      FROM trash t WHERE ${inIds("t.id", r.trash)} ORDER BY t.id`,
  },
];

/** Where the photos are (staff only: the owner signs in to open them). */
const uploadsUrl = () => sql`${`${configuredOrigin() ?? ""}/uploads/`}::text`;

/** One page of the e-mails after `afterId`: what was sent, when, to whom, saying what; attachments by name. */
function emailPage(r: CustomerRecords, afterId: number) {
  return sql<{ id: number; row: unknown }>`SELECT m.id, jsonb_build_object('id', m.id, 'kind', m.kind, 'to', m.to_address, 'subject', m.subject,
      'text', m.text_body, 'queuedAt', m.created_at, 'sentAt', m.sent_at, 'failedAt', m.failed_at, 'requestId', m.lead_id,
      'attachments', (SELECT coalesce(jsonb_agg(a->>'filename'), '[]'::jsonb) FROM jsonb_array_elements(coalesce(m.attachments, '[]'::jsonb)) a)) AS row
    FROM email_outbox m WHERE ${inIds("m.id", r.outbox)} AND m.id > ${afterId} ORDER BY m.id LIMIT ${EMAIL_PAGE}`;
}

export interface CustomerExport {
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

/** The customer's export (owners only; 404 for no such customer), ready to stream. */
export async function exportCustomer(db: DB, customerId: number, user: SessionUser, now = new Date()): Promise<CustomerExport> {
  requireOwner(user);
  await getCustomer(db, customerId);
  const records = await customerRecords(db, customerId);
  const sections = [...SECTIONS];
  let emailsAfter: number | null = null;
  const head = `{"customerId":${customerId},"exportedAt":${JSON.stringify(now.toISOString())},"exportedBy":${JSON.stringify(user.email)}`;
  const body = pulledCsvStream(head, async () => {
    const section = sections.shift();
    if (section) {
      const { rows } = await section.rows(records).execute(db);
      return `,${JSON.stringify(section.key)}:[${rows.map((r) => JSON.stringify(r.row)).join(",")}]`;
    }
    if (emailsAfter === -1) return undefined;
    const { rows } = await emailPage(records, emailsAfter ?? 0).execute(db);
    const start = emailsAfter === null ? `,"emails":[` : ",";
    emailsAfter = rows.length === EMAIL_PAGE ? rows[rows.length - 1]!.id : -1;
    const end = emailsAfter === -1 ? "]}" : "";
    // An empty page after a full one: nothing to add but the end.
    const items = rows.map((r) => JSON.stringify(r.row)).join(",");
    return start === "," && !items ? end : `${start}${items}${end}`;
  });
  return { fileName: `customer-${customerId}-${dayIn(now, env().BUSINESS_TIME_ZONE)}.json`, body };
}
