import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action as homeAction } from "~/routes/home";
import { env } from "~/server/env.server";
import { NOT_AN_IMAGE } from "~/server/images.server";
import { TOO_MANY_PHOTOS } from "~/server/quote-photos/quote-post.server";
import { purgeTrash } from "~/server/tables/purge.server";
import { getTable } from "~/server/tables/registry.server";
import { moveToTrash } from "~/server/tables/trash.server";
import { sweepOrphanUploads } from "~/server/uploads/orphans.server";
import { metadataLeft, privatePhoto } from "../helpers/private-photo";
import { callRoute, routeContext } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 20: the quote form's optional Service Address and up to five photos
// (docs/decisions/0085), through the home page's action (the form without
// JavaScript) and POST /api/forms/submit (the same form sent by its script),
// on this file's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
const database = useTestDatabase({ UPLOAD_MAX_BYTES: String(1024 * 1024) });
const db = () => database.db;

let n = 0;
const freshIp = () => `198.51.100.${++n}`;
const fields = (overrides: Record<string, string> = {}) => ({
  name: `Photo Customer ${++n}`,
  email: `photos${n}@example.com`,
  phone: "(616) 555-0188",
  vehicle_type: "Truck",
  message: "Mud everywhere.",
  service_address: "12 Elm Street, Grand Rapids, MI",
  ...overrides,
});
type Photo = { bytes: Buffer; name: string };

function form(values: Record<string, string>, photos: Photo[] = []): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(values)) body.set(k, v);
  for (const p of photos) body.append("photos", new Blob([new Uint8Array(p.bytes)], { type: "image/jpeg" }), p.name);
  // What a browser sends for a file input left empty.
  if (!photos.length) body.append("photos", new Blob([]), "");
  return body;
}

async function postHome(body: FormData, clientIp = freshIp()) {
  const request = new Request("http://localhost/?index", { method: "POST", body });
  const result = (await homeAction({ request, params: {}, context: routeContext(db(), { clientIp }) } as any)) as any;
  return result?.type === "DataWithResponseInit" ? { status: result.init?.status ?? 200, body: result.data } : { status: 200, body: result };
}
const postApi = (body: FormData | string, headers: Record<string, string> = {}) =>
  callRoute(new Request("http://localhost/api/forms/submit", { method: "POST", body, headers }), routeContext(db(), { clientIp: freshIp() }));
const get = (url: string, cookie?: string) =>
  callRoute(new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} }), routeContext(db(), { clientIp: freshIp() }));

const uploadDir = () => env().uploadDir;
const storedFiles = () => {
  try {
    return readdirSync(uploadDir()).filter((f) => !f.startsWith("."));
  } catch {
    return [];
  }
};
const leadFor = (email: string) => db().selectFrom("quote_requests").selectAll().where("email", "=", email).executeTakeFirst();
const photosOf = (leadId: number) =>
  db().selectFrom("lead_photos as p").innerJoin("uploads as u", "u.name", "p.upload_name").selectAll().where("p.lead_id", "=", leadId).orderBy("p.position").execute();

let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  jpeg = await privatePhoto("jpeg");
  png = await privatePhoto("png", { width: 320, height: 200 });
});

