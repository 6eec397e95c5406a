import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "~/server/env.server";
import { sweepOrphanUploads } from "~/server/uploads/orphans.server";
import { MEDIA_ONLY } from "~/server/uploads/upload.server";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Uploads (issue 11, item 8): the original name kept for display and download,
// refusals that say why, and files no row has referred to for 24 hours removed.
const MAX = 200_000;
const database = useTestDatabase({ UPLOAD_MAX_BYTES: String(MAX) });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
let admin: string;
let photo: Buffer;
beforeAll(async () => {
  admin = await sessionCookieFor(db(), "owner@example.com", { admin: true });
  photo = await sharp({ create: { width: 700, height: 400, channels: 3, background: "#2a6f97" } }).png().toBuffer();
});

const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n", "latin1");

async function upload(kind: string, content: Buffer, filename: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)], { type: "application/octet-stream" }), filename);
  const res = await app.fetch(`/api/upload/${kind}`, { method: "POST", body: form, headers: { cookie: admin } });
  return { status: res.status, body: (await res.json()) as { media_url?: string; file_url?: string; file_name?: string; error?: string } };
}

async function uploaded(kind: string, content: Buffer, filename: string): Promise<{ url: string; name: string }> {
  const { status, body } = await upload(kind, content, filename);
  expect(status, body.error).toBe(201);
  const url = (body.media_url ?? body.file_url)!;
  return { url, name: url.slice("/uploads/".length) };
}

const uploadDir = () => env().uploadDir;
const stored = () => readdirSync(uploadDir()).filter((f) => f !== ".partial");
const HOUR = 3600_000;

