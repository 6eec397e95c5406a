import { createHash, randomUUID } from "node:crypto";
import { PDFParse } from "pdf-parse";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { CONDITION_MESSAGES } from "~/lib/condition-report";
import { NOT_AN_IMAGE } from "~/server/images.server";
import { stopBackgroundJobs } from "~/server/background.server";
import { eraseCustomer } from "~/server/customers/customer-erase.server";
import { reloadEnv } from "~/server/env.server";
import { CONDITION_SAVED } from "~/server/jobs/condition-report.server";
import type { Job } from "~/server/jobs/job-records.server";
import { saveSettings } from "~/server/settings.server";
import { sweepOrphanUploads } from "~/server/uploads/orphans.server";
import { COPY_NAME, STORED_NAME } from "~/server/uploads/storage-contract.server";
import { uploadStorage } from "~/server/uploads/storage.server";
import { minutesFromNow, scheduleAt } from "../helpers/appointments";
import { PRIVATE_TEXTS, privatePhoto } from "../helpers/private-photo";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 36, the condition report (docs/decisions/0136), through the job
// page's own route as a phone posts it (multipart, photos and the drawn
// signature): the PDF e-mailed through a real SMTP server and read back, its
// SHA-256 stored beside its bytes, the same key replayed (twice at once)
// storing and sending once, the roles, the refusals on their fields with
// nothing stored, the customer's page and PDF, and the files kept through the
// orphan clean-up.
const OWNER = "owner@shine.example";
const TECH = "tech@shine.example";
const OTHER_TECH = "other-tech@shine.example";
const ORIGIN = "https://shine.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: OWNER, APP_URL: ORIGIN, MAIL_FROM: "Shine On Wheels <info@shine.example>" });
const db = () => database.db;
let ip = 0;
const context = () => routeContext(db(), { clientIp: `203.0.113.${++ip}` });
const DAY = 24 * 60;

let mailbox: SmtpSink;
let owner: string;
let tech: string;
let otherTech: string;
let techId: number;
beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: OWNER }, OWNER);
  owner = await sessionCookieFor(db(), OWNER, { admin: true });
  tech = await sessionCookieFor(db(), TECH, { role: "technician" });
  otherTech = await sessionCookieFor(db(), OTHER_TECH, { role: "technician" });
  techId = (await db().selectFrom("users").select("id").where("email", "=", TECH).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await stopBackgroundJobs();
  await mailbox?.stop();
});

// Each job its own day, so none overlaps another.
let day = 3;
let n = 0;
async function newJob(options: { boat?: boolean } = {}): Promise<Job> {
  const job = await scheduleAt(db(), minutesFromNow((day += 1) * DAY), { email: `condition${++n}-${process.pid}@example.com`, origin: ORIGIN });
  // Started (Start Job): the field work is saved between Start Job and Finish Job (showsFieldWork).
  await db().updateTable("jobs").set({ assigned_to: techId, status: "in_progress", started_at: new Date() }).where("id", "=", job.id).execute();
  if (options.boat) {
    const boat = await db()
      .insertInto("vehicles")
      .values({ customer_id: job.customerId, kind: "Boat", make: "Bayliner", model: "Element", color: "White" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().updateTable("jobs").set({ vehicle_id: boat.id }).where("id", "=", job.id).execute();
  }
  return job;
}

const PNG_SIGNATURE = sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
  .composite([{ input: Buffer.from('<svg width="600" height="200"><path d="M20 150 C 120 20, 220 180, 580 40" stroke="#0f172a" stroke-width="6" fill="none"/></svg>') }])
  .png()
  .toBuffer()
  .then((png) => `data:image/png;base64,${png.toString("base64")}`);

interface Post {
  key?: string;
  notes?: Record<string, string>;
  signedName?: string;
  agreed?: boolean;
  signature?: string;
  photos?: { name: string; bytes: Buffer; type?: string }[];
}

/** The form as the job page posts it: multipart, the hidden fields first, the photos after the notes. */
function conditionForm(post: Post): FormData {
  const form = new FormData();
  form.append("intent", "condition_report");
  form.append("key", post.key ?? randomUUID());
  for (const [field, note] of Object.entries(post.notes ?? {})) form.append(field, note);
  for (const photo of post.photos ?? []) form.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? "image/jpeg" }), photo.name);
  form.append("signature", post.signature ?? "");
  form.append("signed_name", post.signedName ?? "Jane Customer");
  if (post.agreed ?? true) form.append("agreed", "yes");
  return form;
}

