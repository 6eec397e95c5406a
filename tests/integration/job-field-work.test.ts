import sharp from "sharp";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { CONSENT_MESSAGE, NOT_FIELD_WORK_TIME } from "~/lib/field-work";
import { parseJobForm } from "~/lib/job-input";
import { eraseCustomer } from "~/server/customers/customer-erase.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { CHECKLIST_CHANGED } from "~/server/field-work/checklist.server";
import { NO_PHOTO, saveJobPhotos } from "~/server/field-work/job-photos.server";
import { getJob } from "~/server/jobs/job-records.server";
import { storeUploadBytes } from "~/server/uploads/upload.server";
import { getTable } from "~/server/tables/registry.server";
import { deleteRow, restoreRow } from "~/server/tables/rows.server";
import { NOT_AN_IMAGE } from "~/server/images.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { markDone } from "~/server/jobs/job-status-changes.server";
import { loadPriceBook } from "~/server/price-book/price-book.server";
import type { SessionUser } from "~/server/session.server";
import { saveSettings } from "~/server/settings.server";
import { sweepOrphanUploads } from "~/server/uploads/orphans.server";
import { uploadStorage } from "~/server/uploads/storage.server";
import { migrations } from "../../db/migrations";
import { seedContent } from "../../db/seed";
import { packages as seededPackages } from "../../db/seed-content/price-book";
import { businessDay, insertJobLead, jobForm } from "../helpers/jobs";
import { metadataLeft, privatePhoto } from "../helpers/private-photo";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 36's checklist and before and after photos (docs/decisions/0138,
// 0139) through the routes, in this process: the price book's Checklist, a
// job's copy of its package's steps ticked with who and when, photos stored
// without their location, idempotency keys (a replay, two posts at once),
// the assigned technician only, only between Start Job and Finish Job (a
// replay answers as the first post did even after), the customer's page once
// the job is done, and Publish to Gallery with the customer's consent. On
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
const OWNER = "owner@shine.example";
const TECH = "tech@shine.example";
const OTHER_TECH = "other.tech@shine.example";
const ZONE = "America/Detroit";
const database = useTestDatabase({ ADMIN_EMAILS: OWNER, QUOTE_NOTIFY_EMAIL: OWNER, SMTP_URL: undefined, BUSINESS_TIME_ZONE: ZONE });
const db = () => database.db;

let owner: string;
let tech: string;
let otherTech: string;
let techId: number;
let ownerUser: SessionUser;
let ip = 0;
let keys = 0;
const context = () => routeContext(db(), { clientIp: `203.0.113.${(++ip % 250) + 1}` });
const newKey = () => `test-key-${process.pid}-${++keys}-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  await seedContent(db());
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0" }, OWNER);
  owner = await sessionCookieFor(db(), OWNER);
  tech = await sessionCookieFor(db(), TECH, { role: "technician" });
  otherTech = await sessionCookieFor(db(), OTHER_TECH, { role: "technician" });
  techId = (await db().selectFrom("users").select("id").where("email", "=", TECH).executeTakeFirstOrThrow()).id;
  const ownerId = (await db().selectFrom("users").select("id").where("email", "=", OWNER).executeTakeFirstOrThrow()).id;
  ownerUser = { id: ownerId, email: OWNER, name: "", role: "owner" };
});

const get = (path: string, cookie?: string) => callRoute(new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }), context());
const post = (path: string, fields: Record<string, string | string[]>, cookie = owner) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return callRoute(new Request(`http://localhost${path}`, { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }), context());
};
/** A photos form as a browser posts it: the hidden fields first, then the files. */
const postPhotos = (jobId: number, fields: Record<string, string>, files: { bytes: Buffer; name: string; type?: string }[], cookie = owner) => {
  const body = new FormData();
  for (const [name, value] of Object.entries({ intent: "photos", ...fields })) body.append(name, value);
  for (const f of files) body.append("photos", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }), f.name);
  return callRoute(new Request(`http://localhost/admin/jobs/${jobId}`, { method: "POST", body, headers: { cookie } }), context());
};