describe("the quote form with a service address and photos", () => {
  it("without JavaScript: stores the lead, its address and its photos in order, without their GPS position or EXIF", async () => {
    const values = fields();
    const res = await postHome(form(values, [{ bytes: jpeg, name: "front.jpg" }, { bytes: png, name: "side.png" }]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    const lead = (await leadFor(values.email))!;
    expect(lead.service_address).toBe("12 Elm Street, Grand Rapids, MI");
    const photos = await photosOf(lead.id);
    expect(photos.map((p) => [p.position, p.original_name, p.staff_only, p.unreferenced_since])).toEqual([
      [1, "front.jpg", true, null],
      [2, "side.png", true, null],
    ]);
    for (const photo of photos) {
      const names = storedFiles().filter((f) => f.startsWith(photo.upload_name.slice(0, 32)));
      // The photo and its copies (widths in WebP and JPEG, the preview crop).
      expect(names.length).toBeGreaterThan(2);
      for (const name of names) expect(await metadataLeft(readFileSync(path.join(uploadDir(), name))), name).toEqual([]);
    }
  });

  it("refuses a sixth photo on the field, keeps the typed values and stores nothing", async () => {
    const values = fields();
    const before = storedFiles().length;
    const six = Array.from({ length: 6 }, (_, i) => ({ bytes: jpeg, name: `p${i + 1}.jpg` }));
    const res = await postHome(form(values, six));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.result.error.photos).toEqual([TOO_MANY_PHOTOS]);
    expect(res.body.result.initialValue).toMatchObject({ name: values.name, email: values.email, service_address: values.service_address });
    expect(await leadFor(values.email)).toBeUndefined();
    expect(storedFiles().length).toBe(before);
  });

  it("refuses a file that is not an image, by its bytes, naming it; a good photo sent before it is removed", async () => {
    const values = fields();
    const before = storedFiles().length;
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const res = await postHome(form(values, [{ bytes: jpeg, name: "good.jpg" }, { bytes: pdf, name: "invoice.jpg" }]));
    expect(res.status).toBe(415);
    expect(res.body.result.error.photos).toEqual([`invoice.jpg: ${NOT_AN_IMAGE}`]);
    expect(res.body.result.initialValue).toMatchObject({ phone: values.phone, vehicle_type: values.vehicle_type });
    expect(await leadFor(values.email)).toBeUndefined();
    expect(storedFiles().length).toBe(before);
    expect(await db().selectFrom("uploads").select("name").where("original_name", "=", "good.jpg").execute()).toEqual([]);
  });

  it("refuses a photo over the upload size limit with the limit in the message, values kept", async () => {
    const values = fields();
    const big = Buffer.concat([jpeg, Buffer.alloc(1024 * 1024)]);
    const res = await postHome(form(values, [{ bytes: big, name: "huge.jpg" }]));
    expect(res.status).toBe(413);
    expect(res.body.result.error.photos).toEqual(["File too large: the limit is 1 MB"]);
    expect(res.body.result.initialValue).toMatchObject({ name: values.name });
    expect(await leadFor(values.email)).toBeUndefined();
  });

  it("refuses an address over 300 characters on its field; 300 are taken", async () => {
    const long = fields({ service_address: "a".repeat(301) });
    const refused = await postHome(form(long));
    expect(refused.status).toBe(400);
    expect(refused.body.result.error.service_address).toEqual(["Service address must be at most 300 characters."]);
    expect(await leadFor(long.email)).toBeUndefined();
    const fits = fields({ service_address: "b".repeat(300) });
    expect((await postHome(form(fits))).status).toBe(200);
    expect((await leadFor(fits.email))!.service_address).toBe("b".repeat(300));
    // The database holds the line too, whatever path writes.
    await expect(db().updateTable("quote_requests").set({ service_address: "c".repeat(301) }).where("email", "=", fits.email).execute()).rejects.toThrow();
  });

  it("past the per-address photo limit, says so on the field and lets the request go without photos", async () => {
    const ip = freshIp();
    // Five posts with photos from this address already (the limit is 5 in 10 minutes).
    await db().insertInto("rate_limit_hits").values(Array.from({ length: 5 }, () => ({ bucket: "quote:photos:ip", key: ip }))).execute();
    const values = fields();
    const refused = await postHome(form(values, [{ bytes: jpeg, name: "one-more.jpg" }]), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.result.error.photos[0]).toMatch(/^Too many photos sent from your network\. Please try again in \d+ minutes, or send your request without photos\.$/);
    expect(refused.body.result.initialValue).toMatchObject({ name: values.name });
    expect(await leadFor(values.email)).toBeUndefined();
    const without = await postHome(form(values), ip);
    expect(without.status).toBe(200);
    expect(await leadFor(values.email)).toBeDefined();
  });

  it("with JavaScript: the same form, multipart, to POST /api/forms/submit; a refused photo is the field's message", async () => {
    const values = fields();
    const body = form(values, [{ bytes: jpeg, name: "boat.jpg" }]);
    body.set("formId", "quote_form");
    const res = await postApi(body);
    expect(res.status, await res.clone().text()).toBe(200);
    const lead = (await leadFor(values.email))!;
    expect((await photosOf(lead.id)).map((p) => p.original_name)).toEqual(["boat.jpg"]);

    const bad = form(fields(), [{ bytes: Buffer.from("just some text"), name: "notes.txt" }]);
    bad.set("formId", "quote_form");
    const refused = await postApi(bad);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ success: false, errors: { photos: [`notes.txt: ${NOT_AN_IMAGE}`] } });

    // JSON (the spec's API) takes the address too.
    const json = fields({ service_address: "On the dock, slip 14" });
    const answer = await postApi(JSON.stringify({ formId: "quote_form", ...json }), { "content-type": "application/json" });
    expect(answer.status).toBe(200);
    expect((await leadFor(json.email))!.service_address).toBe("On the dock, slip 14");
  });

  it("serves a lead's photos and their copies to administrators only, never to a shared cache", async () => {
    const values = fields();
    expect((await postHome(form(values, [{ bytes: jpeg, name: "plate.jpg" }]))).status).toBe(200);
    const [photo] = await photosOf((await leadFor(values.email))!.id);
    const url = `/uploads/${photo!.upload_name}`;
    const copy = `/uploads/${photo!.upload_name.slice(0, 32)}-320w.webp`;
    const admin = await sessionCookieFor(db(), "owner@example.com", { admin: true });
    const user = await sessionCookieFor(db(), "helper@example.com");
    for (const target of [url, copy]) {
      expect((await get(target)).status, `${target} signed out`).toBe(404);
      expect((await get(target, user)).status, `${target} not an administrator`).toBe(404);
      const shown = await get(target, admin);
      expect(shown.status, target).toBe(200);
      expect(shown.headers.get("cache-control")).toBe("private, no-store");
    }
    // The lead page shows the address and the thumbnails.
    const page = await callRoute(new Request(`http://localhost/admin/leads/${(await leadFor(values.email))!.id}`, { headers: { cookie: admin } }), routeContext(db()));
    const data = (await page.json()) as { lead: { service_address: string; photos: { url: string; thumb: string }[] } };
    expect(data.lead.service_address).toBe(values.service_address);
    expect(data.lead.photos).toEqual([expect.objectContaining({ url, thumb: copy })]);
  });

  it("keeps a lead's photos through the orphan clean-up, also while the lead is in the trash, and lets them go after its purge", async () => {
    const values = fields();
    expect((await postHome(form(values, [{ bytes: jpeg, name: "keep.jpg" }]))).status).toBe(200);
    const lead = (await leadFor(values.email))!;
    const [photo] = await photosOf(lead.id);
    const base = photo!.upload_name.slice(0, 32);
    const later = (days: number) => new Date(Date.now() + days * 24 * 3600_000);
    await sweepOrphanUploads(db(), { now: later(2) });
    expect(storedFiles().some((f) => f.startsWith(base))).toBe(true);

    await db().transaction().execute((trx) => moveToTrash(trx, getTable("quote_requests")!, lead.id, "test"));
    await sweepOrphanUploads(db(), { now: later(4) });
    await sweepOrphanUploads(db(), { now: later(6) });
    expect(storedFiles().some((f) => f.startsWith(base))).toBe(true);

    await purgeTrash(db(), { now: later(31) });
    await sweepOrphanUploads(db(), { now: later(31) });
    await sweepOrphanUploads(db(), { now: later(33) });
    expect(storedFiles().filter((f) => f.startsWith(base))).toEqual([]);
  });
});
