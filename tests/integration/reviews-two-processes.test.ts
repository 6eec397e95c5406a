import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ReceivedMail } from "../helpers/smtp";
import { useTwoAppServers } from "../helpers/two-app-servers";

// Two production servers on one PostgreSQL database (issue 23): both look for
// due review requests and maintenance reminders at every tick, and each goes
// out once (docs/decisions/0091). Only on a PostgreSQL server: the embedded
// database has one process.
const OWNER = "owner@shine.example";
const ORIGIN = "https://shine.example";
// The servers' background tick (app/server/background.server.ts).
const TICK_MS = 15_000;
const token = () => randomBytes(24).toString("base64url");

describe.skipIf(!process.env.TEST_DATABASE_URL)("review requests and maintenance reminders with two app processes", () => {
  const both = useTwoAppServers({ ADMIN_EMAILS: OWNER, QUOTE_NOTIFY_EMAIL: OWNER, APP_URL: ORIGIN });
  const { query } = both;
  const count = (email: string, subject: string) => both.smtp.messages.filter((m: ReceivedMail) => m.to.includes(email) && m.subject.startsWith(subject)).length;

  /** A done job of a customer of their own (its own phone), `doneDaysAgo` days ago, linked to `estimateId`. */
  async function doneJob(i: number, email: string, doneDaysAgo: number, estimateId: number | null, reviewDue: boolean, leadId?: number) {
    const [lead] = leadId
      ? [{ id: leadId }]
      : await query<{ id: number }>(
          `INSERT INTO quote_requests (name, email, phone, vehicle_type, status) VALUES ($1, $2, $3, 'Car', 'completed') RETURNING id`,
          [`Two Sides ${i}`, email, `616555${String(2000 + i)}`],
        );
    await query(
      `INSERT INTO jobs (lead_id, estimate_id, token, status, starts_at, duration_minutes, busy, done_at, review_due_at)
       VALUES ($1, $2, $3, 'done', now() - make_interval(days => 400 + $4::int), 60,
         tstzrange(now() - make_interval(days => 400 + $4::int), now() - make_interval(days => 400 + $4::int, mins => -60), '[)'),
         now() - make_interval(days => $5::int), CASE WHEN $6 THEN now() END)`,
      [lead!.id, estimateId, token(), i, doneDaysAgo, reviewDue],
    );
    return lead!.id;
  }

  it("each due review request and maintenance reminder is sent once, whichever process looks", { timeout: 240_000 }, async () => {
    const [service] = await query<{ id: number }>(
      `INSERT INTO services (kind, title, icon, follow_up_days) VALUES ('boat', 'Spring Wax', 'sparkles', 365) RETURNING id`,
    );
    const reviewed: string[] = [];
    const reminded: string[] = [];
    for (let i = 0; i < 6; i++) {
      const email = `review.${i}@example.com`;
      await doneJob(i, email, 0, null, true);
      reviewed.push(email);
    }
    for (let i = 6; i < 10; i++) {
      const email = `wax.${i}@example.com`;
      const [lead] = await query<{ id: number }>(
        `INSERT INTO quote_requests (name, email, phone, vehicle_type, status) VALUES ($1, $2, $3, 'Boat', 'completed') RETURNING id`,
        [`Boat Owner ${i}`, email, `616555${String(2000 + i)}`],
      );
      const [estimate] = await query<{ id: number }>(
        `INSERT INTO estimates (token, lead_id, status, valid_until) VALUES ($1, $2, 'accepted', current_date + 30) RETURNING id`,
        [token(), lead!.id],
      );
      await query(
        `INSERT INTO estimate_lines (estimate_id, position, description, quantity, unit_price_cents, service_id) VALUES ($1, 1, 'Spring wax', 1, 29900, $2)`,
        [estimate!.id, service!.id],
      );
      await doneJob(i, email, 366, estimate!.id, false, lead!.id);
      reminded.push(email);
    }
    await expect
      .poll(() => reviewed.filter((e) => count(e, "How did we do") > 0).length + reminded.filter((e) => count(e, "Time for your next") > 0).length, {
        timeout: 3 * TICK_MS + 60_000,
        interval: 250,
      })
      .toBe(reviewed.length + reminded.length);
    // Both processes have looked again since: nothing is left to send, and nothing went twice.
    await new Promise((resolve) => setTimeout(resolve, TICK_MS + 2_000));
    await expect.poll(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL`))[0]!.n, { timeout: 30_000, interval: 250 }).toBe(0);
    for (const email of reviewed) expect(count(email, "How did we do"), email).toBe(1);
    for (const email of reminded) expect(count(email, "Time for your next"), email).toBe(1);
    expect(await query(`SELECT id FROM jobs WHERE review_due_at IS NOT NULL`)).toEqual([]);
    expect((await query<{ n: number }>(`SELECT count(*)::int AS n FROM reviews`))[0]!.n).toBe(reviewed.length);
    expect((await query<{ n: number }>(`SELECT count(*)::int AS n FROM maintenance_reminders`))[0]!.n).toBe(reminded.length);
    const mail = both.smtp.messages.find((m) => m.subject.startsWith("Time for your next"))!;
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(new Set(both.smtp.messages.map((m) => m.messageId)).size).toBe(both.smtp.messages.length);
  });
});
