import { describe, expect, it } from "vitest";
import type { ReceivedMail } from "../helpers/smtp";
import { useTwoAppServers } from "../helpers/two-app-servers";

// Two production servers on one PostgreSQL database, as a deployment with two
// processes runs: each looks for due lead reminders (when a lead it took in
// falls due, and at every tick), and each lead's owner gets one reminder,
// never two. Only on a PostgreSQL server: the embedded database has one process.
const OWNER = "owner@shine.example";
const WAVES = 8;
// The servers' background tick (app/server/background.server.ts).
const TICK_MS = 15_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)("lead reminders with two app processes on one PostgreSQL database", () => {
  const both = useTwoAppServers({ QUOTE_NOTIFY_EMAIL: OWNER, LEAD_REMINDER_MINUTES: "0.05" /* 3 s */ });
  const { servers, query } = both;
  const reminderOf = (id: number) => (m: ReceivedMail) => m.subject.startsWith(`Still waiting: quote request #${id} `);
  const count = (match: (m: ReceivedMail) => boolean) => both.smtp.messages.filter(match).length;

  /** A lead written straight into the database with its reminder due now: only a background tick reminds of it. */
  async function markerLead(name: string): Promise<number> {
    const [row] = await query<{ id: number }>(
      `INSERT INTO quote_requests (name, email, phone, vehicle_type, reminder_due_at)
       VALUES ($1, $2, '6165550100', 'Car', now()) RETURNING id`,
      [name, `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`],
    );
    return row!.id;
  }

  it("each lead gets exactly one reminder, one notification and one auto-reply, whichever process looks", { timeout: 240_000 }, async () => {
    // In waves, one lead to each server at once: each falls due in both processes at
    // about the same moment, so that at every wave both look for due reminders together.
    let address = 0;
    const answers: number[] = [];
    for (let wave = 0; wave < WAVES; wave++) {
      const posted = servers.map((server, s) => {
        const fields = { name: `Two Proc ${wave}-${s}`, email: `two.proc.${wave}.${s}@example.com`, phone: "6165550123", vehicle_type: "Car", message: "Both sides, please." };
        return server.fetch("/api/forms/submit", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${++address}` },
          body: JSON.stringify({ formId: "quote_form", ...fields }),
        });
      });
      for (const res of await Promise.all(posted)) answers.push(res.status);
    }
    expect(answers).toEqual(answers.map(() => 200));
    const leads = await query<{ id: number; email: string }>(`SELECT id, email FROM quote_requests WHERE email LIKE 'two.proc.%' ORDER BY id`);
    expect(leads).toHaveLength(2 * WAVES);

    // Every lead's reminder arrives (3 s after it, from one process or the other)...
    await expect.poll(() => leads.filter((l) => count(reminderOf(l.id)) > 0).length, { timeout: 60_000, interval: 250 }).toBe(leads.length);
    // ...and the outbox has nothing left to send: every reminder queued is sent, and none is due any more.
    await expect
      .poll(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL`))[0]!.n, { timeout: 60_000, interval: 250 })
      .toBe(0);
    expect(await query(`SELECT id FROM quote_requests WHERE reminder_due_at IS NOT NULL`)).toEqual([]);

    // Later looks by both processes: a lead due now is reminded of by the next tick
    // (of one process); one due after that, by the next tick after it, which is the
    // other process's at the latest (each ticks every 15 s).
    for (const name of ["Marker One", "Marker Two"]) {
      const id = await markerLead(name);
      await expect.poll(() => count(reminderOf(id)), { timeout: 2 * TICK_MS + 30_000, interval: 250 }).toBe(1);
      leads.push({ id, email: "" });
    }
    await expect
      .poll(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL`))[0]!.n, { timeout: 30_000, interval: 250 })
      .toBe(0);

    // Exactly once each, at the mail server and in the outbox.
    for (const lead of leads) {
      expect(count(reminderOf(lead.id)), `reminders of #${lead.id}`).toBe(1);
      if (!lead.email) continue;
      expect(count((m) => m.to.includes(OWNER) && m.subject.startsWith(`New quote request #${lead.id}:`)), `notifications of #${lead.id}`).toBe(1);
      expect(count((m) => m.to.includes(lead.email) && m.subject === `We received your quote request #${lead.id}`), `auto-replies of #${lead.id}`).toBe(1);
    }
    const kinds = await query<{ lead_id: number; kinds: string[] }>(
      `SELECT lead_id, array_agg(kind ORDER BY kind) AS kinds FROM email_outbox WHERE lead_id IS NOT NULL GROUP BY lead_id ORDER BY lead_id`,
    );
    expect(kinds).toEqual(
      leads.map((l) => ({ lead_id: l.id, kinds: l.email ? ["customer_reply", "owner_notification", "reminder"] : ["reminder"] })),
    );
    // Every message the mail server took is one outbox row (none sent twice).
    const sent = await query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NOT NULL`);
    expect(both.smtp.messages).toHaveLength(sent[0]!.n);
    expect(new Set(both.smtp.messages.map((m) => m.messageId)).size).toBe(both.smtp.messages.length);
  });
});