const postReport = (jobId: number, post: Post, cookie = owner) =>
  callRoute(new Request(`${ORIGIN}/admin/jobs/${jobId}`, { method: "POST", body: conditionForm(post), headers: { cookie } }), context());
const get = (path: string, cookie?: string) => callRoute(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }), context());
const reportsOf = (jobId: number) => db().selectFrom("condition_reports").selectAll().where("job_id", "=", jobId).orderBy("id").execute();
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const pdfText = async (bytes: Uint8Array) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
const mailsFor = (job: Job) => db().selectFrom("email_outbox").select(["id", "subject"]).where("to_address", "=", job.customer.email).where("kind", "=", "job_condition_report").execute();

/** The stored files whose upload no row refers to: none once a post is stored or refused. */
async function unreferencedFiles(): Promise<string[]> {
  const referred = new Set((await db().selectFrom("uploads").select("name").where("unreferenced_since", "is", null).execute()).map((r) => r.name.slice(0, 32)));
  const files: string[] = [];
  for await (const name of uploadStorage().list()) if ((STORED_NAME.test(name) || COPY_NAME.test(name)) && !referred.has(name.slice(0, 32))) files.push(name);
  return files;
}

async function fileBytes(name: string): Promise<Buffer> {
  const file = await uploadStorage().get(name);
  if (!file) throw new Error(`${name} is not stored`);
  return Buffer.from(await new Response(file.body).arrayBuffer());
}

function attachmentOf(mail: ReceivedMail) {
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  if (!pdf) throw new Error(`No PDF attached to "${mail.subject}"`);
  return pdf;
}

