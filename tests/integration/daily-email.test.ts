import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { stopBackgroundJobs } from "~/server/background.server";
import { sendDailyEmail, type DailyEmailOutcome } from "~/server/daily-email/daily-email.server";
import { openDatabase, type DB, type OpenDatabase } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { deliverDueEmails } from "~/server/outbox-delivery.server";
import { getBusinessSettings, saveSettings } from "~/server/settings.server";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 38, the day's e-mail (docs/decisions/0153): `Today at {Business Name}`
// at 7:00 in the business's time zone to the owners, through the outbox, read
// back from a real SMTP server and checked against data whose answer is known;
// never before 7:00, once a day (also when two pools claim it at once), off
// with the setting, right on the days the clocks change. In this process with
// `now` given; the two app processes are tests/integration/daily-email-two-processes.test.ts.
const ORIGIN = "https://shine.example";
const OWNER = "dana@shine.example";
const LISTED = "listed@shine.example";
const TECH = "tom@shine.example";
const BUSINESS = "Bright Shine Detailing";
const database = useTestDatabase({ APP_URL: ORIGIN, ADMIN_EMAILS: LISTED, BUSINESS_TIME_ZONE: "America/Detroit", MAIL_FROM: "Bright Shine <info@shine.example>" });
const db = () => database.db;

let mailbox: SmtpSink;
let ownerCookie = "";
let techId = 0;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...SEED_SETTINGS, businessName: BUSINESS, notifyEmail: "alerts@shine.example", taxRate: "0" }, OWNER);
  ownerCookie = await sessionCookieFor(db(), OWNER, { admin: true });
  await db().updateTable("users").set({ name: "Dana Owner" }).where("email", "=", OWNER).execute();
  // An ADMIN_EMAILS address that has signed in (its stored role is none: the setting makes it an owner).
  await db().insertInto("users").values({ email: LISTED, role: null }).execute();
  techId = (await db().insertInto("users").values({ email: TECH, name: "Tom Tech", role: "technician" }).returning("id").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

/** An instant from a UTC ISO text. */
const at = (iso: string) => new Date(iso);
const token = () => randomBytes(18).toString("base64url");
/** Intl writes a narrow no-break space before AM/PM: read as a space. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

async function lead(name: string, createdAt: Date, values: { vehicle?: string; address?: string } = {}): Promise<number> {
  const row = await db()
    .insertInto("quote_requests")
    .values({
      name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      phone: "(616) 555-0142",
      vehicle_type: values.vehicle ?? "Sedan",
      service_address: values.address ?? "",
      status: "contacted",
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

interface JobValues {
  minutes?: number;
  address?: string;
  status?: "scheduled" | "cancelled" | "done";
  createdAt?: Date;
  cancelledAt?: Date;
  cancelledBy?: "owner" | "customer";
  assignedTo?: number;
  estimateId?: number;
  source?: "online_booking" | "owner";
}
async function job(leadId: number, startsAt: Date, v: JobValues = {}): Promise<number> {
  const minutes = v.minutes ?? 120;
  const row = await sql<{ id: number }>`
    INSERT INTO jobs (lead_id, token, status, starts_at, duration_minutes, buffer_minutes, busy, address, created_at, cancelled_at, cancelled_by, assigned_to, estimate_id, source)
    VALUES (${leadId}, ${token()}, ${v.status ?? "scheduled"}, ${startsAt}, ${minutes}, 0,
      tstzrange(${startsAt}::timestamptz, ${startsAt}::timestamptz + make_interval(mins => ${minutes}), '[)'), ${v.address ?? ""},
      ${v.createdAt ?? at("2026-06-01T12:00:00Z")}, ${v.cancelledAt ?? null}, ${v.cancelledBy ?? null}, ${v.assignedTo ?? null}, ${v.estimateId ?? null},
      ${v.source ?? null})
    RETURNING id`.execute(db());
  return row.rows[0]!.id;
}

async function estimateWith(leadId: number, lines: [string, number][]): Promise<number> {
  const row = await db()
    .insertInto("estimates")
    .values({ token: token(), lead_id: leadId, status: "accepted", valid_until: "2027-12-31" } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [i, [description, quantity]] of lines.entries()) {
    await db().insertInto("estimate_lines").values({ estimate_id: row.id, position: i + 1, description, quantity, unit_price_cents: 10000 }).execute();
  }
  return row.id;
}

async function invoice(leadId: number, status: string, totalCents: number, paidCents: number, dueDate: string | null): Promise<{ id: number; number: number }> {
  return db()
    .insertInto("invoices")
    .values({ token: token(), lead_id: leadId, status, subtotal_cents: totalCents, total_cents: totalCents, paid_cents: paidCents, due_date: dueDate } as never)
    .returning(["id", "number"])
    .executeTakeFirstOrThrow();
}

/** The e-mails of one daily send, delivered to the SMTP server and read back. */
async function delivered(subject = `Today at ${BUSINESS}`): Promise<ReceivedMail[]> {
  const before = mailbox.messages.length;
  await deliverDueEmails(db());
  return mailbox.messages.slice(before).filter((m) => m.subject === subject);
}

/** The plain-text part's blocks: each caption with its entries (a title and the lines under it). */
function sections(text: string): Map<string, { title: string; lines: string[] }[] | string[]> {
  const out = new Map<string, { title: string; lines: string[] }[] | string[]>();
  const lines = plain(text).split("\n");
  let caption: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    if (line.startsWith("- ")) (out.get(caption!) as { title: string; lines: string[] }[]).push({ title: line.slice(2), lines: [] });
    else if (line.startsWith("  ")) {
      const items = out.get(caption!) as { title: string; lines: string[] }[];
      items.at(-1)!.lines.push(line.trim());
    } else if (/\(\d+\)$/.test(line)) {
      caption = line;
      out.set(caption, []);
    } else if (caption && lines[i - 1] === caption) (out.get(caption) as string[]).push(line);
  }
  return out;
}

