import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { listStaff, addStaff, changeStaffRole, removeStaff, STAFF_REFUSALS } from "~/server/auth/staff.server";
import { jobPageView } from "~/server/jobs/job-view.server";
import { assignJob } from "~/server/jobs/job-assignment.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { scheduleWeek, weekMonday } from "~/server/jobs/schedule-week.server";
import { publishReview } from "~/server/reviews/publish.server";
import type { SessionUser } from "~/server/session.server";
import { reloadEnv } from "~/server/env.server";
import { getTable } from "~/server/tables/registry.server";
import { importCsv } from "~/server/tables/import.server";
import { createRow, deleteRow, restoreRow, updateRow } from "~/server/tables/rows.server";
import { businessDay, insertJobLead, jobForm } from "../helpers/jobs";
import { signInByEmail } from "../helpers/app-server";
import { inProcessFetch } from "../helpers/routes";
import { startSmtpSink } from "../helpers/smtp";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { parseJobForm } from "~/lib/job-input";
import { leadOrigin } from "~/server/customers/work-origin.server";

// Roles (issue 34, docs/decisions/0114): a technician's session is refused on
// every owner page and action and on every owner /api route, read from
// app/routes.ts itself, so a route added later is covered without editing
// this file; and the server functions refuse a technician the same.

