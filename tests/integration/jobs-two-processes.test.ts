import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signInByEmail } from "../helpers/app-server";
import type { ReceivedMail } from "../helpers/smtp";
import { useTwoAppServers } from "../helpers/two-app-servers";

// Two production servers on one PostgreSQL database (issue 21): concurrent
// Schedule Job forms for one time through both store one job (the exclusion
// constraint, docs/decisions/0083), and each appointment reminder is sent once
// though both processes look for due ones at every tick. Only on a PostgreSQL
// server: the embedded database has one process.
const OWNER = "owner@shine.example";
const TIME_ZONE = "America/Detroit";
const BOOKINGS = 20;
// The servers' background tick (app/server/background.server.ts).
const TICK_MS = 15_000;

/** YYYY-MM-DD and HH:MM of an instant in the business's zone. */
function wallClock(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("jobs with two app processes on one PostgreSQL database", () => {
  let admin = "";
  const both = useTwoAppServers(
    { ADMIN_EMAILS: OWNER, QUOTE_NOTIFY_EMAIL: OWNER, APPOINTMENT_REMINDER_HOURS: "1", BUSINESS_TIME_ZONE: TIME_ZONE },
    async (servers, smtp) => {
      admin = await signInByEmail(servers[0]!, smtp, OWNER);
    },
  );
  const { servers, query } = both;
  const reminders = (email: string) => both.smtp.messages.filter((m: ReceivedMail) => m.to.includes(email) && m.subject.startsWith("Reminder: your appointment")).length;

  async function insertLead(name: string, email: string): Promise<number> {
    const [row] = await query<{ id: number }>(`INSERT INTO quote_requests (name, email, phone, vehicle_type, status) VALUES ($1, $2, '6165550100', 'Car', 'contacted') RETURNING id`, [name, email]);
    return row!.id;
  }

  // The booked job's reminder falls due 40 to 100 s from now (an hour before a start on a whole minute).
  const start = wallClock(new Date(Math.ceil((Date.now() + 3_600_000 + 40_000) / 60_000) * 60_000));

  it("of 20 concurrent Schedule Job forms for one time, through both processes, one job is stored", { timeout: 60_000 }, async () => {
    const leads: number[] = [];
    for (let i = 0; i < BOOKINGS; i++) leads.push(await insertLead(`Both Sides ${i}`, `both.sides.${i}@example.com`));
    const started = performance.now();
    const answers = await Promise.all(
      leads.map((lead, i) =>
        servers[i % 2]!.fetch("/admin/jobs/new", {
          method: "POST",
          headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `192.0.2.${i + 1}` },
          body: new URLSearchParams({ lead: String(lead), date: start.date, startTime: start.time, durationMinutes: "90", address: "1 Main St", notes: "" }),
        }).then(async (res) => ({ status: res.status, location: res.headers.get("location"), body: res.status === 303 ? "" : await res.text() })),
      ),
    );
    const ms = performance.now() - started;
    const booked = answers.filter((a) => a.status === 303);
    const refused = answers.filter((a) => a.status === 409);
    console.log(`[jobs, two processes] ${BOOKINGS} concurrent bookings: ${booked.length} booked, ${refused.length} refused in ${ms.toFixed(0)} ms`);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.location).toMatch(/^\/admin\/jobs\/\d+$/);
    expect(refused).toHaveLength(BOOKINGS - 1);
    for (const r of refused) expect(r.body).toContain("overlaps");
    const jobs = await query<{ lead_id: number }>(`SELECT lead_id FROM jobs WHERE status <> 'cancelled'`);
    expect(jobs).toHaveLength(1);
    const bookedLeads = await query<{ id: number }>(`SELECT id FROM quote_requests WHERE status = 'booked'`);
    expect(bookedLeads).toEqual([{ id: jobs[0]!.lead_id }]);
  });

  it("each due reminder is sent once, whichever process looks", { timeout: 240_000 }, async () => {
    // The booked job's (due within 100 s), and jobs written straight into the database with their reminder due now:
    // only the processes' ticks (every 15 s each) queue them.
    const [booked] = await query<{ email: string }>(`SELECT q.email FROM jobs j JOIN quote_requests q ON q.id = j.lead_id WHERE j.status = 'scheduled'`);
    const emails = [booked!.email];
    for (let i = 0; i < 6; i++) {
      const email = `marker.${i}@example.com`;
      const lead = await insertLead(`Marker ${i}`, email);
      await query(
        `INSERT INTO jobs (lead_id, token, starts_at, duration_minutes, busy, address, reminder_due_at)
         VALUES ($1, $2, now() + make_interval(days => 2 + $3::int), 60, tstzrange(now() + make_interval(days => 2 + $3::int), now() + make_interval(days => 2 + $3::int, mins => 60), '[)'), '2 Elm St', now())`,
        [lead, randomBytes(24).toString("base64url"), i],
      );
      emails.push(email);
    }
    await expect.poll(() => emails.filter((e) => reminders(e) > 0).length, { timeout: 100_000 + 2 * TICK_MS + 30_000, interval: 250 }).toBe(emails.length);
    // Both processes have looked again since: nothing is left due, and no reminder went twice.
    await expect.poll(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL`))[0]!.n, { timeout: 30_000, interval: 250 }).toBe(0);
    expect(await query(`SELECT id FROM jobs WHERE reminder_due_at IS NOT NULL`)).toEqual([]);
    for (const email of emails) expect(reminders(email), email).toBe(1);
    const events = await query<{ n: number }>(`SELECT count(*)::int AS n FROM job_events WHERE kind = 'reminded'`);
    expect(events[0]!.n).toBe(emails.length);
    expect(new Set(both.smtp.messages.map((m) => m.messageId)).size).toBe(both.smtp.messages.length);
  });
});
