import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { parseFields } from "~/lib/form-schema";
import { leadNoteSchema, leadStatusSchema } from "~/lib/lead-input";
import { LEAD_STATUSES, NOTE_MAX, type LeadStatus } from "~/lib/lead-status";
import { AppError } from "~/server/app-error.server";
import { defaultListQuery, parseListQuery, withFilter } from "~/lib/list-query";
import { INBOX_PAGE_SIZE, LEADS_LIST, listLeads, newLeadCount } from "~/server/leads/inbox.server";
import { addLeadNote, changeLeadStatus, getLead, leadId, leadTimeline, retryLeadEmail, type TimelineEntry } from "~/server/leads/lead.server";
import { CHART_WEEKS, leadStats } from "~/server/leads/stats.server";
import { deliverDueEmails } from "~/server/outbox-delivery.server";
import { enqueueEmail } from "~/server/outbox.server";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// The lead inbox's server functions and the admin tables' routes, in this
// process, on this file's own database (no SMTP: an e-mail delivered here is written to the log;
// delivery is tests/integration/lead-mail.test.ts).
const TIME_ZONE = "America/Detroit";
const database = useTestDatabase({ BUSINESS_TIME_ZONE: TIME_ZONE, LEAD_REMINDER_MINUTES: "60" });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };

const JAKE = "jake@shine.example";
const AMY = "amy@shine.example";
const HOUR = 3600_000;
// The database's clock and this process's are the same machine's; room for a busy one.
const SLACK_MS = 2_000;

let admin: string;
beforeAll(async () => {
  admin = await sessionCookieFor(db(), "owner@example.com", { admin: true });
});

let created = 0;
async function insertLead(values: { status?: LeadStatus; created_at?: Date; message?: string; name?: string; email?: string } = {}) {
  const n = ++created;
  return db()
    .insertInto("quote_requests")
    .values({
      name: `Lead Person ${n}`,
      email: `lead${n}@example.com`,
      phone: "6165550100",
      vehicle_type: "Car",
      message: "Interior and exterior detail, please.",
      ...values,
    })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
}

const deleteAllLeads = () => db().deleteFrom("quote_requests").execute();

/** Runs `work` and gives the window of time it ran in. */
async function timed(work: () => Promise<unknown>): Promise<{ from: number; to: number }> {
  const from = Date.now();
  await work();
  return { from, to: Date.now() };
}

function expectWithin(at: Date | null | undefined, window: { from: number; to: number }) {
  expect(at).toBeInstanceOf(Date);
  expect(at!.getTime()).toBeGreaterThanOrEqual(window.from - SLACK_MS);
  expect(at!.getTime()).toBeLessThanOrEqual(window.to + SLACK_MS);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "expected an AppError").toBeInstanceOf(AppError);
  return error as AppError;
}

const eventsOf = (id: number) => db().selectFrom("lead_events").selectAll().where("lead_id", "=", id).orderBy("id").execute();

function api(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("cookie", init.cookie ?? admin);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return app.fetch(path, { ...init, headers, body });
}