interface Page {
  fieldWork: {
    open: boolean;
    checklist: { steps: { position: number; step: string; done: { by: string; at: { iso: string } } | null }[]; packages: { id: number; name: string }[]; key: string };
    photos: { id: number; kind: string; url: string; thumb: string; takenBy: string }[];
    keys: { before: string; after: string };
    gallery: { pairs: { galleryId: number | null; consentBy: string }[] } | null;
  };
}
async function jobPage(jobId: number, cookie = owner): Promise<Page> {
  const res = await get(`/admin/jobs/${jobId}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

/** Start Job, as the job's page posts it: its field work is taken from now until Finish Job. */
async function started(jobId: number): Promise<number> {
  expect((await post(`/admin/jobs/${jobId}`, { intent: "start" })).status).toBe(303);
  return jobId;
}

/** A job the owner schedules from a lead (no package), assigned to `assignedTo`, and started. */
async function ownersJob(assignedTo: number | undefined, days: number, lead?: { id: number }) {
  lead ??= await insertJobLead(db());
  const parsed = parseJobForm(jobForm(businessDay(days), "09:00"), businessDay(0), ZONE);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const job = await scheduleJob(db(), { from: await leadOrigin(db(), lead.id), input: parsed.input, actor: OWNER, origin: "http://localhost", assignedTo });
  return started(job.id);
}

/** A Full Detail for a car in Grand Rapids, booked on /book at the first time offered. */
async function bookedOnline(email: string): Promise<number> {
  const book = await loadPriceBook(db());
  const q = new URLSearchParams([
    ["vehicle", String(book.classes.find((c) => c.name === "Car or Coupe")!.id)],
    ["boatFeet", ""],
    ["package", String(book.packages.find((p) => p.name === "Full Detail")!.id)],
    ["condition", "light"],
    ["zip", "49503"],
  ]);
  const page = (await (await callRoute(new Request(`http://localhost/book?${q}`), context())).json()) as { page: any };
  const start = page.page.booking.days.flatMap((d: { times: { value: string }[] }) => d.times.map((t) => t.value))[0] as string;
  const res = await callRoute(
    new Request(`http://localhost/book?${q}`, {
      method: "POST",
      body: new URLSearchParams({ start, name: "Dana Booker", email, phone: "(616) 555-0188", address: "45 Lake Dr, Grand Rapids, MI" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    }),
    context(),
  );
  expect(res.status, await res.clone().text()).toBe(303);
  const token = res.headers.get("location")!.split("/")[2]!.split("?")[0]!;
  return (await db().selectFrom("jobs").select("id").where("token", "=", token).executeTakeFirstOrThrow()).id;
}

describe("the price book's Checklist", () => {
  it("is seeded for the seeded packages, saved one step a line, and refused clearly past its limits", async () => {
    const seeded = await loadPriceBook(db());
    expect(seeded.packages.find((p) => p.name === "Full Detail")!.checklist).toContain("Final walk-around with the customer");
    expect(seeded.packages.every((p) => p.checklist.length >= 5)).toBe(true);

    const fields = (checklist: string) => ({ intent: "package", id: "", name: `Headliner ${++keys}`, description: "", checklist });
    const saved = await post("/admin/price-book", fields("  Vacuum the headliner \r\n\r\nSteam   the stains\nDry with a towel\n"));
    expect(saved.status).toBe(303);
    const book = await loadPriceBook(db());
    expect(book.packages.at(-1)!.checklist).toEqual(["Vacuum the headliner", "Steam the stains", "Dry with a towel"]);

    const refused = async (checklist: string, message: RegExp) => {
      const res = await post("/admin/price-book", fields(checklist));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string>; values: Record<string, string> };
      expect(body.fields.checklist).toMatch(message);
      expect(body.values.checklist).toBe(checklist);
    };
    await refused(Array.from({ length: 31 }, (_, i) => `Step ${i + 1}`).join("\n"), /^Checklist can have at most 30 steps, one a line; this one has 31\.$/);
    await refused(`Rinse\n${"x".repeat(121)}`, /^Each step of the Checklist can be at most 120 characters: step 2 has 121\.$/);
    await refused("Rinse\nWax\nrinse", /^Checklist has the step “rinse” twice/);
    // The database holds the limits too.
    await expect(sql`UPDATE packages SET checklist = array_fill('x'::text, ARRAY[31]) WHERE id = ${book.packages[0]!.id}`.execute(db())).rejects.toThrow(/packages_checklist_check/);
    await expect(sql`UPDATE packages SET checklist = ARRAY[repeat('x', 121)] WHERE id = ${book.packages[0]!.id}`.execute(db())).rejects.toThrow(/packages_checklist_check/);
  });
});

describe("the migration, on a database made before it", () => {
  it("gives the seeded packages their steps, and the live jobs booked online their package's", async () => {
    const jobId = await bookedOnline("dana.migrated@example.com");
    const migration = migrations["2026-12-01-30-job-field-work"]!;
    // As it was before: no steps anywhere (down drops them), then the migration runs.
    await db().transaction().execute(async (trx) => {
      await migration.down!(trx);
      await migration.up(trx);
    });
    const book = await loadPriceBook(db());
    const full = book.packages.find((p) => p.name === "Full Detail")!;
    expect(full.checklist).toContain("Final walk-around with the customer");
    const steps = await db().selectFrom("job_checklist_steps").select("step").where("job_id", "=", jobId).orderBy("position").execute();
    expect(steps.map((s) => s.step)).toEqual(full.checklist);
    // The seed's steps and the migration's are the same.
    expect(Object.fromEntries(book.packages.filter((p) => seededPackages.some((s) => s.name === p.name)).map((p) => [p.name, p.checklist]))).toEqual(
      Object.fromEntries(seededPackages.map((p) => [p.name, p.checklist])),
    );
    // Its time is free again for the next booking.
    await db().updateTable("jobs").set({ status: "cancelled", cancelled_by: "owner", cancelled_at: new Date() }).where("id", "=", jobId).execute();
  });
});

describe("a job's checklist", () => {
  it("is the package's steps as booked online, ticked with who and when by Save Checklist; a replayed key changes nothing", async () => {
    const jobId = await bookedOnline("dana.checklist@example.com");
    await db().updateTable("jobs").set({ assigned_to: techId }).where("id", "=", jobId).execute();
    // Booked, not started: the page shows the steps but offers no form, and a post is refused with nothing stored.
    const before = await jobPage(jobId, tech);
    expect(before.fieldWork.open).toBe(false);
    expect(before.fieldWork.checklist.steps.length).toBeGreaterThan(0);
    const early = await post(`/admin/jobs/${jobId}`, { intent: "checklist", key: newKey(), step: before.fieldWork.checklist.steps[0]!.step, done: before.fieldWork.checklist.steps[0]!.step }, tech);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toBe(NOT_FIELD_WORK_TIME);
    expect(await db().selectFrom("job_work_posts").select("id").where("job_id", "=", jobId).execute()).toEqual([]);
    await started(jobId);
    const book = await loadPriceBook(db());
    const full = book.packages.find((p) => p.name === "Full Detail")!;
    const page = await jobPage(jobId, tech);
    expect(page.fieldWork.open).toBe(true);
    const steps = page.fieldWork.checklist.steps.map((s) => s.step);
    expect(steps).toEqual(full.checklist);

    // The book changed later: the job keeps its own copy.
    await sql`UPDATE packages SET checklist = ARRAY['Something else'] WHERE id = ${full.id}`.execute(db());
    expect((await jobPage(jobId, tech)).fieldWork.checklist.steps.map((s) => s.step)).toEqual(steps);
    await sql`UPDATE packages SET checklist = ${full.checklist}::text[] WHERE id = ${full.id}`.execute(db());

    // Save Checklist: every step named, the first two ticked.
    const first = newKey();
    const saved = await post(`/admin/jobs/${jobId}`, { intent: "checklist", key: first, step: steps, done: steps.slice(0, 2) }, tech);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/admin/jobs/${jobId}?done=checklist#checklist`);
    let shown = (await jobPage(jobId)).fieldWork.checklist.steps;
    expect(shown[0]!.done).toMatchObject({ by: TECH, at: { iso: expect.stringMatching(/^\d{4}-/) } });
    expect(shown[1]!.done?.by).toBe(TECH);
    expect(shown.slice(2).every((s) => s.done === null)).toBe(true);

    // The owner's Save Checklist on the page opened after it: the second unticked, the fifth ticked, the first kept as the technician ticked it.
    const again = await post(`/admin/jobs/${jobId}`, { intent: "checklist", key: newKey(), step: steps, done: [steps[0]!, steps[4]!] });
    expect(again.status).toBe(303);
    shown = (await jobPage(jobId)).fieldWork.checklist.steps;
    expect(shown.map((s) => s.done?.by ?? null)).toEqual(steps.map((_, i) => (i === 0 ? TECH : i === 4 ? OWNER : null)));

    // The first post again (the phone's queue replaying it): stored once, answered the same, the later untick and tick stand.
    const replay = await post(`/admin/jobs/${jobId}`, { intent: "checklist", key: first, step: steps, done: steps.slice(0, 2) }, tech);
    expect(replay.status).toBe(303);
    expect((await jobPage(jobId)).fieldWork.checklist.steps.map((s) => s.done?.by ?? null)).toEqual(steps.map((_, i) => (i === 0 ? TECH : i === 4 ? OWNER : null)));
    expect(await db().selectFrom("job_work_posts").select("client_key").where("client_key", "=", first).execute()).toHaveLength(1);

    // A step the job does not have: nothing stored, and the message says to reload.
    const changed = await post(`/admin/jobs/${jobId}`, { intent: "checklist", key: newKey(), step: ["Not a step"], done: ["Not a step"] }, tech);
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { error: string }).error).toBe(CHECKLIST_CHANGED);
    // No key: refused.
    expect((await post(`/admin/jobs/${jobId}`, { intent: "checklist", step: steps[2]!, done: steps[2]! }, tech)).status).toBe(400);

    // Another technician: 403, nothing stored.
    const other = await post(`/admin/jobs/${jobId}`, { intent: "checklist", key: newKey(), step: steps[2]!, done: steps[2]! }, otherTech);
    expect(other.status).toBe(403);
    expect((await jobPage(jobId)).fieldWork.checklist.steps[2]!.done).toBeNull();
  });

  it("is missing on a job without a package, which says so and takes a package's steps by Use This Checklist", async () => {
    const jobId = await ownersJob(techId, 40);
    const page = await jobPage(jobId, tech);
    expect(page.fieldWork.checklist.steps).toEqual([]);
    const wash = page.fieldWork.checklist.packages.find((p) => p.name === "Exterior Wash & Wax")!;
    expect(wash).toBeDefined();
    const used = await post(`/admin/jobs/${jobId}`, { intent: "checklist_package", key: newKey(), package: String(wash.id) }, tech);
    expect(used.status).toBe(303);
    const book = await loadPriceBook(db());
    expect((await jobPage(jobId, tech)).fieldWork.checklist.steps.map((s) => s.step)).toEqual(book.packages.find((p) => p.id === wash.id)!.checklist);
  });
});