const OWNER = "owner@example.com";
const TECH = "tech@example.com";
const OTHER_TECH = "tech2@example.com";
const ZONE = "America/Detroit";
const database = useTestDatabase({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };

let owner: string;
let tech: string;
let techUser: SessionUser;
let ownerUser: SessionUser;
let ownJob: number;
let othersJob: number;

const weekMondayOf = (day: string) => weekMonday(day, new Date(), ZONE).monday;
const idOf = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

async function bookFor(assignedTo: number, startTime: string, day = businessDay(30)) {
  const lead = await insertJobLead(db());
  const parsed = parseJobForm(jobForm(day, startTime), businessDay(0), ZONE);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return scheduleJob(db(), { from: await leadOrigin(db(), lead.id), input: parsed.input, actor: OWNER, origin: "http://localhost", assignedTo });
}

beforeAll(async () => {
  // The owner is an owner through ADMIN_EMAILS only (nothing stored).
  owner = await sessionCookieFor(db(), OWNER);
  tech = await sessionCookieFor(db(), TECH, { role: "technician" });
  await sessionCookieFor(db(), OTHER_TECH, { role: "technician" });
  techUser = { id: await idOf(TECH), email: TECH, name: "", role: "technician" };
  ownerUser = { id: await idOf(OWNER), email: OWNER, name: "", role: "owner" };
  ownJob = (await bookFor(techUser.id, "09:00")).id;
  othersJob = (await bookFor(await idOf(OTHER_TECH), "09:00")).id;
});

/** Every route under the entry whose module is `file`, as whole path patterns. */
function routesUnder(file: string): string[] {
  const walk = (entries: RouteConfigEntry[], prefix: string, inside: boolean): string[] =>
    entries.flatMap((entry) => {
      const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
      const here = inside || entry.file === file;
      const own = here && entry.file !== file && (entry.path !== undefined || entry.index) ? [path] : [];
      return [...own, ...walk(entry.children ?? [], path, here)];
    });
  return walk(routeConfig, "", false);
}

/** A pattern's address with its parameters filled: a real table, a job that is someone else's (and a report of it). */
const addressOf = (pattern: string) =>
  "/" +
  pattern
    .replace(":table", "faqs")
    .replace(":name", "faqs")
    .replace(":kind", "image")
    .replace(":reportId", "1")
    .replace(/:id/g, String(othersJob));

const call = (cookie: string, path: string, method = "GET") =>
  app.fetch(path, {
    method,
    headers: { cookie, ...(method === "GET" ? {} : { "content-type": "application/x-www-form-urlencoded" }) },
    body: method === "GET" ? undefined : new URLSearchParams({ intent: "create" }),
  });

describe("a technician's session, route by route from app/routes.ts", () => {
  it("is refused (403) on every owner page, every page action and every owner /api route, the GETs of a technician's pages aside", async () => {
    const pages = routesUnder("routes/admin.tsx");
    const api = routesUnder("routes/api.admin-guard.ts");
    // The list is read, not written here: it holds the pages this test must know of.
    expect(pages).toEqual(expect.arrayContaining(["admin", "admin/staff", "admin/invoices", "admin/jobs/:id", "admin/:table/trash"]));
    expect(api).toEqual(expect.arrayContaining(["api/tables/:table", "api/upload/:kind"]));
    const technicianPages = new Set(["admin", "admin/today", "admin/schedule", "admin/jobs/:id"]);
    // Every staff member's own account (passkeys, docs/decisions/0134): its page and its action, checked below.
    const ownAccount = "admin/account";
    expect(pages).toContain(ownAccount);
    const answers: string[] = [];
    for (const pattern of pages.filter((p) => p !== ownAccount)) {
      const path = addressOf(pattern);
      // A technician's own pages let GET through (admin/jobs/:id with someone else's job is refused below, by the server function).
      if (!technicianPages.has(pattern)) answers.push(`GET ${path} ${(await call(tech, path)).status}`);
      answers.push(`POST ${path} ${(await call(tech, path, "POST")).status}`);
    }
    for (const pattern of api) {
      const path = addressOf(pattern);
      for (const method of ["GET", "POST", "PUT", "DELETE"]) answers.push(`${method} ${path} ${(await call(tech, path, method)).status}`);
    }
    expect(answers.filter((line) => !line.endsWith(" 403"))).toEqual([]);
    expect(answers.length).toBeGreaterThan(60);
  });

  it("lets a technician open their own account and post its forms (their own passkeys)", async () => {
    expect((await call(tech, "/admin/account")).status).toBe(200);
    // Through the guard to the page's action, which answers the unknown intent itself.
    expect((await call(tech, "/admin/account", "POST")).status).toBe(400);
  });

  it("lets a technician read the schedule (their jobs only) and their own job's page, not another's", async () => {
    expect((await call(tech, "/admin")).headers.get("location")).toBe("/admin/today");
    const own = await call(tech, `/admin/jobs/${ownJob}`);
    expect(own.status).toBe(200);
    const view = (await own.json()) as { owner: boolean; invoices: unknown[]; assignment: { staff: unknown[] } };
    expect(view.owner).toBe(false);
    expect(view.invoices).toEqual([]);
    expect(view.assignment.staff).toEqual([]);
    expect((await call(tech, `/admin/jobs/${othersJob}`)).status).toBe(403);
    // Their own job's page takes their field work's posts; every owner's intent there is refused.
    const post = (job: number, intent: string) =>
      app.fetch(`/admin/jobs/${job}`, { method: "POST", headers: { cookie: tech, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ intent }) });
    for (const intent of ["reschedule", "cancel", "done", "assign", "record_deposit", "publish_review", "publish_photos"]) {
      expect([intent, (await post(ownJob, intent)).status]).toEqual([intent, 403]);
      expect([intent, (await post(othersJob, intent)).status]).toEqual([intent, 403]);
    }
    // The field work (tests/integration/field-work.test.ts) is theirs on their own job only.
    for (const intent of ["on_the_way", "start", "finish"]) expect([intent, (await post(othersJob, intent)).status]).toEqual([intent, 403]);

    const week = (await (await call(tech, `/admin/schedule?week=${weekMondayOf(businessDay(30))}`)).json()) as {
      week: { days: { jobs: { id: number }[] }[] };
      feed: unknown;
    };
    expect(week.week.days.flatMap((d) => d.jobs.map((j) => j.id))).toEqual([ownJob]);
    expect(week.feed).toBeNull();
    // The owner sees both, and the private feed.
    const ownerWeek = (await (await call(owner, `/admin/schedule?week=${weekMondayOf(businessDay(30))}`)).json()) as typeof week;
    expect(ownerWeek.week.days.flatMap((d) => d.jobs.map((j) => j.id)).sort()).toEqual([ownJob, othersJob].sort());
    expect(ownerWeek.feed).not.toBeNull();
  });

  it("is refused by the server functions themselves, whatever the route", async () => {
    const faqs = getTable("faqs")!;
    const refused = async (work: Promise<unknown>) => expect(await work.then(() => 0, (e: { status?: number }) => e.status)).toBe(403);
    await refused(createRow(db(), faqs, { question: "Q?", answer: "A." }, techUser));
    await refused(updateRow(db(), faqs, "1", { answer: "B." }, techUser));
    await refused(deleteRow(db(), faqs, "1", techUser));
    await refused(restoreRow(db(), faqs, "1", techUser));
    await refused(importCsv(db(), faqs, "question,answer\r\nQ?,A.\r\n", techUser));
    await refused(listStaff(db(), techUser));
    await refused(addStaff(db(), techUser, { email: "x@example.com", role: "owner" }));
    await refused(jobPageView(db(), othersJob, new Date(), techUser));
    await refused(assignJob(db(), ownJob, techUser.id, techUser));
    await refused(publishReview(db(), ownJob, techUser));
    await refused(scheduleWeek(db(), weekMondayOf(businessDay(30)), new Date(), ZONE, undefined, { ...techUser, role: null }));
    // The owner is let through the same functions.
    expect((await jobPageView(db(), othersJob, new Date(), ownerUser)).owner).toBe(true);
  });
});