/** The links of the HTML part named `label`, unescaped. */
function links(html: string, label: string): string[] {
  return [...html.matchAll(new RegExp(`<a[^>]*href="([^"]*)"[^>]*>${label}</a>`, "g"))].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

// Tuesday, January 12, 2027, in Detroit (EST, UTC-5): 7:00 is 12:00 UTC.
const DAY = "2027-01-12";
const SEVEN = at("2027-01-12T12:00:00Z");

describe("the daily e-mail's contents", () => {
  const known: Record<string, number> = {};
  beforeAll(async () => {
    const old = at("2026-06-01T12:00:00Z");
    const carla = await lead("Carla Customer", old, { vehicle: "SUV", address: "12 Main St, Grand Rapids, MI" });
    const ben = await lead("Ben Boater", old, { vehicle: "Boat", address: "7 Harbor Rd, Holland, MI" });
    const estimate = await estimateWith(carla, [
      ["Full Detail", 1],
      ["Pet Hair Removal", 2],
    ]);
    // The day's jobs, written out of order: 10:00 and 8:00 (Tom's); one cancelled that day; one the evening before.
    known.a = await job(carla, at("2027-01-12T15:00:00Z"), { address: "12 Main St, Grand Rapids, MI", estimateId: estimate });
    known.b = await job(ben, at("2027-01-12T13:00:00Z"), { minutes: 90, address: "7 Harbor Rd, Holland, MI", assignedTo: techId });
    known.x = await job(carla, at("2027-01-12T18:00:00Z"), { status: "cancelled", cancelledAt: at("2027-01-11T20:00:00Z"), cancelledBy: "customer" });
    known.y = await job(ben, at("2027-01-11T23:00:00Z"), { minutes: 60 });
    // Booked online yesterday afternoon, for next week.
    known.z = await job(ben, at("2027-01-20T14:00:00Z"), { createdAt: at("2027-01-11T16:00:00Z"), source: "online_booking" });
    // Requests: one a minute before the last 24 hours, two in them.
    await lead("Ana Early", at("2027-01-11T11:59:00Z"));
    known.nora = await lead("Nora New", at("2027-01-11T15:00:00Z"), { vehicle: "Sedan", address: "3 Oak Ave, Ada, MI" });
    known.otto = await lead("Otto Later", at("2027-01-12T11:30:00Z"), { vehicle: "Truck" });
    // Invoices: two past due (10 days, $200.00 left of $250.00; 1 day, $99.99), the rest not.
    const i1 = await invoice(carla, "partly_paid", 25000, 5000, "2027-01-02");
    const i2 = await invoice(ben, "sent", 9999, 0, "2027-01-11");
    await invoice(ben, "sent", 5000, 0, DAY);
    await invoice(carla, "paid", 7000, 7000, "2026-12-01");
    await invoice(carla, "draft", 0, 0, null);
    await invoice(ben, "void", 3000, 0, "2026-12-01");
    known.i1 = i1.id;
    known.i1Number = i1.number;
    known.i2 = i2.id;
    known.i2Number = i2.number;
  });

  it("is not sent before 7:00 in the business's time zone", async () => {
    expect(await sendDailyEmail(db(), at("2027-01-12T11:59:59Z"))).toEqual({ day: DAY, outcome: "early" });
    expect(await db().selectFrom("daily_digests").selectAll().execute()).toEqual([]);
  });

  it("at 7:00 goes once to each owner, with the day's jobs in order, the new requests, bookings, cancellations and invoices past due", async () => {
    expect(await sendDailyEmail(db(), SEVEN)).toEqual({ day: DAY, outcome: "sent", emails: 2 });
    const mails = await delivered();
    // The owners: Dana (stored) and the ADMIN_EMAILS address; not the technician, not Send New Requests To.
    expect(mails.map((m) => m.to).flat().sort()).toEqual([OWNER, LISTED].sort());
    const dana = mails.find((m) => m.to.includes(OWNER))!;
    expect(plain(dana.text)).toMatch(/^Hi Dana,/);
    expect(plain(mails.find((m) => m.to.includes(LISTED))!.text)).toMatch(/^Hi there,/);
    const text = plain(dana.text);
    expect(text).toContain("Here is Tuesday, January 12, 2027: 2 jobs, 2 new requests, 1 booking and 1 cancellation since Monday, January 11, 2027 at 7:00 AM, 2 invoices past due ($299.99 owed).");

    const parts = sections(dana.text);
    expect([...parts.keys()]).toEqual([
      "Today's jobs (2)",
      "New requests since Monday, January 11, 2027 at 7:00 AM (2)",
      "Bookings since Monday, January 11, 2027 at 7:00 AM (1)",
      "Cancellations since Monday, January 11, 2027 at 7:00 AM (1)",
      "Unpaid invoices past due (2)",
    ]);
    expect(parts.get("Today's jobs (2)")).toEqual([
      {
        title: "8:00 AM – 9:30 AM: Ben Boater",
        lines: [
          "7 Harbor Rd, Holland, MI",
          "Boat",
          "Phone: (616) 555-0142",
          "Assigned to Tom Tech",
          `Directions: https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("7 Harbor Rd, Holland, MI")}`,
          `Job: ${ORIGIN}/admin/jobs/${known.b}`,
        ],
      },
      {
        title: "10:00 AM – 12:00 PM: Carla Customer",
        lines: [
          "12 Main St, Grand Rapids, MI",
          "SUV · Full Detail · Pet Hair Removal × 2",
          "Phone: (616) 555-0142",
          `Directions: https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("12 Main St, Grand Rapids, MI")}`,
          `Job: ${ORIGIN}/admin/jobs/${known.a}`,
        ],
      },
    ]);
    expect(parts.get("New requests since Monday, January 11, 2027 at 7:00 AM (2)")).toEqual([
      { title: "Nora New", lines: ["Sedan", "3 Oak Ave, Ada, MI", "Received Monday, January 11, 2027 at 10:00 AM", `Open: ${ORIGIN}/admin/leads/${known.nora}`] },
      { title: "Otto Later", lines: ["Truck", "Received Tuesday, January 12, 2027 at 6:30 AM", `Open: ${ORIGIN}/admin/leads/${known.otto}`] },
    ]);
    expect(parts.get("Bookings since Monday, January 11, 2027 at 7:00 AM (1)")).toEqual([
      { title: "Ben Boater", lines: ["Wednesday, January 20, 2027, 9:00 AM – 11:00 AM", "Booked online", `Open: ${ORIGIN}/admin/jobs/${known.z}`] },
    ]);
    expect(parts.get("Cancellations since Monday, January 11, 2027 at 7:00 AM (1)")).toEqual([
      { title: "Carla Customer", lines: ["Tuesday, January 12, 2027, 1:00 PM – 3:00 PM", "Cancelled by the customer", `Open: ${ORIGIN}/admin/jobs/${known.x}`] },
    ]);
    expect(parts.get("Unpaid invoices past due (2)")).toEqual([
      { title: `Invoice #${known.i1Number}: Carla Customer`, lines: ["$200.00 due, 10 days overdue", `Open: ${ORIGIN}/admin/invoices/${known.i1}`] },
      { title: `Invoice #${known.i2Number}: Ben Boater`, lines: ["$99.99 due, 1 day overdue", `Open: ${ORIGIN}/admin/invoices/${known.i2}`] },
    ]);
    expect(text).toContain(`untick Send the daily e-mail in Business Settings: ${ORIGIN}/admin/settings`);

    // The HTML part: the same, with the links as links.
    expect(links(dana.html, "Directions")).toEqual([
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("7 Harbor Rd, Holland, MI")}`,
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("12 Main St, Grand Rapids, MI")}`,
    ]);
    expect(links(dana.html, "Job")).toEqual([`${ORIGIN}/admin/jobs/${known.b}`, `${ORIGIN}/admin/jobs/${known.a}`]);
    // The button (its label inside spans of its own).
    expect(dana.html).toMatch(new RegExp(`<a[^>]*href="${ORIGIN}/admin/today\\?date=${DAY}"[^>]*>[^]*?Open Today`));
    expect(plain(dana.html)).toContain("8:00 AM – 9:30 AM: Ben Boater");
    expect(plain(dana.html)).toContain("$200.00 due, 10 days overdue");
    // In the E-mail Log as the daily e-mail, about no lead.
    const rows = await db().selectFrom("email_outbox").select(["kind", "lead_id"]).where("subject", "=", `Today at ${BUSINESS}`).execute();
    expect(rows).toEqual([
      { kind: "daily_email", lead_id: null },
      { kind: "daily_email", lead_id: null },
    ]);
  });

  it("goes once a day: a later look the same day queues nothing", async () => {
    expect(await sendDailyEmail(db(), at("2027-01-12T14:00:00Z"))).toEqual({ day: DAY, outcome: "taken" });
    expect(await sendDailyEmail(db(), at("2027-01-13T04:59:00Z"))).toEqual({ day: DAY, outcome: "taken" });
    expect(await delivered()).toEqual([]);
  });

  it("a process started at 9:00 sends that day's, with what is new since yesterday's e-mail; a day missed is never sent", async () => {
    // Since yesterday's e-mail (7:00 on the 12th), not the last 24 hours: Otto (6:30 on the 12th) is not new again.
    known.pia = await lead("Pia Since", at("2027-01-12T12:30:00Z"), { vehicle: "Van" });
    expect(await sendDailyEmail(db(), at("2027-01-13T14:00:00Z"))).toEqual({ day: "2027-01-13", outcome: "sent", emails: 2 });
    const [mail] = await delivered();
    const parts = sections(mail!.text);
    expect(parts.get("Today's jobs (0)")).toEqual(["No jobs today."]);
    expect(parts.get("New requests since Tuesday, January 12, 2027 at 7:00 AM (1)")).toEqual([
      { title: "Pia Since", lines: ["Van", "Received Tuesday, January 12, 2027 at 7:30 AM", `Open: ${ORIGIN}/admin/leads/${known.pia}`] },
    ]);
    expect(parts.get("Unpaid invoices past due (3)")?.map((i) => (i as { lines: string[] }).lines[0])).toEqual([
      "$200.00 due, 11 days overdue",
      "$99.99 due, 2 days overdue",
      "$50.00 due, 1 day overdue",
    ]);
    // The 14th is missed (no process ran); on the 15th before 7:00 nothing goes, and at 7:00 only the 15th's.
    expect(await sendDailyEmail(db(), at("2027-01-15T11:00:00Z"))).toEqual({ day: "2027-01-15", outcome: "early" });
    expect(await sendDailyEmail(db(), at("2027-01-15T12:00:00Z"))).toMatchObject({ day: "2027-01-15", outcome: "sent" });
    const days = await db().selectFrom("daily_digests").select(sql<string>`day::text`.as("day")).orderBy("day").execute();
    expect(days.map((d) => d.day)).toEqual([DAY, "2027-01-13", "2027-01-15"]);
    // No e-mail of the 14th: "since" the last 24 hours, as there was none yesterday.
    const [fifteenth] = await delivered();
    expect(plain(fifteenth!.text)).toContain("since Thursday, January 14, 2027 at 7:00 AM");
  });
});