describe("the pipeline and its history", () => {
  it("records every status change with from, to, who and when, and the lost reason while the lead stays lost", async () => {
    const lead = await insertLead();
    expect(await eventsOf(lead.id)).toEqual([]);

    const contacted = await timed(() => changeLeadStatus(db(), lead.id, "contacted", JAKE));
    const quoted = await timed(() => changeLeadStatus(db(), lead.id, "quoted", AMY));
    const lost = await timed(() => changeLeadStatus(db(), lead.id, "lost", JAKE, leadStatusSchema.parse({ status: "lost", reason: "  Went with a cheaper quote  " }).reason));
    expect(await getLead(db(), lead.id)).toMatchObject({ status: "lost", lost_reason: "Went with a cheaper quote" });
    // Moving on from Lost drops the reason (a reason given with another status is ignored).
    const booked = await timed(() => changeLeadStatus(db(), lead.id, "booked", AMY, "ignored"));
    expect(await getLead(db(), lead.id)).toMatchObject({ status: "booked", lost_reason: "" });
    // The status it already has: nothing to record.
    await changeLeadStatus(db(), lead.id, "booked", JAKE);

    const events = await eventsOf(lead.id);
    expect(events.map(({ kind, from_status, to_status, actor, body }) => ({ kind, from_status, to_status, actor, body }))).toEqual([
      { kind: "status", from_status: "new", to_status: "contacted", actor: JAKE, body: "" },
      { kind: "status", from_status: "contacted", to_status: "quoted", actor: AMY, body: "" },
      { kind: "status", from_status: "quoted", to_status: "lost", actor: JAKE, body: "Went with a cheaper quote" },
      { kind: "status", from_status: "lost", to_status: "booked", actor: AMY, body: "" },
    ]);
    [contacted, quoted, lost, booked].forEach((window, i) => expectWithin(events[i]!.created_at, window));

    // The lead's page shows the same history, after its arrival.
    const timeline = await leadTimeline(db(), await getLead(db(), lead.id));
    expect(timeline[0]).toEqual({ type: "received", at: lead.created_at });
    expect(timeline.filter((e) => e.type === "status").map((e) => e.type === "status" && { from: e.from, to: e.to, actor: e.actor, reason: e.reason })).toEqual([
      { from: "new", to: "contacted", actor: JAKE, reason: "" },
      { from: "contacted", to: "quoted", actor: AMY, reason: "" },
      { from: "quoted", to: "lost", actor: JAKE, reason: "Went with a cheaper quote" },
      { from: "lost", to: "booked", actor: AMY, reason: "" },
    ]);
  });

  it("keeps notes as dated entries by their author, oldest first, and as the read-only transcript in quote_requests.notes", async () => {
    const lead = await insertLead();
    const first = await timed(() => addLeadNote(db(), lead.id, leadNoteSchema.parse({ note: "  Called, left a voicemail.  " }).note, JAKE));
    const second = await timed(() => addLeadNote(db(), lead.id, "Prefers Saturday mornings.", AMY));

    const timeline = await leadTimeline(db(), await getLead(db(), lead.id));
    const notes = timeline.filter((e): e is Extract<TimelineEntry, { type: "note" }> => e.type === "note");
    expect(notes.map(({ body, actor }) => ({ body, actor }))).toEqual([
      { body: "Called, left a voicemail.", actor: JAKE },
      { body: "Prefers Saturday mornings.", actor: AMY },
    ]);
    expectWithin(notes[0]!.at, first);
    expectWithin(notes[1]!.at, second);
    // Oldest first, the arrival before everything.
    expect(timeline.map((e) => e.type)).toEqual(["received", "note", "note"]);

    const row = await db().selectFrom("quote_requests").select("notes").where("id", "=", lead.id).executeTakeFirstOrThrow();
    const lines = row.notes.split("\n");
    expect(lines).toHaveLength(2);
    // Stamped in BUSINESS_TIME_ZONE, like every other time (tests/integration/lead-notes-time-zone.test.ts).
    expect(lines[0]).toMatch(new RegExp(`^\\[\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} E[SD]T, ${JAKE}\\] Called, left a voicemail\\.$`));
    expect(lines[1]).toMatch(new RegExp(`^\\[\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} E[SD]T, ${AMY}\\] Prefers Saturday mornings\\.$`));
    // A note is not a response: the lead is still New, with no response time.
    expect(await getLead(db(), lead.id)).toMatchObject({ status: "new", first_response_at: null });
  });

  it("records a status change made in the Quote Requests table (PUT /api/tables/quote_requests/:id), naming the administrator", async () => {
    const lead = await insertLead();
    const put = (json: unknown) => api(`/api/tables/quote_requests/${lead.id}`, { method: "PUT", json });

    const contacted = await timed(async () => expect((await put({ status: "contacted" })).status).toBe(200));
    const lost = await put({ status: "lost", lost_reason: "No answer after three calls" });
    expect(lost.status).toBe(200);
    expect(await lost.json()).toMatchObject({ status: "lost", lost_reason: "No answer after three calls" });
    // Other fields change nothing in the history; an old status is refused and records nothing.
    expect((await put({ name: "Renamed Person" })).status).toBe(200);
    expect((await put({ status: "closed" })).status).toBe(400);
    // A lost lead's new reason is recorded; a reason is kept only while the lead is lost.
    expect((await put({ lost_reason: "Chose a shop nearer home" })).status).toBe(200);
    expect(await (await put({ status: "booked", lost_reason: "Ignored: not lost" })).json()).toMatchObject({ status: "booked", lost_reason: "" });
    expect(await (await put({ lost_reason: "Still ignored" })).json()).toMatchObject({ status: "booked", lost_reason: "" });

    const events = await eventsOf(lead.id);
    expect(events.map(({ from_status, to_status, actor, body }) => ({ from_status, to_status, actor, body }))).toEqual([
      { from_status: "new", to_status: "contacted", actor: "owner@example.com", body: "" },
      { from_status: "contacted", to_status: "lost", actor: "owner@example.com", body: "No answer after three calls" },
      { from_status: "lost", to_status: "lost", actor: "owner@example.com", body: "Chose a shop nearer home" },
      { from_status: "lost", to_status: "booked", actor: "owner@example.com", body: "" },
    ]);
    expectWithin(events[0]!.created_at, contacted);
    // The table's move out of New is the response time too.
    expectWithin((await getLead(db(), lead.id)).first_response_at, contacted);
    // The row as the table shows it afterwards.
    const row = await (await api(`/api/tables/quote_requests/${lead.id}`)).json();
    expect(row).toMatchObject({ name: "Renamed Person", status: "booked", lost_reason: "" });
  });
});

