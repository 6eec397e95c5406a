import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { dayIn, localInstant } from "~/lib/time-zone";
import type { AppServer } from "../helpers/app-server";
import { useTwoAppServers } from "../helpers/two-app-servers";

// Two production servers on one PostgreSQL database (issue 38, docs/decisions/0153):
// both look for the day's e-mail at every background tick, and it goes once.
// Only on a PostgreSQL server: the embedded database has one process. The
// business's time zone is one where it is now about noon, so the day's 7:00
// has passed when the servers start (a server started at 9:00 sends that
// day's); the claim two pools make at the same instant is
// tests/integration/daily-email.test.ts's.
const OWNER = "olga@shine.example";
const ORIGIN = "https://shine.example";
// The servers' background tick (app/server/background.server.ts).
const TICK_MS = 15_000;

/** An Etc/GMT zone whose wall clock reads about noon now (Etc/GMT-5 is UTC+5). */
function zoneAtNoon(now = new Date()): string {
  let offset = 12 - now.getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}
const ZONE = zoneAtNoon();

describe.skipIf(!process.env.TEST_DATABASE_URL)("the daily e-mail with two app processes", () => {
  const both = useTwoAppServers({ ADMIN_EMAILS: OWNER, APP_URL: ORIGIN, BUSINESS_TIME_ZONE: ZONE, LOG_LEVEL: "debug" });
  const { query } = both;
  const looks = (server: AppServer, day: string, outcome: string, from: number) =>
    server.logLines().slice(from).filter((l) => l.area === "daily-email" && l.day === day && l.msg === `the daily e-mail is ${outcome}`).length;

  it("is queued by one process and never by the other, each owner getting it once", { timeout: 240_000 }, async () => {
    const today = dayIn(new Date(), ZONE);
    // Both servers have looked already: the fresh database had nothing to tell, so the day was claimed with no e-mail.
    await expect.poll(async () => query(`SELECT emails FROM daily_digests WHERE day = $1::date`, [today]), { timeout: 60_000, interval: 250 }).toEqual([{ emails: 0 }]);

    // Something to tell (an owner who has signed in, a job this afternoon), and the day not yet claimed: both ticks race for it.
    await query(`INSERT INTO users (email, name, role) VALUES ($1, 'Olga Owner', 'owner') ON CONFLICT (email) DO UPDATE SET name = 'Olga Owner'`, [OWNER]);
    const [lead] = await query<{ id: number }>(
      `INSERT INTO quote_requests (name, email, phone, vehicle_type, status, created_at) VALUES ('Tess Twoproc', 'tess@example.com', '6165550150', 'SUV', 'booked', now() - interval '3 days') RETURNING id`,
    );
    const start = new Date(localInstant(today, 15 * 60, ZONE)!);
    await query(
      `INSERT INTO jobs (lead_id, token, starts_at, duration_minutes, busy, address, created_at)
       VALUES ($1, $2, $3, 90, tstzrange($3::timestamptz, $3::timestamptz + interval '90 minutes', '[)'), '9 Two Way, Grand Rapids, MI', now() - interval '3 days')`,
      [lead!.id, randomBytes(18).toString("base64url"), start],
    );
    const marks = both.servers.map((s) => s.logLines().length);
    await query(`DELETE FROM daily_digests WHERE day = $1::date`, [today]);

    const subject = `Today at ${SEED_SETTINGS.businessName}`;
    const mail = await both.smtp.waitFor((m) => m.subject === subject && m.to.includes(OWNER), 2 * TICK_MS + 30_000);
    expect(mail.text.replace(/[\u202f\u00a0]/g, " ")).toContain("3:00 PM – 4:30 PM: Tess Twoproc");
    expect(mail.text).toContain("9 Two Way, Grand Rapids, MI");
    // Each process has looked since the day was claimed again (a look after the claim finds it taken): nothing more goes.
    await expect
      .poll(() => both.servers.map((s, i) => looks(s, today, "taken", marks[i]!) > 0), { timeout: 3 * TICK_MS + 30_000, interval: 250 })
      .toEqual([true, true]);
    const queued = both.servers.map((s, i) => looks(s, today, "claimed: 1 e-mail(s) queued", marks[i]!));
    expect(queued.sort()).toEqual([0, 1]);
    expect(both.smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);
    expect(await query(`SELECT emails FROM daily_digests WHERE day = $1::date`, [today])).toEqual([{ emails: 1 }]);
    expect(await query(`SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'daily_email'`)).toEqual([{ n: 1 }]);
  });
});
