import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ReceivedMail } from "../helpers/smtp";
import { useTwoAppServers } from "../helpers/two-app-servers";

// Two production servers on one PostgreSQL database (issue 35, docs/decisions/0132):
// both look for deposit holds that ran out at every tick of their background
// loop, and each booking is released once: one cancellation, one
// `Booking released:` to its customer and one to the owner. Only on a
// PostgreSQL server: the embedded database has one process.
const OWNER = "owner@shine.example";
const ORIGIN = "https://shine.example";
// The servers' background tick (app/server/background.server.ts).
const TICK_MS = 15_000;
const HOLDS = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)("deposit holds with two app processes", () => {
  const both = useTwoAppServers({ ADMIN_EMAILS: OWNER, QUOTE_NOTIFY_EMAIL: OWNER, APP_URL: ORIGIN });
  const { query } = both;
  const count = (to: string, subject: string) => both.smtp.messages.filter((m: ReceivedMail) => m.to.includes(to) && m.subject.startsWith(subject)).length;

  it("releases each hold that ran out once, whichever process looks", { timeout: 120_000 }, async () => {
    // Jobs days ahead held for a deposit: half ran out a minute ago, half run out within the next tick, one is still held for a day.
    const emails: string[] = [];
    for (let i = 0; i <= HOLDS; i++) {
      const email = `two.holds.${i}@example.com`;
      const [lead] = await query<{ id: number }>(`INSERT INTO quote_requests (name, email, phone, vehicle_type, status) VALUES ($1, $2, $3, 'Car', 'booked') RETURNING id`, [
        `Two Holds ${i}`,
        email,
        `616555${String(3000 + i)}`,
      ]);
      const [job] = await query<{ id: number }>(
        `INSERT INTO jobs (lead_id, token, starts_at, duration_minutes, busy, address)
         VALUES ($1, $2, now() + make_interval(days => 3 + $3::int), 60, tstzrange(now() + make_interval(days => 3 + $3::int), now() + make_interval(days => 3 + $3::int, mins => 60), '[)'), '3 Elm St')
         RETURNING id`,
        [lead!.id, randomBytes(24).toString("base64url"), i],
      );
      const heldUntil = i === HOLDS ? "now() + interval '1 day'" : i % 2 ? "now() + interval '10 seconds'" : "now() - interval '1 minute'";
      await query(`INSERT INTO job_deposits (job_id, amount_cents, held_until) VALUES ($1, 5000, ${heldUntil})`, [job!.id]);
      emails.push(email);
    }
    const released = emails.slice(0, HOLDS);
    const started = performance.now();
    await expect.poll(() => released.filter((e) => count(e, "Booking released:") > 0).length, { timeout: 10_000 + 2 * TICK_MS + 30_000, interval: 250 }).toBe(HOLDS);
    console.log(`[deposits, two processes] ${HOLDS} holds released by the loops within ${(performance.now() - started).toFixed(0)} ms`);
    // Every hold that ran out is marked released in the transaction that queued its e-mails, so once the
    // outbox is empty nothing more can come: a second claim of a released hold matches nothing.
    await expect.poll(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL`))[0]!.n, { timeout: 30_000, interval: 250 }).toBe(0);
    for (const email of released) {
      expect(count(email, "Booking released:"), email).toBe(1);
      expect(count(OWNER, `Booking released: ${email.replace("two.holds.", "Two Holds ").replace("@example.com", "")}, `), email).toBe(1);
    }
    expect(count(emails[HOLDS]!, "Booking released:")).toBe(0);
    const jobs = await query<{ status: string; released: boolean; n: number }>(
      `SELECT j.status, d.released_at IS NOT NULL AS released, (SELECT count(*)::int FROM job_events e WHERE e.job_id = j.id AND e.kind = 'cancelled') AS n
       FROM jobs j JOIN job_deposits d ON d.job_id = j.id ORDER BY j.id`,
    );
    expect(jobs.slice(0, HOLDS)).toEqual(Array.from({ length: HOLDS }, () => ({ status: "cancelled", released: true, n: 1 })));
    expect(jobs[HOLDS]).toEqual({ status: "scheduled", released: false, n: 0 });
    expect(new Set(both.smtp.messages.map((m) => m.messageId)).size).toBe(both.smtp.messages.length);
  });
});