describe("response time", () => {
  it("is set on the first move out of New and never changed by later moves", async () => {
    const lead = await insertLead({ created_at: new Date(Date.now() - 2 * HOUR) });
    expect((await getLead(db(), lead.id)).first_response_at).toBeNull();

    const firstMove = await timed(() => changeLeadStatus(db(), lead.id, "contacted", JAKE));
    const responded = (await getLead(db(), lead.id)).first_response_at;
    expectWithin(responded, firstMove);
    // About two hours after it arrived.
    expect(Math.abs(responded!.getTime() - lead.created_at.getTime() - 2 * HOUR)).toBeLessThan(60_000);

    // Later moves, even back to New and out again, keep the first response.
    for (const to of ["quoted", "new", "booked", "completed"] as const) await changeLeadStatus(db(), lead.id, to, AMY);
    expect((await getLead(db(), lead.id)).first_response_at).toEqual(responded);
    expect((await eventsOf(lead.id)).map((e) => e.to_status)).toEqual(["contacted", "quoted", "new", "booked", "completed"]);
  });

  it("leadStats gives the median over the leads of the last 30 days that were answered, and the New leads waiting", async () => {
    await deleteAllLeads();
    const empty = await leadStats(db());
    expect(empty).toMatchObject({ newWaiting: 0, waitingTooLong: 0, medianResponseSeconds: null, respondedLeads: 0 });

    const ago = (ms: number) => ({ created_at: new Date(Date.now() - ms) });
    // Answered now: after 10 minutes, 30 minutes and 3 hours; the median is 30 minutes.
    const answered = [await insertLead(ago(10 * 60_000)), await insertLead(ago(30 * 60_000)), await insertLead(ago(3 * HOUR))];
    // Answered after 40 days: outside the window (with it the median would be (30 min + 3 h) / 2).
    const old = await insertLead(ago(40 * 24 * HOUR));
    for (const lead of [...answered, old]) await changeLeadStatus(db(), lead.id, "contacted", JAKE);
    // Still New: one for 2 hours (waiting too long), one for 5 minutes.
    await insertLead(ago(2 * HOUR));
    await insertLead(ago(5 * 60_000));

    const stats = await leadStats(db());
    expect(stats.respondedLeads).toBe(3);
    expect(Math.abs(stats.medianResponseSeconds! - 30 * 60)).toBeLessThanOrEqual(10);
    expect(stats.newWaiting).toBe(2);
    expect(stats.waitingTooLong).toBe(1);
    expect(await newLeadCount(db())).toBe(2);
  });
});

/** The parts of an instant's wall-clock time in the business's time zone. */
function localParts(at: Date) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    weekday: "short",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { y: +get("year"), m: +get("month"), d: +get("day"), h: +get("hour"), min: +get("minute"), weekday: get("weekday") };
}

/** The instant of a wall-clock time in the business's time zone (days may overflow: d = 0 is the day before the 1st). */
function localTime(y: number, m: number, d: number, h: number, min: number): Date {
  const wanted = Date.UTC(y, m - 1, d, h, min);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const p = localParts(new Date(guess));
    guess += wanted - Date.UTC(p.y, p.m - 1, p.d, p.h, p.min);
  }
  return new Date(guess);
}