describe("Send the daily e-mail", () => {
  const form = (dailyEmail: string[] | null) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...SEED_SETTINGS, businessName: BUSINESS, notifyEmail: "alerts@shine.example", taxRate: "0" })) body.set(name, value);
    for (const value of dailyEmail ?? []) body.append("dailyEmail", value);
    return callRoute(new Request(`${ORIGIN}/admin/settings`, { method: "POST", body, headers: { cookie: ownerCookie, origin: ORIGIN } }), routeContext(db()));
  };

  it("is on at first, is turned off and on again by the settings form's checkbox, and a form without it keeps it", async () => {
    expect((await getBusinessSettings(db())).dailyEmail).toBe(true);
    // Unticked: only the form's empty marker is sent.
    expect((await form([""])).status).toBe(302);
    expect((await getBusinessSettings(db())).dailyEmail).toBe(false);
    // A form without the field (a caller that predates it) leaves it as stored.
    expect((await form(null)).status).toBe(302);
    expect((await getBusinessSettings(db())).dailyEmail).toBe(false);
    // The page shows it unticked.
    const page = await callRoute(new Request(`${ORIGIN}/admin/settings`, { headers: { cookie: ownerCookie } }), routeContext(db()));
    expect(((await page.json()) as { settings: { dailyEmail: boolean } }).settings.dailyEmail).toBe(false);
  });

  it("off: nothing is sent and the day is not claimed; on again the same morning, that day's goes", async () => {
    expect(await sendDailyEmail(db(), at("2027-01-18T12:05:00Z"))).toEqual({ day: "2027-01-18", outcome: "off" });
    expect(await db().selectFrom("daily_digests").select("day").where("day", "=", sql<Date>`'2027-01-18'::date`).execute()).toEqual([]);
    expect(await delivered()).toEqual([]);
    expect((await form(["", "on"])).status).toBe(302);
    expect((await getBusinessSettings(db())).dailyEmail).toBe(true);
    expect(await sendDailyEmail(db(), at("2027-01-18T15:00:00Z"))).toMatchObject({ day: "2027-01-18", outcome: "sent", emails: 2 });
    expect(await delivered()).toHaveLength(2);
  });
});

