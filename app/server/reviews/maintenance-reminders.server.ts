import { sql } from "kysely";
import type { DB } from "../db.server";
import { enqueueEmail } from "../outbox.server";
import { getBusinessSettings } from "../settings.server";
import { configuredOrigin } from "../site-url.server";
import { maintenanceReminderEmail } from "./review-mail.server";
import { unsubscribeTokenOf } from "./unsubscribe.server";

/**
 * Maintenance reminders (docs/decisions/0091): a service's follow_up_days
 * after a completed job whose estimate has a line of it, the customer gets
 * one e-mail suggesting the next visit, with a link to the quote form filled
 * in for them. "Once" is the unique (job, service) of maintenance_reminders:
 * the row is inserted in the transaction that queues the e-mail, and of two
 * processes inserting it at once the second waits for the first and inserts
 * nothing (ON CONFLICT DO NOTHING), so it queues nothing.
 *
 * A reminder is due for REMINDER_WINDOW_DAYS from its day on: a service given
 * follow-up days today does not remind every customer of years ago, and a
 * process down for a while still sends what fell due meanwhile. A customer
 * who has booked the same service again since gets none (the later job has
 * its own), nor does an unsubscribed one or one without an e-mail.
 */
export const REMINDER_WINDOW_DAYS = 30;

interface DueReminder {
  job_id: number;
  service_id: number;
  lead_id: number | null;
  customer_id: number;
  name: string;
  email: string;
  phone: string;
  vehicle_type: string;
  address: string;
  title: string;
  follow_up_days: number;
}

export async function queueDueMaintenanceReminders(db: DB, limit = 100): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<DueReminder>`
      WITH due AS (
        SELECT DISTINCT j.id AS job_id, s.id AS service_id
        FROM jobs j
        JOIN estimate_lines l ON l.estimate_id = j.estimate_id
        JOIN services s ON s.id = l.service_id
        JOIN customers c ON c.id = j.customer_id
        WHERE j.status = 'done' AND j.done_at IS NOT NULL AND s.follow_up_days IS NOT NULL
          AND j.done_at + make_interval(days => s.follow_up_days) <= now()
          AND j.done_at + make_interval(days => s.follow_up_days + ${REMINDER_WINDOW_DAYS}) > now()
          AND c.unsubscribed_at IS NULL
          AND c.email <> ''
          AND NOT EXISTS (SELECT 1 FROM maintenance_reminders m WHERE m.job_id = j.id AND m.service_id = s.id)
          AND NOT EXISTS (
            SELECT 1 FROM jobs later
            JOIN estimate_lines ll ON ll.estimate_id = later.estimate_id
            WHERE later.customer_id = j.customer_id AND later.id <> j.id AND later.status <> 'cancelled'
              AND later.starts_at > j.starts_at AND ll.service_id = s.id
          )
        LIMIT ${limit}
      ),
      claimed AS (
        INSERT INTO maintenance_reminders (job_id, service_id)
        SELECT job_id, service_id FROM due
        ON CONFLICT (job_id, service_id) DO NOTHING
        RETURNING job_id, service_id
      )
      SELECT cl.job_id, cl.service_id, j.lead_id, c.id AS customer_id,
        c.name, c.email, c.phone, coalesce(q.vehicle_type, '') AS vehicle_type, j.address, s.title, s.follow_up_days
      FROM claimed cl
      JOIN jobs j ON j.id = cl.job_id
      JOIN customers c ON c.id = j.customer_id
      LEFT JOIN quote_requests q ON q.id = j.lead_id
      JOIN services s ON s.id = cl.service_id
      ORDER BY cl.job_id, cl.service_id`.execute(trx);
    if (!rows.length) return 0;
    const settings = await getBusinessSettings(trx);
    for (const r of rows) {
      const unsubscribeToken = await unsubscribeTokenOf(trx, r.customer_id);
      const link = prefilledQuoteLink({
        name: r.name,
        email: r.email,
        phone: r.phone,
        vehicle_type: r.vehicle_type,
        service_address: r.address,
        message: `I'd like my next ${r.title}.`,
      });
      await enqueueEmail(
        trx,
        maintenanceReminderEmail({ name: r.name, email: r.email, unsubscribeToken }, { title: r.title, followUpDays: r.follow_up_days }, link, settings),
        { leadId: r.lead_id, kind: "maintenance_reminder" },
      );
    }
    return rows.length;
  });
}

/** The home page's quote form with the customer's details filled in (app/lib/quote-prefill.ts reads them). */
export function prefilledQuoteLink(fields: Record<string, string>, origin = configuredOrigin()): string {
  const query = new URLSearchParams(Object.entries(fields).filter(([, value]) => value));
  return `${origin ?? ""}/?${query}#quote-request`;
}