/** The Monday (a calendar date in the business's time zone) of the week `weeksAgo` weeks before this one. */
function monday(weeksAgo: number): { y: number; m: number; d: number; label: string } {
  const today = localParts(new Date());
  const sinceMonday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(today.weekday);
  const date = new Date(Date.UTC(today.y, today.m - 1, today.d - sinceMonday - 7 * weeksAgo));
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), label: date.toISOString().slice(0, 10) };
}

describe("leadStats: requests per week", () => {
  it("counts the last 12 weeks by status, weeks starting on Monday in the business's time zone", async () => {
    await deleteAllLeads();
    const at = (weeksAgo: number, dayOffset: number, h: number, min = 0) => {
      const mon = monday(weeksAgo);
      return localTime(mon.y, mon.m, mon.d + dayOffset, h, min);
    };
    const rows: [LeadStatus, Date][] = [
      ["new", new Date()],
      ["contacted", new Date()],
      ["booked", at(3, 2, 12)],
      ["booked", at(3, 2, 13)],
      ["lost", at(3, 4, 9)],
      // Monday 00:30 there is the week's first half hour; Sunday 23:30 just before it is the week before
      // (in UTC both are on the Monday: a bucket by UTC days would put them together).
      ["completed", at(4, 0, 0, 30)],
      ["quoted", at(4, -1, 23, 30)],
      // The oldest week shown, and one before it that is not.
      ["completed", at(CHART_WEEKS - 1, 2, 12)],
      ["booked", at(CHART_WEEKS, 2, 12)],
    ];
    for (const [status, created_at] of rows) await insertLead({ status, created_at });

    const { weeks } = await leadStats(db());
    expect(weeks.map((w) => w.week)).toEqual(Array.from({ length: CHART_WEEKS }, (_, i) => monday(CHART_WEEKS - 1 - i).label));
    const zero = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0]));
    const expected = Array.from({ length: CHART_WEEKS }, () => ({ ...zero }));
    const week = (weeksAgo: number) => expected[CHART_WEEKS - 1 - weeksAgo]!;
    Object.assign(week(0), { new: 1, contacted: 1 });
    Object.assign(week(3), { booked: 2, lost: 1 });
    Object.assign(week(4), { completed: 1 });
    Object.assign(week(5), { quoted: 1 });
    Object.assign(week(CHART_WEEKS - 1), { completed: 1 });
    expect(weeks.map((w) => w.counts)).toEqual(expected);
  });
});

