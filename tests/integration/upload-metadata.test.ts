import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "~/lib/images";
import { openDatabase } from "~/server/db.server";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { metadataLeft, privatePhoto } from "../helpers/private-photo";
import { startS3Server, type S3Server } from "../helpers/s3-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// @ci-once: what the HTTP server does with a request, whatever the database; CI's second pass, on the embedded database, skips it.

// Issue 18: no file the public can fetch carries where a customer lives. A
// photo with its GPS position, EXIF and XMP goes through each upload field;
// every URL it is served at (the original, each width and format, the link
// preview) is read back, on disk and on S3; and images stored before this
// change lose their metadata when the server starts (docs/decisions/0048).
// Through the production server: the pages and the start-up are its own.
const OWNER = "owner@example.com";

describe.each(["disk", "S3"] as const)("uploads on %s", (storage) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-upload-metadata-"));
  let s3: S3Server | undefined;
  let client: S3Client | undefined;
  let smtp: SmtpSink;
  let database: TestDatabase | undefined;
  let app: AppServer;
  let admin: string | undefined;
  // The same database and data directory across a restart: PostgreSQL when the tests run on it, else embedded on disk.
  const start = async () => {
    app = await startAppServer(
      { SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, ...(s3?.env ?? {}), ...(database ? { DATABASE_URL: database.url } : {}) },
      { dataDir, embeddedOnDisk: true },
    );
    // Signed in once: the session outlives a restart (and a new code must wait half a minute).
    admin ??= await signInByEmail(app, smtp, OWNER);
  };
  beforeAll(async () => {
    if (storage === "S3") {
      s3 = await startS3Server();
      client = new S3Client({ region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
    }
    smtp = await startSmtpSink();
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
    await start();
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    client?.destroy();
    await s3?.stop();
    await smtp?.stop();
  });

  /** Writes a stored file behind the server's back, as an upload from before this change left it. */
  async function store(name: string, bytes: Buffer): Promise<void> {
    if (client && s3) await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: name, Body: bytes }));
    else writeFileSync(path.join(dataDir, "uploads", name), bytes);
  }
  async function stored(name: string): Promise<Buffer> {
    if (!client || !s3) return readFileSync(path.join(dataDir, "uploads", name));
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async function upload(kind: string, content: Buffer, filename: string): Promise<string> {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(content)], { type: "application/octet-stream" }), filename);
    const res = await app.fetch(`/api/upload/${kind}`, { method: "POST", body: form, headers: { cookie: admin! } });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as { media_url?: string; file_url?: string };
    return (body.media_url ?? body.file_url)!;
  }
  async function served(url: string): Promise<Buffer> {
    const res = await app.fetch(url);
    expect(res.status, url).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }
  /** Every resized copy the server makes of an upload `width` pixels wide (upright). */
  const copyUrls = (url: string, width: number) => {
    const base = url.slice(0, -path.extname(url).length);
    const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width);
    if (widths.length < IMAGE_WIDTHS.length) widths.push(width);
    return [...widths.flatMap((w) => [`${base}-${w}w.webp`, `${base}-${w}w.jpg`]), `${base}-og.jpg`];
  };

  it("serves a photo uploaded with its GPS position, EXIF and XMP without any of it, at every URL the public can fetch", async () => {
    // A phone photo taken sideways: 1600x1200 as stored, shown 1200x1600.
    const photo = await privatePhoto("jpeg", { width: 1600, height: 1200, orientation: 6 });
    expect(await metadataLeft(photo)).not.toEqual([]);
    const url = await upload("image", photo, "IMG_0042.jpg");
    const row = { before_image: url, after_image: url, caption: "Driveway detail", kind: "car", customer_consent: true, published: true };
    const created = await app.fetch("/api/tables/gallery", { method: "POST", body: JSON.stringify(row), headers: { cookie: admin!, "content-type": "application/json" } });
    expect(created.status, await created.clone().text()).toBe(201);

    // What the gallery links: the original (in its page data), the copies in srcset, the link preview.
    await expect.poll(async () => (await (await app.fetch("/gallery")).text()).includes("Driveway detail")).toBe(true);
    const html = await (await app.fetch("/gallery")).text();
    const base = url.slice("/uploads/".length, "/uploads/".length + 32);
    const linked = new Set([...html.matchAll(new RegExp(`/uploads/${base}[A-Za-z0-9.-]*`, "g"))].map((m) => m[0]));
    expect(linked).toContain(url);
    expect(linked).toContain(`/uploads/${base}-og.jpg`);
    const everyUrl = new Set([url, ...linked, ...copyUrls(url, 1200)]);
    expect(everyUrl.size).toBe(10); // the original, 4 widths (320, 640, 960 and its own 1200) in 2 formats, the link preview
    for (const each of everyUrl) expect(await metadataLeft(await served(each)), each).toEqual([]);

    // Still upright, and the colours as they were: the orientation and the colour profile stay.
    const original = await sharp(await served(url)).metadata();
    expect([original.width, original.height, original.orientation]).toEqual([1600, 1200, 6]);
    expect(original.icc).toBeDefined();
    const copy = await sharp(await served(`/uploads/${base}-640w.jpg`)).metadata();
    expect([copy.width, copy.height]).toEqual([640, 853]);
  });

  it("takes the metadata out whichever field the image comes through, and whatever its format", async () => {
    for (const [kind, format] of [["media", "png"], ["media", "webp"], ["file", "gif"], ["file", "jpeg"]] as const) {
      const url = await upload(kind, await privatePhoto(format, { width: 400, height: 300 }), `photo.${format}`);
      expect(await metadataLeft(await served(url)), `${kind} ${format}`).toEqual([]);
      for (const each of copyUrls(url, 400)) expect(await metadataLeft(await served(each)), each).toEqual([]);
    }
  });

  it("cleans the images stored before, when the server starts: listed ones and files it adopts; other files stay as they were", async () => {
    // An upload as the server stored it before this change: its row and copies, the original byte for byte.
    const photo = await privatePhoto("jpeg", { width: 800, height: 600 });
    const url = await upload("image", photo, "old.jpg");
    const name = url.slice("/uploads/".length);
    const pdf = Buffer.from("%PDF-1.7\n% by Jane Customer, 12 Elm Street\n", "latin1");
    const pdfName = (await upload("file", pdf, "guide.pdf")).slice("/uploads/".length);
    await app.stop();
    await store(name, photo);
    // A file from before names were kept: no row at all.
    const orphan = `${randomBytes(24).toString("base64url")}.png`;
    await store(orphan, await privatePhoto("png"));
    // As migration 07 leaves the rows of earlier uploads: never checked.
    const opened = openDatabase({ url: database?.url, dataDir });
    try {
      await opened.db.updateTable("uploads").set({ metadata_checked_at: null }).execute();
    } finally {
      await opened.close();
    }
    expect(await metadataLeft(await stored(name))).not.toEqual([]);

    await start();
    await expect.poll(async () => (await metadataLeft(await served(url))).length, { timeout: 30_000 }).toBe(0);
    await expect.poll(async () => (await metadataLeft(await served(`/uploads/${orphan}`))).length, { timeout: 30_000 }).toBe(0);
    expect(await stored(pdfName)).toEqual(pdf);
    expect((await sharp(await stored(name)).raw().toBuffer()).equals(await sharp(photo).raw().toBuffer()), "the same pixels").toBe(true);
    await expect.poll(() => app.logText()).toMatch(/\[uploads\] 2 stored image\(s\) uploaded before metadata was removed at upload are now without it/);
  });
});