describe("Save Condition Report", () => {
  it("stores the notes, photos without their location and the drawn signature; e-mails the PDF, whose SHA-256 is stored with its bytes", async () => {
    const job = await newJob();
    const before = await unreferencedFiles();
    const key = randomUUID();
    const res = await postReport(job.id, {
      key,
      notes: { note_front: "Chip in the windshield, passenger side", note_left_side: "Scratch on the rear door, 4 in.", note_interior: "Coffee stain on the driver's seat" },
      photos: [
        { name: "front.jpg", bytes: await privatePhoto("jpeg", { width: 1600, height: 1200 }) },
        { name: "door.png", bytes: await privatePhoto("png"), type: "image/png" },
      ],
      signature: await PNG_SIGNATURE,
      signedName: "Jane Q. Customer",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/jobs/${job.id}?done=condition_report`);

    const [report, ...more] = await reportsOf(job.id);
    expect(more).toEqual([]);
    expect(report).toMatchObject({
      client_key: key,
      vehicle_kind: "car",
      signed_name: "Jane Q. Customer",
      agreed: true,
      created_by: OWNER,
      areas: { Front: "Chip in the windshield, passenger side", Rear: "", "Left Side": "Scratch on the rear door, 4 in.", "Right Side": "", Roof: "", Interior: "Coffee stain on the driver's seat" },
    });
    expect(report!.created_by_id).toBeTypeOf("number");
    expect(report!.photos).toHaveLength(2);
    expect(report!.pdf_sha256).toBe(sha256(report!.pdf));

    // The photos: the customer's page shows them (not staff only), their files carry nothing of the person or the place.
    const uploads = await db().selectFrom("uploads").select(["name", "staff_only", "unreferenced_since"]).where("name", "in", [...report!.photos, report!.signature_upload!]).execute();
    expect(uploads.find((u) => u.name === report!.photos[0])).toMatchObject({ staff_only: false, unreferenced_since: null });
    expect(uploads.find((u) => u.name === report!.signature_upload)).toMatchObject({ staff_only: true, unreferenced_since: null });
    for (const name of report!.photos) {
      const text = (await fileBytes(name)).toString("latin1");
      for (const secret of PRIVATE_TEXTS) expect(text, `${name} holds ${secret}`).not.toContain(secret);
    }
    expect(report!.signature_upload).toMatch(/\.png$/);
    expect(await unreferencedFiles()).toEqual(before);

    // The e-mail: the PDF, the very bytes stored.
    const mail = await mailbox.waitFor((m) => m.to.includes(job.customer.email) && m.subject.startsWith("Condition report:"));
    expect(mail.subject).toBe(`Condition report: ${job.customer.vehicleType}`);
    expect(mail.text).toContain("Signed by: Jane Q. Customer");
    expect(mail.text).toContain(`${ORIGIN}/appointments/${job.token}`);
    const attached = attachmentOf(mail);
    expect(attached.filename).toMatch(/^condition-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(sha256(attached.content)).toBe(report!.pdf_sha256);
    const text = await pdfText(attached.content);
    for (const words of ["Condition Report", job.customer.name, "Chip in the windshield, passenger side", "Coffee stain on the driver's seat", "Right Side", "No note.", "Signed by Jane Q. Customer", "front.jpg", "door.png"]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain("typed name");

    // The job's page shows it, with its hash; the admin PDF is the stored bytes.
    const page = (await (await get(`/admin/jobs/${job.id}?done=condition_report`, owner)).json()) as {
      done: string;
      conditionReports: { key: string; latest: { id: number; sha256: string; signedName: string; photos: unknown[]; pdfHref: string }; earlier: unknown[] };
    };
    expect(page.done).toBe(CONDITION_SAVED);
    expect(page.conditionReports.key).not.toBe(key);
    expect(page.conditionReports.latest).toMatchObject({ id: report!.id, sha256: report!.pdf_sha256, signedName: "Jane Q. Customer" });
    expect(page.conditionReports.latest.photos).toHaveLength(2);
    const pdf = await get(page.conditionReports.latest.pdfHref, owner);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(sha256(new Uint8Array(await pdf.arrayBuffer()))).toBe(report!.pdf_sha256);
  });

  it("with the typed name only (no JavaScript), a boat's areas; a later report replaces what is shown, the earlier stays listed with its hash", async () => {
    const job = await newJob({ boat: true });
    const first = await postReport(job.id, { notes: { note_hull: "Oxidation along the waterline", note_canvas: "Torn seam, aft" }, signedName: "Bo Sailor" });
    expect(first.status).toBe(303);
    const [report] = await reportsOf(job.id);
    expect(report).toMatchObject({ vehicle_kind: "boat", signature_upload: null, photos: [], areas: { Hull: "Oxidation along the waterline", Deck: "", Cabin: "", Canvas: "Torn seam, aft" } });
    const mail = await mailbox.waitFor((m) => m.to.includes(job.customer.email) && m.subject.startsWith("Condition report:"));
    expect(mail.subject).toBe("Condition report: Bayliner Element (Boat, White)");
    const text = await pdfText(attachmentOf(mail).content);
    for (const words of ["Hull", "Oxidation along the waterline", "Canvas", "Signed by typed name: Bo Sailor", "No photos were taken."]) expect(text).toContain(words);
    expect(text).not.toContain("Front");

    expect((await postReport(job.id, { notes: { note_hull: "Oxidation, and a gouge near the bow" }, signedName: "Bo Sailor" })).status).toBe(303);
    const page = (await (await get(`/admin/jobs/${job.id}`, owner)).json()) as {
      conditionReports: { latest: { areas: { area: string; note: string }[] }; earlier: { id: number; sha256: string }[] };
    };
    expect(page.conditionReports.latest.areas[0]).toEqual({ area: "Hull", note: "Oxidation, and a gouge near the bow" });
    expect(page.conditionReports.earlier).toEqual([expect.objectContaining({ id: report!.id, sha256: report!.pdf_sha256 })]);
  });

  it("stores once and e-mails once for a key posted twice at once, and answers a third post of it the same", async () => {
    const job = await newJob();
    const before = await unreferencedFiles();
    const post = { key: randomUUID(), notes: { note_rear: "Dent above the plate" }, photos: [{ name: "rear.jpg", bytes: await privatePhoto("jpeg") }], signature: await PNG_SIGNATURE };
    const answers = await Promise.all([postReport(job.id, post), postReport(job.id, post)]);
    expect(answers.map((a) => [a.status, a.headers.get("location")])).toEqual([
      [303, `/admin/jobs/${job.id}?done=condition_report`],
      [303, `/admin/jobs/${job.id}?done=condition_report`],
    ]);
    const again = await postReport(job.id, post);
    expect([again.status, again.headers.get("location")]).toEqual([303, `/admin/jobs/${job.id}?done=condition_report`]);

    const reports = await reportsOf(job.id);
    expect(reports).toHaveLength(1);
    expect(await mailsFor(job)).toHaveLength(1);
    // The losing post's photo and signature files are gone again; the report's stay.
    expect(await unreferencedFiles()).toEqual(before);
    await mailbox.waitFor((m) => m.to.includes(job.customer.email) && m.subject.startsWith("Condition report:"));
  });

  it.runIf(process.env.TEST_DATABASE_URL)("on PostgreSQL: a post whose key another transaction is inserting waits for it, then stores and sends nothing (ON CONFLICT)", async () => {
    const job = await newJob();
    const before = await unreferencedFiles();
    const key = randomUUID();
    const pool = database.serverPool!;
    const first = await pool.connect();
    try {
      // The first post of the key, caught between its INSERT and its COMMIT.
      await first.query("BEGIN");
      await first.query(
        `INSERT INTO condition_reports (job_id, client_key, vehicle_kind, areas, signed_name, agreed, pdf, pdf_sha256, created_by)
         VALUES ($1, $2, 'car', '{}', 'First Post', true, '\\x00', $3, 'test')`,
        [job.id, key, "0".repeat(64)],
      );
      const second = postReport(job.id, { key, photos: [{ name: "again.jpg", bytes: await privatePhoto("jpeg") }], signature: await PNG_SIGNATURE });
      // The second post finds no saved key, stores its files, makes its PDF, and waits on the key's unique index.
      await expect
        .poll(async () => (await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into "condition_reports"%'`)).rows[0].n)
        .toBe(1);
      await first.query("COMMIT");
      const res = await second;
      expect([res.status, res.headers.get("location")]).toEqual([303, `/admin/jobs/${job.id}?done=condition_report`]);
    } finally {
      first.release();
    }
    expect((await reportsOf(job.id)).map((r) => r.signed_name)).toEqual(["First Post"]);
    expect(await mailsFor(job)).toEqual([]);
    expect(await unreferencedFiles()).toEqual(before);
  });

  it("is the owner's or the assigned technician's: another technician is refused (403) and nothing is stored", async () => {
    const job = await newJob();
    const refused = await postReport(job.id, { photos: [{ name: "x.jpg", bytes: await privatePhoto("jpeg") }] }, otherTech);
    expect(refused.status).toBe(403);
    expect(await reportsOf(job.id)).toEqual([]);
    expect((await get(`/admin/jobs/${job.id}`, otherTech)).status).toBe(403);

    const saved = await postReport(job.id, { notes: { note_roof: "Sap spots" } }, tech);
    expect(saved.status).toBe(303);
    const [report] = await reportsOf(job.id);
    expect(report!.created_by).toBe(TECH);
    const pdfHref = `/admin/jobs/${job.id}/condition-reports/${report!.id}/pdf`;
    expect((await get(pdfHref, tech)).status).toBe(200);
    expect((await get(pdfHref, otherTech)).status).toBe(403);
    expect((await get(`/admin/jobs/${job.id}/condition-reports/999999/pdf`, owner)).status).toBe(404);
  });

  it("refuses bad input with the message on its field, and stores nothing", async () => {
    const job = await newJob();
    const before = await unreferencedFiles();
    const photo = { name: "good.jpg", bytes: await privatePhoto("jpeg") };
    const cases: [Post, string, string | RegExp][] = [
      [{ notes: { note_front: "x".repeat(1001) } }, "note_front", "Front can be at most 1,000 characters."],
      [{ signedName: "   " }, "signed_name", CONDITION_MESSAGES.signedName],
      [{ agreed: false }, "agreed", CONDITION_MESSAGES.agreed],
      [{ photos: [photo, { name: "notes.jpg", bytes: Buffer.from("not a photo at all") }] }, "photos", `notes.jpg: ${NOT_AN_IMAGE}`],
      [{ photos: Array.from({ length: 13 }, () => photo) }, "photos", CONDITION_MESSAGES.tooManyPhotos],
      [{ signature: "data:image/png;base64,bm90IGEgcG5n" }, "signature", CONDITION_MESSAGES.signature],
      [{ key: "short" }, "key", CONDITION_MESSAGES.key],
    ];
    for (const [post, field, message] of cases) {
      const res = await postReport(job.id, { photos: [photo], ...post, notes: { note_rear: "Kept as typed", ...post.notes } });
      expect(res.status, field).toBe(field === "photos" && post.photos!.length < 13 ? 415 : 400);
      const body = (await res.json()) as { intent: string; error: string; fields: Record<string, string>; typed: Record<string, string> };
      expect(body.intent).toBe("condition_report");
      expect(body.error).toBe("Please correct the highlighted fields.");
      expect(body.fields[field], field).toEqual(message);
      // Without JavaScript the form comes back as typed (but its photos).
      expect(body.typed.note_rear).toBe("Kept as typed");
    }
    expect(await reportsOf(job.id)).toEqual([]);
    expect(await mailsFor(job)).toEqual([]);
    expect(await unreferencedFiles()).toEqual(before);
  });

  it("is refused on a job not being worked on: not started yet, or no longer live", async () => {
    for (const status of ["scheduled", "on_the_way", "cancelled"] as const) {
      const job = await newJob();
      await db()
        .updateTable("jobs")
        .set({ status, started_at: null, ...(status === "cancelled" && { cancelled_by: "owner" as const }) })
        .where("id", "=", job.id)
        .execute();
      const res = await postReport(job.id, { photos: [{ name: "late.jpg", bytes: await privatePhoto("jpeg") }] });
      expect(res.status, status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toMatch(/^This job is not being worked on/);
      expect(await reportsOf(job.id)).toEqual([]);
    }
  });
});