describe("the inbox list", () => {
  const all = defaultListQuery(LEADS_LIST);
  const inStatus = (status: string, query = all) => withFilter(LEADS_LIST, query, "status", status);
  const statusOf = (i: number): LeadStatus => LEAD_STATUSES[i % LEAD_STATUSES.length]!;
  /** Ids newest first, as the inbox must list them. */
  let newestFirst: number[] = [];
  let statuses = new Map<number, LeadStatus>();
  let barnacles: number;
  let noted: number;
  let percent: number;
  let long: number;

  beforeAll(async () => {
    await deleteAllLeads();
    const base = Date.now() - 100 * HOUR;
    const leads: { id: number; created: number }[] = [];
    for (let i = 0; i < 33; i++) {
      // Two pairs share their arrival time: the later id is listed first.
      const created = base + (i === 7 || i === 20 ? i - 1 : i) * HOUR;
      const message =
        i === 5
          ? "Pontoon hull is covered in barnacles after the summer."
          : i === 9
            ? "Saw your 50% off coupon, does it cover boats?"
            : i === 12
              ? "Full detail. ".repeat(30).trim()
              : "Interior and exterior detail, please.";
      const lead = await insertLead({ status: statusOf(i), created_at: new Date(created), message });
      leads.push({ id: lead.id, created });
      statuses.set(lead.id, statusOf(i));
      if (i === 5) barnacles = lead.id;
      if (i === 9) percent = lead.id;
      if (i === 12) long = lead.id;
      if (i === 17) noted = lead.id;
    }
    newestFirst = leads.sort((a, b) => b.created - a.created || b.id - a.id).map((l) => l.id);
  });

  it("lists the newest first, a page at a time, every lead once", async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await listLeads(db(), { ...all, page }));
    expect(pages[0]!.leads).toHaveLength(INBOX_PAGE_SIZE);
    expect(pages[1]!.leads).toHaveLength(33 - INBOX_PAGE_SIZE);
    expect(pages[2]!.leads).toEqual([]);
    expect(pages.flatMap((p) => p.leads.map((l) => l.id))).toEqual(newestFirst);
    for (const p of pages) expect(p.total).toBe(33);
  });

  it("counts every status, and filters by one", async () => {
    const expected = Object.fromEntries(LEAD_STATUSES.map((s) => [s, [...statuses.values()].filter((v) => v === s).length]));
    const page = await listLeads(db(), all);
    expect(page.counts).toEqual(expected);

    const booked = await listLeads(db(), inStatus("booked"));
    expect(booked.leads.map((l) => l.id)).toEqual(newestFirst.filter((id) => statuses.get(id) === "booked"));
    expect(booked.leads.every((l) => l.status === "booked")).toBe(true);
    expect(booked.total).toBe(expected.booked);
    // The counts stay those of every status, for the filter links.
    expect(booked.counts).toEqual(expected);
  });

  it("shows the start of the message, marked when it goes on", async () => {
    const { leads } = await listLeads(db(), all);
    const byId = new Map([...leads, ...(await listLeads(db(), { ...all, page: 2 })).leads].map((l) => [l.id, l]));
    expect(byId.get(long)!.excerpt).toBe("Full detail. ".repeat(30).trim().slice(0, 160));
    expect(byId.get(long)!.truncated).toBe(true);
    expect(byId.get(barnacles)).toMatchObject({ excerpt: "Pontoon hull is covered in barnacles after the summer.", truncated: false });
  });

  it("finds a lead by a word only its message has, in any case, with the counts of the search", async () => {
    const found = await listLeads(db(), { ...all, q: "BARNACLES" });
    expect(found.leads.map((l) => l.id)).toEqual([barnacles]);
    expect(found.total).toBe(1);
    expect(found.counts).toEqual({ ...Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])), [statuses.get(barnacles)!]: 1 });
    // Every word must occur; with another status filter, none.
    expect((await listLeads(db(), { ...all, q: "hull barnacles" })).leads.map((l) => l.id)).toEqual([barnacles]);
    expect((await listLeads(db(), { ...all, q: "barnacles coupon" })).total).toBe(0);
    const otherStatus = LEAD_STATUSES.find((s) => s !== statuses.get(barnacles))!;
    expect((await listLeads(db(), inStatus(otherStatus, { ...all, q: "barnacles" }))).leads).toEqual([]);
    // LIKE's wildcards are plain characters: "%" finds the one message with a percent sign.
    expect((await listLeads(db(), { ...all, q: "%" })).leads.map((l) => l.id)).toEqual([percent]);
    expect((await listLeads(db(), { ...all, q: "_" })).total).toBe(0);
  });

  it("finds a lead by a word only one of its notes has", async () => {
    expect((await listLeads(db(), { ...all, q: "gelcoat" })).total).toBe(0);
    await addLeadNote(db(), noted, "Asked about gelcoat restoration on the phone.", JAKE);
    const found = await listLeads(db(), { ...all, q: "gelcoat" });
    expect(found.leads.map((l) => l.id)).toEqual([noted]);
    expect(found.total).toBe(1);
    // The note's words, not its author or date (which every lead with a note by Jake would match).
    expect((await listLeads(db(), { ...all, q: "shine.example" })).total).toBe(0);
    const { notes } = await db().selectFrom("quote_requests").select("notes").where("id", "=", noted).executeTakeFirstOrThrow();
    const stamp = /^\[([^,\]]+)/.exec(notes)![1]!; // "2026-11-26 14:53 EST"
    expect((await listLeads(db(), { ...all, q: stamp })).total).toBe(0);
  });

  it("reads the view from the URL with the one list parser, naming what it cannot honour", () => {
    const parse = (search: string) => parseListQuery(LEADS_LIST, new URLSearchParams(search));
    expect(parse("status=quoted&q=%20boat%20&page=3")).toEqual({
      ok: true,
      query: { ...all, page: 3, q: "boat", filters: [{ field: "status", value: "quoted" }] },
    });
    expect(parse("status=")).toEqual({ ok: true, query: all });
    // Refused as on every list (lib/list-query), the rest of the view kept for the page and its links.
    for (const [bad, error] of [
      ["status=closed", "status must be one of: new, contacted, quoted, booked, completed, lost"],
      ["page=0", "page must be a whole number from 1"],
      ["page=abc", "page must be a whole number from 1"],
      ["page=1.5", "page must be a whole number from 1"],
      ["page=1000001", "page must be at most 1000000"],
      ["sort=name:asc", "name cannot be sorted"],
      ["sort=created_at:asc", "created_at cannot be sorted"],
      ["sort=nope:asc", "Unknown sort field: nope"],
      [`q=${"x".repeat(201)}`, "Search terms are at most 200 characters"],
      ["q=a%00b", "Search terms cannot contain a NUL character"],
    ] as const) {
      expect(parse(bad), bad).toMatchObject({ ok: false, error });
    }
    expect(parse("status=closed&q=wax&page=2")).toEqual({ ok: false, error: expect.any(String), fallback: { ...all, page: 2, q: "wax" } });
  });
});