describe("before and after photos", () => {
  it("are stored without their location, shown with who took them; a non-image is refused by name; a key posted twice at once stores once; another technician is refused", async () => {
    const jobId = await ownersJob(techId, 41);
    const photo = await privatePhoto("jpeg", { width: 800, height: 600 });
    const key = newKey();

    // The same post twice at once (a double press, the queue replaying while the first is still on its way).
    const [a, b] = await Promise.all([
      postPhotos(jobId, { key, kind: "before" }, [{ bytes: photo, name: "IMG_0001.jpg" }, { bytes: photo, name: "IMG_0002.jpg" }], tech),
      postPhotos(jobId, { key, kind: "before" }, [{ bytes: photo, name: "IMG_0001.jpg" }, { bytes: photo, name: "IMG_0002.jpg" }], tech),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("location")).toBe(`/admin/jobs/${jobId}?done=photos#photos`);
    const rows = await db().selectFrom("job_photos").selectAll().where("job_id", "=", jobId).execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.client_key === key && r.kind === "before" && r.taken_by === TECH && r.taken_by_id === techId)).toBe(true);
    // And once more later: nothing new.
    expect((await postPhotos(jobId, { key, kind: "before" }, [{ bytes: photo, name: "IMG_0001.jpg" }], tech)).status).toBe(303);
    expect(await db().selectFrom("job_photos").select("id").where("job_id", "=", jobId).execute()).toHaveLength(2);

    // Stored without the location or the owner's name, its copies too; the losing post's files are gone.
    const storage = uploadStorage();
    for (const row of rows) {
      const file = await storage.get(row.upload_name);
      const bytes = Buffer.from(await new Response(file!.body).arrayBuffer());
      expect(await metadataLeft(bytes)).toEqual([]);
      expect((await sharp(bytes).metadata()).width).toBe(800);
    }
    const page = await jobPage(jobId, tech);
    expect(page.fieldWork.photos.map((p) => [p.kind, p.takenBy])).toEqual([
      ["before", TECH],
      ["before", TECH],
    ]);
    expect(page.fieldWork.photos[0]!.thumb).toMatch(/^\/uploads\/[A-Za-z0-9_-]{32}-\d+w\.webp$/);
    const thumb = await get(page.fieldWork.photos[0]!.thumb);
    expect(thumb.status).toBe(200);
    expect(await metadataLeft(Buffer.from(await thumb.arrayBuffer()))).toEqual([]);
    const stored = new Set<string>();
    for await (const name of storage.list()) stored.add(name.slice(0, 32));
    const ours = new Set(rows.map((r) => r.upload_name.slice(0, 32)));
    const uploads = await db().selectFrom("uploads").select("name").execute();
    // Every stored file of an upload row; the second post's files were removed, not left for the clean-up.
    expect([...stored].filter((base) => !uploads.some((u) => u.name.startsWith(base)))).toEqual([]);
    expect([...ours].every((base) => stored.has(base))).toBe(true);

    // A PDF among the photos: refused, named, nothing of the post stored.
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const refused = await postPhotos(jobId, { key: newKey(), kind: "after" }, [{ bytes: photo, name: "after.jpg" }, { bytes: pdf, name: "invoice.pdf", type: "application/pdf" }], tech);
    expect(refused.status).toBe(415);
    const failure = (await refused.json()) as { intent: string; typed: Record<string, string>; fields: Record<string, string> };
    expect(failure).toMatchObject({ intent: "photos", typed: { kind: "after" } });
    expect(failure.fields.photos).toBe(`invoice.pdf: ${NOT_AN_IMAGE}`);
    expect(await db().selectFrom("job_photos").select("id").where("job_id", "=", jobId).where("kind", "=", "after").execute()).toEqual([]);
    // No photo chosen.
    const none = await postPhotos(jobId, { key: newKey(), kind: "after" }, [], tech);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { fields: Record<string, string> }).fields.photos).toBe(NO_PHOTO);

    // Another technician's post: 403 before anything is read or stored.
    const other = await postPhotos(jobId, { key: newKey(), kind: "after" }, [{ bytes: photo, name: "x.jpg" }], otherTech);
    expect(other.status).toBe(403);
    expect(await db().selectFrom("job_photos").select("id").where("job_id", "=", jobId).execute()).toHaveLength(2);

    // Two saves of one key at once, below the route: the database lets one through, the other's files are removed.
    const job = await getJob(db(), jobId);
    const twin = newKey();
    const techUser: SessionUser = { id: techId, email: TECH, name: "", role: "technician" };
    const stores = await Promise.all([0, 1].map(() => storeUploadBytes(photo, "same.jpg", "image")));
    await Promise.all(stores.map((file) => saveJobPhotos(db(), job, techUser, { key: twin, kind: "after" }, { photos: [file] })));
    const twins = await db().selectFrom("job_photos").select("upload_name").where("client_key", "=", twin).execute();
    expect(twins).toHaveLength(1);
    const loser = stores.find((file) => file.name !== twins[0]!.upload_name)!;
    expect(await storage.get(loser.name)).toBeFalsy();
    await db().deleteFrom("job_photos").where("client_key", "=", twin).execute();

    // The clean-up of unreferenced uploads, a day later, leaves them.
    const sweep = await sweepOrphanUploads(db(), { now: new Date(Date.now() + 72 * 3_600_000) });
    expect(sweep.removed.filter((name) => ours.has(name.slice(0, 32)))).toEqual([]);
  });

  it("show on the customer's appointment page only once the job is done", async () => {
    const jobId = await ownersJob(undefined, 42);
    const photo = await privatePhoto("jpeg", { width: 640, height: 480 });
    expect((await postPhotos(jobId, { key: newKey(), kind: "before" }, [{ bytes: photo, name: "before.jpg" }])).status).toBe(303);
    const afterKey = newKey();
    expect((await postPhotos(jobId, { key: afterKey, kind: "after" }, [{ bytes: photo, name: "after.jpg" }])).status).toBe(303);
    const { token } = await db().selectFrom("jobs").select("token").where("id", "=", jobId).executeTakeFirstOrThrow();
    type Customer = { photos: { before: { url: string; thumb: string }[]; after: { url: string }[] } };
    const before = (await (await get(`/appointments/${token}`)).json()) as Customer;
    expect(before.photos).toEqual({ before: [], after: [] });

    await markDone(db(), jobId, OWNER);
    // Finished, a phone's queue replaying the after photos' post: answered as the first was, nothing more stored; a new post is refused.
    expect((await postPhotos(jobId, { key: afterKey, kind: "after" }, [{ bytes: photo, name: "after.jpg" }])).status).toBe(303);
    const late = await postPhotos(jobId, { key: newKey(), kind: "after" }, [{ bytes: photo, name: "late.jpg" }]);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toBe(NOT_FIELD_WORK_TIME);
    expect(await db().selectFrom("job_photos").select("id").where("job_id", "=", jobId).execute()).toHaveLength(2);
    const after = (await (await get(`/appointments/${token}`)).json()) as Customer;
    expect(after.photos.before).toHaveLength(1);
    expect(after.photos.after).toHaveLength(1);
    // Served to anyone with the link (no session), as an image, never as a page that runs script.
    const original = await get(after.photos.before[0]!.url);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(original.headers.get("content-security-policy")).toMatch(/sandbox/);
    // Done, the job's page shows what was done and offers no more uploads.
    expect((await jobPage(jobId)).fieldWork.open).toBe(false);
  });
});