describe("the customer's side", () => {
  it("shows the newest report on the appointment page, with its PDF as stored; keeps its files through the orphan clean-up", async () => {
    const job = await newJob();
    expect((await get(`/appointments/${job.token}/condition-report.pdf`)).status).toBe(404);
    const none = (await (await get(`/appointments/${job.token}`)).json()) as { conditionReport: unknown };
    expect(none.conditionReport).toBeNull();

    await postReport(job.id, {
      notes: { note_front: "Bug splatter on the bumper" },
      photos: [{ name: "bumper.jpg", bytes: await privatePhoto("jpeg") }],
      signature: await PNG_SIGNATURE,
      signedName: "Cara Client",
    });
    const [report] = await reportsOf(job.id);
    const page = (await (await get(`/appointments/${job.token}`)).json()) as {
      conditionReport: { signedName: string; signedAt: string; areas: { area: string; note: string }[]; photos: { url: string; thumb: string }[]; pdfHref: string };
    };
    expect(page.conditionReport).toMatchObject({ signedName: "Cara Client", pdfHref: `/appointments/${job.token}/condition-report.pdf` });
    expect(page.conditionReport.signedAt).toMatch(/ at \d{1,2}:\d{2} [AP]M/);
    expect(page.conditionReport.areas[0]).toEqual({ area: "Front", note: "Bug splatter on the bumper" });
    expect(page.conditionReport.photos).toEqual([expect.objectContaining({ url: `/uploads/${report!.photos[0]}` })]);
    // The photo is served to the customer (no sign-in) by the uploads route; the signature is not.
    expect((await get(page.conditionReport.photos[0]!.thumb)).status).toBe(200);
    expect((await get(`/uploads/${report!.signature_upload}`)).status).toBe(404);

    const pdf = await get(page.conditionReport.pdfHref);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("x-robots-tag")).toContain("noindex");
    expect(sha256(new Uint8Array(await pdf.arrayBuffer()))).toBe(report!.pdf_sha256);

    // A day and more later, the clean-up still finds them referred to.
    const { removed } = await sweepOrphanUploads(db(), { now: new Date(Date.now() + 48 * 3_600_000) });
    for (const name of [...report!.photos, report!.signature_upload!]) {
      expect(removed).not.toContain(name);
      expect(await uploadStorage().get(name)).not.toBeNull();
    }
  });

  it("goes whole with Erase Customer: the report, its photos' and signature's files", async () => {
    const job = await newJob();
    await postReport(job.id, { photos: [{ name: "wheel.jpg", bytes: await privatePhoto("jpeg") }], signature: await PNG_SIGNATURE, signedName: "Erin Erased" });
    const [report] = await reportsOf(job.id);
    const ownerUser = { id: (await db().selectFrom("users").select("id").where("email", "=", OWNER).executeTakeFirstOrThrow()).id, email: OWNER, name: "", role: "owner" as const };
    await eraseCustomer(db(), job.customerId, ownerUser);
    expect(await reportsOf(job.id)).toEqual([]);
    for (const name of [...report!.photos, report!.signature_upload!]) expect(await uploadStorage().get(name), name).toBeNull();
    expect((await get(`/appointments/${job.token}/condition-report.pdf`)).status).toBe(404);
  });
});