describe("upload names", () => {
  it("keeps the sanitised original name for display and as the download name", async () => {
    const image = await upload("image", photo, "Zoë's boat (1).png");
    expect(image.status).toBe(201);
    expect(image.body.file_name).toBe("Zoë's boat (1).png");
    const res = await app.fetch(image.body.media_url!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="Zoe's boat (1).png"; filename*=UTF-8''Zo%C3%AB%27s%20boat%20%281%29.png`);
    // A resized copy downloads under the same name with its width.
    const base = image.body.media_url!.slice("/uploads/".length, "/uploads/".length + 32);
    const copy = await app.fetch(`/uploads/${base}-320w.webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-disposition")).toContain(`filename*=UTF-8''Zo%C3%AB%27s%20boat%20%281%29-320w.webp`);

    const file = await upload("file", PDF, "docs/Care guide ✓.pdf");
    expect(file.body.file_name).toBe("Care guide ✓.pdf");
    const pdf = await app.fetch(file.body.file_url!);
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="Care guide _.pdf"; filename*=UTF-8''Care%20guide%20%E2%9C%93.pdf`);

    // A name may not claim another type than the bytes were stored as.
    const html = await upload("file", Buffer.from("<!doctype html><script>alert(1)</script>"), "page.html");
    expect(html.body.file_url).toMatch(/\.bin$/);
    expect(html.body.file_name).toBe("page.bin");
    const png = await upload("file", photo, "invoice.pdf");
    expect(png.body.file_name).toBe("invoice.png");
  });

  it("says why a file is refused: the type not allowed with the allowed types, or too large with the limit in MB", async () => {
    const pdfAsMedia = await upload("media", PDF, "guide.pdf");
    expect(pdfAsMedia).toEqual({ status: 415, body: { error: MEDIA_ONLY } });
    expect(MEDIA_ONLY).toMatch(/^File type not allowed\. Only images \(JPEG, PNG, GIF, WebP, AVIF, SVG\) and videos \(MP4, WebM, Ogg, AVI, MOV\)/);
    const big = await upload("file", Buffer.concat([PDF, Buffer.alloc(MAX)]), "big.pdf");
    expect(big).toEqual({ status: 413, body: { error: "File too large: the limit is 0.2 MB" } });
    // What the upload field checks before sending.
    const rules = await app.fetch("/api/upload/media", { headers: { cookie: admin } });
    expect(await rules.json()).toEqual({ maxBytes: MAX, maxSize: "0.2 MB", accepts: "images (JPEG, PNG, GIF, WebP, AVIF, SVG) and videos (MP4, WebM, Ogg, AVI, MOV)" });
    expect((await app.fetch("/api/upload/nope", { headers: { cookie: admin } })).status).toBe(404);
  });
});

describe("orphaned uploads", () => {
  it("removes files no row has referred to for 24 hours, and leaves referred-to files alone", { timeout: 120_000 }, async () => {
    // Start from an empty directory and table (the tests above left files).
    await sweepOrphanUploads(db(), { now: new Date(Date.now() + 1000 * HOUR) });
    await sweepOrphanUploads(db(), { now: new Date(Date.now() + 2000 * HOUR) });
    expect(stored()).toEqual([]);

    const t0 = Date.now();
    const at = (hours: number) => new Date(t0 + hours * HOUR);
    const before = await uploaded("image", photo, "before.png");
    const after = await uploaded("image", photo, "after.png");
    const cover = await uploaded("media", photo, "cover.png");
    const guide = await uploaded("file", PDF, "guide.pdf");
    const linked = await uploaded("file", PDF, "linked.pdf");
    const trashed = await uploaded("image", photo, "trashed.png");
    const orphan = await uploaded("image", photo, "orphan.png");
    const orphanPdf = await uploaded("file", PDF, "never-saved.pdf");
    // A file stored before names were kept: on disk, with no row.
    const legacy = "L".repeat(32) + ".pdf";
    mkdirSync(uploadDir(), { recursive: true });
    writeFileSync(path.join(uploadDir(), legacy), PDF);

    await db()
      .insertInto("gallery")
      .values({ before_image: before.url, after_image: after.url, caption: "Gel coat restored" })
      .execute();
    // Rich text that links an upload (through a resized copy) refers to it too.
    const base = linked.name.slice(0, 32);
    const [careGuide] = await db()
      .insertInto("care_guides")
      .values({ title: "Boat care", slug: "boat-care", body: `<p>See <a href="/uploads/${base}-640w.webp">this</a></p>`, pdf: guide.url, cover: cover.url })
      .returning("id")
      .execute();
    const [testimonial] = await db()
      .insertInto("testimonials")
      .values({ name: "Ann", text: "Great", rating: 5, image: trashed.url })
      .returning("id")
      .execute();
    // Deleted rows can be restored for 30 days: the trash keeps their files.
    const del = await app.fetch(`/api/tables/testimonials/${testimonial!.id}`, { method: "DELETE", headers: { cookie: admin } });
    expect(del.status).toBeLessThan(300);

    expect(await sweepOrphanUploads(db(), { now: at(1) })).toEqual({ adopted: 1, removed: [] });
    expect(await sweepOrphanUploads(db(), { now: at(23.9) })).toEqual({ adopted: 0, removed: [] });
    const first = await sweepOrphanUploads(db(), { now: at(24.1) });
    expect(first.removed.sort()).toEqual([orphan.name, orphanPdf.name].sort());
    // The orphan image's copies and its images row went with it; everything else is there.
    const left = stored();
    expect(left.some((f) => f.startsWith(orphan.name.slice(0, 32)))).toBe(false);
    expect(await db().selectFrom("images").select("name").where("name", "=", orphan.name).execute()).toEqual([]);
    for (const kept of [before, after, cover, guide, linked, trashed]) expect(left, kept.name).toContain(kept.name);
    expect(left.filter((f) => f.startsWith(before.name.slice(0, 32))).length).toBeGreaterThan(5);
    expect(left).toContain(legacy);
    // The legacy file counted as unreferenced from when the clean-up first saw it.
    expect((await sweepOrphanUploads(db(), { now: at(25.1) })).removed).toEqual([legacy]);

    // A row that stops referring to a file: 24 hours from then, it goes.
    await db().updateTable("care_guides").set({ pdf: "" }).where("id", "=", careGuide!.id).execute();
    expect((await sweepOrphanUploads(db(), { now: at(26) })).removed).toEqual([]);
    expect((await sweepOrphanUploads(db(), { now: at(49.9) })).removed).toEqual([]);
    // Referred to again in between: the clock starts over.
    await db().updateTable("care_guides").set({ pdf: guide.url }).where("id", "=", careGuide!.id).execute();
    expect((await sweepOrphanUploads(db(), { now: at(49.95) })).removed).toEqual([]);
    await db().updateTable("care_guides").set({ pdf: "" }).where("id", "=", careGuide!.id).execute();
    expect((await sweepOrphanUploads(db(), { now: at(50) })).removed).toEqual([]);
    expect((await sweepOrphanUploads(db(), { now: at(74.1) })).removed).toEqual([guide.name]);
    expect(existsSync(path.join(uploadDir(), guide.name))).toBe(false);
    expect(existsSync(path.join(uploadDir(), before.name))).toBe(true);
    expect(existsSync(path.join(uploadDir(), trashed.name))).toBe(true);
  });

  it("deletes each file once when several processes sweep at the same time", { timeout: 120_000 }, async () => {
    const t0 = Date.now();
    const orphans = [];
    for (let i = 0; i < 6; i++) orphans.push((await uploaded("file", PDF, `o${i}.pdf`)).name);
    const later = new Date(t0 + 25 * HOUR);
    const results = await Promise.all([sweepOrphanUploads(db(), { now: later }), sweepOrphanUploads(db(), { now: later })]);
    const removed = results.flatMap((r) => r.removed);
    expect(removed.sort()).toEqual([...orphans].sort());
    expect(new Set(removed).size).toBe(removed.length);
    for (const name of orphans) expect(existsSync(path.join(uploadDir(), name))).toBe(false);
  });
});