describe("the actions' refusals", () => {
  it("a status: refused for an unknown status or a reason too long (leadStatusSchema), 404 for an unknown lead; nothing recorded", async () => {
    const lead = await insertLead();
    for (const status of ["closed", "", "NEW", 3, null]) {
      expect(parseFields(leadStatusSchema, { status }), String(status)).toMatchObject({ ok: false, errors: { status: expect.stringMatching(/^Unknown status: choose one of New, /) } });
    }
    expect(parseFields(leadStatusSchema, { status: "lost", reason: "x".repeat(301) })).toEqual({ ok: false, errors: { reason: "The reason can be at most 300 characters" } });
    expect(parseFields(leadStatusSchema, { status: "lost", reason: " Sold \0it " })).toEqual({ ok: true, input: { status: "lost", reason: "Sold it" } });
    expect((await rejection(changeLeadStatus(db(), 2_000_000_000, "contacted", JAKE))).status).toBe(404);
    expect(await eventsOf(lead.id)).toEqual([]);
    expect(await getLead(db(), lead.id)).toMatchObject({ status: "new", first_response_at: null });
  });

  it("a note: refused when empty or too long (leadNoteSchema), 404 for an unknown lead", async () => {
    const lead = await insertLead();
    for (const note of ["", "   \n ", undefined, 42]) {
      expect(parseFields(leadNoteSchema, { note }), String(note)).toMatchObject({ ok: false, errors: { note: expect.any(String) } });
    }
    expect(parseFields(leadNoteSchema, { note: "" })).toEqual({ ok: false, errors: { note: "Please write the note first" } });
    expect(parseFields(leadNoteSchema, { note: "x".repeat(NOTE_MAX + 1) })).toEqual({ ok: false, errors: { note: `A note can be at most ${NOTE_MAX} characters` } });
    expect((await rejection(addLeadNote(db(), 2_000_000_000, "Hello", JAKE))).status).toBe(404);
    expect(await eventsOf(lead.id)).toEqual([]);
    // The longest note is taken.
    await addLeadNote(db(), lead.id, "x".repeat(NOTE_MAX), JAKE);
    expect(await eventsOf(lead.id)).toHaveLength(1);
  });

  it("retryLeadEmail: 404 for an unknown e-mail or another lead's, 409 when it was sent or is being sent", async () => {
    const lead = await insertLead();
    const other = await insertLead();
    const email = (to: number) => enqueueEmail(db(), { to: "owner@example.com", subject: `About #${to}`, text: "…" }, { leadId: to, kind: "owner_notification" });
    const sent = await email(lead.id);
    const sending = await email(lead.id);
    const othersEmail = await email(other.id);
    await db().updateTable("email_outbox").set({ sent_at: new Date(), attempts: 1 }).where("id", "=", sent).execute();
    await db()
      .updateTable("email_outbox")
      .set({ claimed_by: "another-process", next_attempt_at: sql`now() + interval '20 seconds'` })
      .where("id", "=", sending)
      .execute();

    expect((await rejection(retryLeadEmail(db(), lead.id, "999999"))).status).toBe(404);
    expect((await rejection(retryLeadEmail(db(), lead.id, "abc"))).status).toBe(404);
    expect((await rejection(retryLeadEmail(db(), lead.id, String(othersEmail)))).status).toBe(404);
    expect((await rejection(retryLeadEmail(db(), lead.id, String(sent)))).status).toBe(409);
    expect((await rejection(retryLeadEmail(db(), lead.id, String(sending)))).status).toBe(409);
    // The one being sent keeps its lease.
    const row = await db().selectFrom("email_outbox").selectAll().where("id", "=", sending).executeTakeFirstOrThrow();
    expect(row.claimed_by).toBe("another-process");
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    await db().deleteFrom("email_outbox").where("id", "in", [sent, sending, othersEmail]).execute();
  });

  it("a lead that does not exist, or an id that is not one, is a 404", async () => {
    expect((await rejection(getLead(db(), 2_000_000_000))).status).toBe(404);
    for (const raw of ["abc", "0", "-1", "1.5", "99999999999", undefined]) {
      expect(() => leadId(raw), String(raw)).toThrow(AppError);
    }
    expect(leadId("42")).toBe(42);
  });
});