describe("the days the clocks change (America/Detroit)", () => {
  it("spring forward, Sunday March 14, 2027: 7:00 EDT is 11:00 UTC; the day of 23 hours holds its jobs from midnight to midnight", async () => {
    const sam = await lead("Sam Spring", at("2026-06-01T12:00:00Z"), { vehicle: "Car" });
    // 1:30 AM EST (before the change), 11:30 PM EDT, and 12:30 AM on the 15th (not this day).
    await job(sam, at("2027-03-14T06:30:00Z"), { minutes: 20, address: "1 Early Rd" });
    await job(sam, at("2027-03-15T03:30:00Z"), { minutes: 20, address: "2 Late Rd" });
    await job(sam, at("2027-03-15T04:30:00Z"), { minutes: 20, address: "3 Next Day Rd" });
    // 6:59 EDT; by the winter offset it would be 5:59, by the right one it is a minute early.
    expect(await sendDailyEmail(db(), at("2027-03-14T10:59:00Z"))).toEqual({ day: "2027-03-14", outcome: "early" });
    expect(await sendDailyEmail(db(), at("2027-03-14T11:00:00Z"))).toMatchObject({ day: "2027-03-14", outcome: "sent", emails: 2 });
    const [mail] = await delivered();
    expect(plain(mail!.text)).toContain("Here is Sunday, March 14, 2027: 2 jobs");
    expect((sections(mail!.text).get("Today's jobs (2)") as { title: string }[]).map((j) => j.title)).toEqual([
      "1:30 AM – 1:50 AM: Sam Spring",
      "11:30 PM – 11:50 PM: Sam Spring",
    ]);
  });

  it("fall back, Sunday November 7, 2027: 11:00 UTC is 6:00 EST (7:00 by the summer offset), so it waits for 12:00 UTC", async () => {
    const fay = await lead("Fay Fall", at("2026-06-01T12:00:00Z"), { vehicle: "Car" });
    // 1:30 AM EDT and 1:30 AM EST: the repeated hour is named by its zone.
    await job(fay, at("2027-11-07T05:30:00Z"), { minutes: 20, address: "4 Twice Rd" });
    await job(fay, at("2027-11-07T06:30:00Z"), { minutes: 20, address: "5 Twice Rd" });
    expect(await sendDailyEmail(db(), at("2027-11-07T11:00:00Z"))).toEqual({ day: "2027-11-07", outcome: "early" });
    expect(await sendDailyEmail(db(), at("2027-11-07T11:59:59Z"))).toEqual({ day: "2027-11-07", outcome: "early" });
    expect(await sendDailyEmail(db(), at("2027-11-07T12:00:00Z"))).toMatchObject({ day: "2027-11-07", outcome: "sent", emails: 2 });
    const [mail] = await delivered();
    expect((sections(mail!.text).get("Today's jobs (2)") as { title: string }[]).map((j) => j.title)).toEqual([
      "1:30 AM EDT – 1:50 AM EDT: Fay Fall",
      "1:30 AM EST – 1:50 AM EST: Fay Fall",
    ]);
  });
});