describe("a lead in the trash", () => {
  it("takes its jobs' checklist, photos and keys along, keeps the files meanwhile, and a restore puts them all back", async () => {
    const lead = await insertJobLead(db());
    const jobId = await ownersJob(undefined, 44, lead);
    const book = await loadPriceBook(db());
    await post(`/admin/jobs/${jobId}`, { intent: "checklist_package", key: newKey(), package: String(book.packages[0]!.id) });
    const step = book.packages[0]!.checklist[0]!;
    expect((await post(`/admin/jobs/${jobId}`, { intent: "checklist", key: newKey(), step, done: step })).status).toBe(303);
    const photoKey = newKey();
    expect((await postPhotos(jobId, { key: photoKey, kind: "before" }, [{ bytes: await privatePhoto("jpeg"), name: "b.jpg" }])).status).toBe(303);
    const snapshot = async () => ({
      steps: await db().selectFrom("job_checklist_steps").select(["step", "done_by"]).where("job_id", "=", jobId).orderBy("position").execute(),
      photos: await db().selectFrom("job_photos").select(["upload_name", "client_key"]).where("job_id", "=", jobId).execute(),
      keys: await db().selectFrom("job_work_posts").select("client_key").where("job_id", "=", jobId).orderBy("id").execute(),
    });
    const was = await snapshot();
    expect(was.photos).toHaveLength(1);

    const leads = getTable("quote_requests")!;
    await deleteRow(db(), leads, String(lead.id), ownerUser);
    expect(await snapshot()).toEqual({ steps: [], photos: [], keys: [] });
    const sweep = await sweepOrphanUploads(db(), { now: new Date(Date.now() + 72 * 3_600_000) });
    expect(sweep.removed.filter((name) => name.startsWith(was.photos[0]!.upload_name.slice(0, 32)))).toEqual([]);

    await restoreRow(db(), leads, String(lead.id), ownerUser);
    expect(await snapshot()).toEqual(was);
    // The key is known again: its replay stores nothing.
    expect((await postPhotos(jobId, { key: photoKey, kind: "before" }, [{ bytes: await privatePhoto("jpeg"), name: "b.jpg" }])).status).toBe(303);
    expect((await snapshot()).photos).toHaveLength(1);
  });
});