describe("a lead's e-mails on its timeline", () => {
  it("lists the lead's own e-mails with their delivery state, error and next try", async () => {
    const lead = await insertLead();
    const other = await insertLead();
    const queue = (subject: string, kind: string, leadId = lead.id) =>
      enqueueEmail(db(), { to: "owner@example.com", subject, text: "…" }, { leadId, kind });
    const sent = await queue("Sent one", "owner_notification");
    const failed = await queue("Failed one", "customer_reply");
    const sending = await queue("Sending one", "reminder");
    const queued = await queue("Queued one", "reminder");
    await queue("Another lead's", "owner_notification", other.id);
    await enqueueEmail(db(), { to: "someone@example.com", subject: "A sign-in code", text: "…" });
    await db().updateTable("email_outbox").set({ sent_at: new Date(), attempts: 1 }).where("id", "=", sent).execute();
    await db()
      .updateTable("email_outbox")
      .set({ attempts: 2, last_error: "550 5.1.1 Mailbox unavailable", next_attempt_at: sql`now() + interval '5 minutes'` })
      .where("id", "=", failed)
      .execute();
    await db()
      .updateTable("email_outbox")
      .set({ claimed_by: "a-worker", next_attempt_at: sql`now() + interval '20 seconds'` })
      .where("id", "=", sending)
      .execute();

    const timeline = await leadTimeline(db(), await getLead(db(), lead.id));
    const emails = timeline.filter((e): e is Extract<TimelineEntry, { type: "email" }> => e.type === "email");
    expect(emails.map(({ id, kind, subject, to, state, attempts, lastError }) => ({ id, kind, subject, to, state, attempts, lastError }))).toEqual([
      { id: sent, kind: "owner_notification", subject: "Sent one", to: "owner@example.com", state: "sent", attempts: 1, lastError: null },
      { id: failed, kind: "customer_reply", subject: "Failed one", to: "owner@example.com", state: "retrying", attempts: 2, lastError: "550 5.1.1 Mailbox unavailable" },
      { id: sending, kind: "reminder", subject: "Sending one", to: "owner@example.com", state: "sending", attempts: 0, lastError: null },
      { id: queued, kind: "reminder", subject: "Queued one", to: "owner@example.com", state: "queued", attempts: 0, lastError: null },
    ]);
    const [s, f, g, q] = emails;
    expect(s!.sentAt).toBeInstanceOf(Date);
    expect(s!.nextAttemptAt).toBeNull();
    expect(g!.nextAttemptAt).toBeNull();
    expect(f!.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(q!.nextAttemptAt).toBeInstanceOf(Date);
  });
});

describe("the E-mail Log table (/api/tables/email_outbox)", () => {
  it("lists every e-mail with its state and lead, newest first, and is read-only (405)", async () => {
    await db().deleteFrom("email_outbox").execute();
    const lead = await insertLead();
    const sent = await enqueueEmail(db(), { to: "owner@example.com", subject: "Log: sent", text: "…" }, { leadId: lead.id, kind: "owner_notification" });
    const failed = await enqueueEmail(db(), { to: "jane@example.com", subject: "Log: failed", text: "…" }, { leadId: lead.id, kind: "customer_reply" });
    const plain = await enqueueEmail(db(), { to: "someone@example.com", subject: "Log: code", text: "…" });
    await db().updateTable("email_outbox").set({ sent_at: new Date(), attempts: 1 }).where("id", "=", sent).execute();
    await db()
      .updateTable("email_outbox")
      .set({ attempts: 1, last_error: "Connection refused", next_attempt_at: sql`now() + interval '30 seconds'` })
      .where("id", "=", failed)
      .execute();

    const res = await api("/api/tables/email_outbox");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(3);
    expect(body.rows.map((r: any) => ({ id: r.id, state: r.state, lead_id: r.lead_id, to: r.to_address }))).toEqual([
      { id: plain, state: "queued", lead_id: null, to: "someone@example.com" },
      { id: failed, state: "retrying", lead_id: lead.id, to: "jane@example.com" },
      { id: sent, state: "sent", lead_id: lead.id, to: "owner@example.com" },
    ]);
    // The body of an e-mail (a sign-in code) is not shown.
    expect(Object.keys(body.rows[0])).not.toContain("text_body");
    const searched = await (await api("/api/tables/email_outbox?q=refused")).json();
    expect(searched.rows.map((r: any) => r.id)).toEqual([failed]);
    expect(await (await api(`/api/tables/email_outbox/${failed}`)).json()).toMatchObject({ id: failed, state: "retrying", last_error: "Connection refused" });

    const writes: [string, string, unknown][] = [
      ["POST", "/api/tables/email_outbox", { to_address: "x@example.com", subject: "Forged" }],
      ["PUT", `/api/tables/email_outbox/${failed}`, { subject: "Changed" }],
      ["DELETE", `/api/tables/email_outbox/${failed}`, undefined],
    ];
    for (const [method, path, json] of writes) {
      const refused = await api(path, { method, json });
      expect(refused.status, `${method} ${path}`).toBe(405);
      expect(refused.headers.get("allow"), `${method} ${path}`).toBe("GET");
    }
    const rows = await db().selectFrom("email_outbox").select(["id", "subject"]).orderBy("id").execute();
    expect(rows.map((r) => r.subject)).toEqual(["Log: sent", "Log: failed", "Log: code"]);

    // Administrators only.
    const visitor = await sessionCookieFor(db(), "visitor@example.com");
    expect((await api("/api/tables/email_outbox", { cookie: visitor })).status).toBe(403);
  });

  it("without SMTP_URL an e-mail is written to the server log, and the log and the lead's page say so instead of Sent", async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    await db().deleteFrom("email_outbox").execute();
    const lead = await insertLead();
    const logged = await enqueueEmail(db(), { to: "jane@example.com", subject: "Log: no mail server", text: "…" }, { leadId: lead.id, kind: "customer_reply" });
    expect(await deliverDueEmails(db())).toEqual({ sent: 1, failed: 0 });
    expect(await db().selectFrom("email_outbox").select(["written_to_log", "attempts"]).where("id", "=", logged).executeTakeFirstOrThrow()).toEqual({
      written_to_log: true,
      attempts: 1,
    });

    const [email] = (await leadTimeline(db(), await getLead(db(), lead.id))).filter((e) => e.type === "email");
    expect(email).toMatchObject({ id: logged, state: "logged", nextAttemptAt: null });
    expect((await rejection(retryLeadEmail(db(), lead.id, String(logged)))).status).toBe(409);
    // The lead's page: the receipt named as what it is (not an answer from the owner), and where it went.
    const page = await (await api(`/admin/leads/${lead.id}`)).json();
    expect(page.history.filter((h: any) => h.type === "email")).toEqual([
      expect.objectContaining({ id: logged, title: "Receipt to the customer", state: "logged", sentAt: expect.objectContaining({ iso: expect.any(String) }) }),
    ]);

    const row = await (await api(`/api/tables/email_outbox/${logged}`)).json();
    expect(row).toMatchObject({ state: "logged" });
    expect((await (await api("/api/tables/email_outbox?state=logged")).json()).rows.map((r: any) => r.id)).toEqual([logged]);
    expect((await (await api("/api/tables/email_outbox?state=sent")).json()).rows).toEqual([]);
    const schema = await (await api("/api/admin/schemas/email_outbox")).json();
    const state = schema.properties.state;
    expect(state.enumTitles[state.enum.indexOf("logged")]).toBe("Written to the server log: no mail server configured");
  });
});