describe("two pools claiming at once", () => {
  /** The second process's pool on a PostgreSQL server; on the embedded database (one process) the same handle, calls taking turns. */
  let other: OpenDatabase | undefined;
  beforeAll(() => {
    if (database.serverPool) other = openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! });
  });
  afterAll(async () => {
    await other?.close();
  });

  it("of two calls at the same instant, one sends the day's and the other finds it taken, day after day", async () => {
    const second: DB = other?.db ?? db();
    const before = (await db().selectFrom("email_outbox").select(sql<number>`count(*)::int`.as("n")).where("kind", "=", "daily_email").executeTakeFirstOrThrow()).n;
    const days = ["2027-02-01", "2027-02-02", "2027-02-03", "2027-02-04", "2027-02-05", "2027-02-06"];
    for (const day of days) {
      const now = at(`${day}T12:00:00Z`);
      const results: DailyEmailOutcome[] = await Promise.all([sendDailyEmail(db(), now), sendDailyEmail(second, now), sendDailyEmail(db(), now), sendDailyEmail(second, now)]);
      expect(results.map((r) => r.outcome).sort(), day).toEqual(["sent", "taken", "taken", "taken"]);
    }
    const after = (await db().selectFrom("email_outbox").select(sql<number>`count(*)::int`.as("n")).where("kind", "=", "daily_email").executeTakeFirstOrThrow()).n;
    // Two owners, one e-mail each a day (the invoices past due make every day worth telling).
    expect(after - before).toBe(days.length * 2);
    const claimed = await db().selectFrom("daily_digests").select(["emails"]).where(sql<boolean>`day BETWEEN '2027-02-01' AND '2027-02-06'`).execute();
    expect(claimed.map((c) => c.emails)).toEqual(days.map(() => 2));
    // Delivered, so the next test reads its own.
    expect(await delivered()).toHaveLength(days.length * 2);
  });
});