describe("the staff page", () => {
  it("the first owner comes from ADMIN_EMAILS; the owner adds a technician, changes roles and removes staff, never the last owner", async () => {
    const listed = () => listStaff(db(), ownerUser);
    expect((await listed()).find((s) => s.email === OWNER)).toMatchObject({ role: "owner", fromSetting: true });

    const form = (fields: Record<string, string>) =>
      app.fetch("/admin/staff", { method: "POST", headers: { cookie: owner, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
    const added = await form({ intent: "add", email: " New.Tech@Example.com ", role: "technician" });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/admin/staff?done=added");
    expect((await listed()).find((s) => s.email === "new.tech@example.com")).toMatchObject({ role: "technician", fromSetting: false });
    const bad = await form({ intent: "add", email: "not an address", role: "technician" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe(STAFF_REFUSALS.email);
    // ADMIN_EMAILS owners stay owners.
    const envOwner = await form({ intent: "role", id: String(ownerUser.id), role: "technician" });
    expect(envOwner.status).toBe(409);
    expect((await envOwner.json()).error).toBe(STAFF_REFUSALS.envOwner);
    const newId = await idOf("new.tech@example.com");
    expect((await form({ intent: "role", id: String(newId), role: "owner" })).status).toBe(303);
    expect((await form({ intent: "remove", id: String(newId) })).status).toBe(303);
    expect((await listed()).some((s) => s.id === newId)).toBe(false);
    // A technician's session is refused the page.
    expect((await call(tech, "/admin/staff")).status).toBe(403);
  });

  it("a technician added there signs in by the e-mailed code and may open only a technician's pages", async () => {
    const mailbox = await startSmtpSink();
    const saved = process.env.SMTP_URL;
    try {
      process.env.SMTP_URL = mailbox.url;
      reloadEnv();
      const email = "code.tech@example.com";
      const added = await app.fetch("/admin/staff", {
        method: "POST",
        headers: { cookie: owner, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", email, role: "technician" }),
      });
      expect(added.status).toBe(303);
      const job = await bookFor(await idOf(email), "11:00");
      // The code goes through the real mail path to the SMTP sink and back.
      const cookie = await signInByEmail(app, mailbox, email);
      for (const page of ["/admin/staff", "/admin/invoices", "/admin/customers", "/admin/settings"]) expect([page, (await call(cookie, page)).status]).toEqual([page, 403]);
      expect((await call(cookie, "/admin")).headers.get("location")).toBe("/admin/today");
      for (const page of ["/admin/schedule", `/admin/jobs/${job.id}`]) expect([page, (await call(cookie, page)).status]).toEqual([page, 200]);
      expect((await call(cookie, `/admin/jobs/${othersJob}`)).status).toBe(403);
      // The job's confirmation goes out in the background: the sink stops only once it has it (stopped mid-send, the outbox logs a failure).
      await mailbox.waitFor((m) => m.to.includes(job.customer.email) && m.subject.startsWith("Appointment confirmed:"));
    } finally {
      if (saved === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = saved;
      reloadEnv();
      await mailbox.stop();
    }
  });

  it("keeps one owner when two owners demote each other at once (no ADMIN_EMAILS owner to fall back on)", async () => {
    const saved = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = "";
    reloadEnv();
    try {
      await db().updateTable("users").set({ role: "technician" }).where("role", "=", "owner").execute();
      const a = { id: 0, email: "a@example.com", name: "", role: "owner" as const };
      const b = { id: 0, email: "b@example.com", name: "", role: "owner" as const };
      a.id = await addStaff(db(), ownerUser, { email: a.email, role: "owner" });
      b.id = await addStaff(db(), ownerUser, { email: b.email, role: "owner" });
      const outcomes = await Promise.allSettled([changeStaffRole(db(), a, b.id, "technician"), removeStaff(db(), b, a.id)]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const refusal = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected")!;
      expect(refusal.reason).toMatchObject({ status: 409, message: STAFF_REFUSALS.lastOwner });
      const owners = await db().selectFrom("users").select("id").where("role", "=", "owner").execute();
      expect(owners).toHaveLength(1);
    } finally {
      process.env.ADMIN_EMAILS = saved;
      reloadEnv();
    }
  });
});

describe("the users table", () => {
  it("shows an ADMIN_EMAILS address as an owner, and roles are read-only there (the staff page sets them)", async () => {
    const list = (await (await call(owner, `/api/tables/users?email_contains=${OWNER}`)).json()) as { rows: { email: string; role: string }[] };
    expect(list.rows).toEqual([expect.objectContaining({ email: OWNER, role: "owner" })]);
    const csv = await (await call(owner, "/api/tables/users/export")).text();
    const header = csv.split("\r\n")[0]!.split(",");
    expect(csv.split("\r\n").find((line) => line.includes(OWNER))!.split(",")[header.indexOf("role")]).toBe("owner");
    // Nobody deletes their own row.
    const own = await app.fetch(`/api/tables/users/${ownerUser.id}`, { method: "DELETE", headers: { cookie: owner } });
    expect(own.status).toBe(409);
  });
});

describe("no overlap per person (docs/decisions/0115)", () => {
  it("books two technicians at the same hour at once, but one person only once of ten concurrent bookings", async () => {
    const day = businessDay(33);
    const [one, two] = [await idOf(TECH), await idOf(OTHER_TECH)];
    const both = await Promise.allSettled([bookFor(one, "13:00", day), bookFor(two, "13:00", day)]);
    expect(both.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);

    const tries = await Promise.allSettled(Array.from({ length: 10 }, () => bookFor(one, "15:30", day)));
    expect(tries.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of tries.filter((t): t is PromiseRejectedResult => t.status === "rejected")) expect(o.reason).toMatchObject({ status: 409 });
    // Assigned To: moving the second technician's 13:00 job to the first, who is busy then, is refused; to someone free, allowed.
    const secondJob = (both[1] as PromiseFulfilledResult<{ id: number }>).value.id;
    await expect(assignJob(db(), secondJob, one, ownerUser)).rejects.toMatchObject({ status: 409 });
    // Nobody without a role takes jobs (the owner here is one through ADMIN_EMAILS only, with nothing stored).
    await expect(assignJob(db(), secondJob, ownerUser.id, ownerUser)).rejects.toMatchObject({ status: 400 });
  });

  it("offers a time while one person is free then, and the booking goes to that person", async () => {
    const { freeTimes, freeWorkers } = await import("~/server/jobs/free-times.server");
    const { sql } = await import("kysely");
    // A Tuesday, a working day.
    const { addDays } = await import("~/lib/time-zone");
    const day = addDays(weekMondayOf(businessDay(44)), 1);
    const busyOne = await bookFor(await idOf(TECH), "10:00", day);
    const range = sql<string>`tstzrange(${busyOne.startsAt}::timestamptz, ${busyOne.endsAt}::timestamptz, '[)')`;
    const [free] = await freeWorkers(db(), range, busyOne.startsAt);
    expect(free).not.toBe(await idOf(TECH));
    expect(free).not.toBeNull();
    const offered = await freeTimes(db(), 120, new Date(busyOne.startsAt.getTime() - 13 * 3_600_000));
    expect(offered.some((t) => t.getTime() === busyOne.startsAt.getTime())).toBe(true);
  });
});