describe("Publish to Gallery", () => {
  it("needs the customer's consent, is the owner's, and makes a published pair that /gallery shows from the same uploads", async () => {
    const jobId = await ownersJob(techId, 43);
    const photo = await privatePhoto("jpeg", { width: 960, height: 720 });
    await postPhotos(jobId, { key: newKey(), kind: "before" }, [{ bytes: photo, name: "b.jpg" }], tech);
    await postPhotos(jobId, { key: newKey(), kind: "after" }, [{ bytes: photo, name: "a.jpg" }], tech);
    const [before, after] = (await jobPage(jobId)).fieldWork.photos;
    const fields = { intent: "publish_photos", before: String(before!.id), after: String(after!.id), caption: "Full Detail, SUV", kind: "car" };
    const galleryCount = async () => (await db().selectFrom("gallery").select("id").execute()).length;
    const count = await galleryCount();

    const noConsent = await post(`/admin/jobs/${jobId}`, fields);
    expect(noConsent.status).toBe(400);
    expect(((await noConsent.json()) as { fields: Record<string, string> }).fields.consent).toBe(CONSENT_MESSAGE);
    expect((await post(`/admin/jobs/${jobId}`, { ...fields, consent: "yes" }, tech)).status).toBe(403);
    expect(await galleryCount()).toBe(count);

    const published = await post(`/admin/jobs/${jobId}`, { ...fields, consent: "yes" });
    expect(published.status).toBe(303);
    expect(published.headers.get("location")).toBe(`/admin/jobs/${jobId}?done=gallery#photos`);
    const pair = await db().selectFrom("gallery").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(pair).toMatchObject({ before_image: before!.url, after_image: after!.url, caption: "Full Detail, SUV", kind: "car", customer_consent: true, published: true });
    const consent = await db().selectFrom("job_gallery_pairs").selectAll().where("job_id", "=", jobId).executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ gallery_id: pair.id, consent_by: OWNER, before_photo_id: before!.id, after_photo_id: after!.id });
    expect((await jobPage(jobId)).fieldWork.gallery!.pairs).toEqual([expect.objectContaining({ galleryId: pair.id, consentBy: OWNER })]);
    // Made as the dashboard makes a row: its history says who.
    const history = await db().selectFrom("row_history").select(["actor"]).where("table_name", "=", "gallery").where("row_id", "=", String(pair.id) as never).execute();
    expect(history.map((h) => h.actor)).toEqual([OWNER]);

    // The public gallery shows it, with the copies made at upload.
    const gallery = (await (await get("/gallery")).json()) as { pairs: { id: number; before: { src: string; widths: number[] } }[] };
    const shown = gallery.pairs.find((p) => p.id === pair.id)!;
    expect(shown.before.src).toBe(before!.url);
    expect(shown.before.widths.length).toBeGreaterThan(0);
    // Twice: refused.
    expect((await post(`/admin/jobs/${jobId}`, { ...fields, consent: "yes" })).status).toBe(409);

    // Erasing the customer takes the photos off the site and out of storage.
    const { customer_id } = await db().selectFrom("jobs").select("customer_id").where("id", "=", jobId).executeTakeFirstOrThrow();
    // Their data on request has the photos, and who took them.
    const exported = JSON.parse(await (await get(`/admin/customers/${customer_id}/export`, owner)).text());
    const exportedJob = exported.jobs.find((j: { id: number }) => j.id === jobId);
    expect(exportedJob.photos.map((p: { kind: string; takenBy: string; url: string }) => [p.kind, p.takenBy, p.url.endsWith(before!.url) || p.url.endsWith(after!.url)])).toEqual([
      ["before", TECH, true],
      ["after", TECH, true],
    ]);
    const erased = await eraseCustomer(db(), customer_id, ownerUser);
    expect(erased.photos).toBe(2);
    expect(await db().selectFrom("gallery").select("id").where("id", "=", pair.id).execute()).toEqual([]);
    expect(await db().selectFrom("job_photos").select("id").where("job_id", "=", jobId).execute()).toEqual([]);
    expect(await uploadStorage().get(before!.url.slice("/uploads/".length))).toBeFalsy();
  });
});