describe("a long list", () => {
  it("shows 25 entries and counts the rest, linked to the dashboard's list", async () => {
    const lena = await lead("Lena Longlist", at("2026-06-01T12:00:00Z"));
    // 25 past due of her own, and those of the tests before (3 when they ran).
    for (let i = 0; i < 25; i++) await invoice(lena, "sent", 1000 + i, 0, "2027-02-20");
    expect(await sendDailyEmail(db(), at("2027-03-01T12:00:00Z"))).toMatchObject({ day: "2027-03-01", outcome: "sent", emails: 2 });
    const [mail] = await delivered();
    // The first describe's past due too, when it ran.
    const n = (
      await db()
        .selectFrom("invoices")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("status", "in", ["sent", "partly_paid"])
        .where("due_date", "<", sql<Date>`'2027-03-01'::date`)
        .executeTakeFirstOrThrow()
    ).n;
    expect(n).toBeGreaterThanOrEqual(25);
    const parts = sections(mail!.text);
    expect([...parts.keys()].at(-1)).toBe(`Unpaid invoices past due (${n})`);
    const overdue = parts.get(`Unpaid invoices past due (${n})`) as { title: string; lines: string[] }[];
    expect(overdue).toHaveLength(n > 25 ? 26 : 25);
    if (n > 25) expect(overdue.at(-1)).toEqual({ title: `…and ${n - 25} more`, lines: [`Open: ${ORIGIN}/admin/invoices?status=unpaid`] });
    expect(plain(mail!.text)).toContain(`${n} invoices past due`);
  });
});
