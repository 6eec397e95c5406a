import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createDeflate, crc32 } from "node:zlib";
import { sql } from "kysely";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "~/server/env.server";
import { cleanStoredUploads } from "~/server/uploads/clean-stored.server";
import { sweepOrphanUploads } from "~/server/uploads/orphans.server";
import { metadataLeft, privatePhoto } from "../helpers/private-photo";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Issue 18: one pixel limit for every image whatever the field, an upload
// recorded in one transaction, and the images stored before cleaned of their
// metadata (docs/decisions/0048). Routes called in this process, on disk.
const database = useTestDatabase();
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
let admin: string;
beforeAll(async () => {
  admin = await sessionCookieFor(db(), "owner@example.com", { admin: true });
});

function upload(kind: string, content: Uint8Array, filename: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)], { type: "application/octet-stream" }), filename);
  return app.fetch(`/api/upload/${kind}`, { method: "POST", body: form, headers: { cookie: admin } });
}

const uploadDir = () => env().uploadDir;
const storedFiles = () => {
  try {
    return readdirSync(uploadDir()).filter((f) => !f.startsWith(".")).sort();
  } catch {
    return [];
  }
};
const count = async (table: "images" | "uploads") => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The file of the issue: a 60000x60000 black-and-white PNG, 3.6 gigapixels in 437 KB (rows of zeros compress 1000 to 1). */
async function hugePng(side = 60000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit per pixel, greyscale
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (d: Buffer) => out.push(d));
  const row = Buffer.alloc(1 + side / 8); // filter byte, then the pixels
  for (let y = 0; y < side; y++) if (!deflate.write(row)) await new Promise((r) => deflate.once("drain", r));
  deflate.end();
  await new Promise((r) => deflate.once("end", r));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", Buffer.concat(out)), chunk("IEND", new Uint8Array())]);
}

describe("one pixel limit for every image", () => {
  it("refuses a 60000x60000 PNG of 437 KB through every upload field, from its header, and stores nothing", async () => {
    const png = await hugePng();
    expect(png.length).toBeLessThan(500_000);
    const before = { files: storedFiles(), uploads: await count("uploads") };
    for (const kind of ["media", "image", "file"]) {
      const res = await upload(kind, png, "bomb.png");
      expect(res.status, kind).toBe(400);
      expect(await res.json(), kind).toEqual({ error: "This image is too large: at most 120 megapixels" });
    }
    expect(storedFiles()).toEqual(before.files);
    expect(await count("uploads")).toBe(before.uploads);
  });

  it("takes an image at the limit, and refuses one a row of pixels past it", async () => {
    // 12000x10000 = 120 megapixels exactly (a PNG of one colour, small), and one row more.
    const atLimit = await sharp({ create: { width: 12000, height: 10000, channels: 3, background: "#2a6f97" } }).png({ compressionLevel: 1 }).toBuffer();
    const header = (height: number) => {
      const bytes = Buffer.from(atLimit);
      bytes.writeUInt32BE(height, 20); // IHDR's height (the CRC no longer matches: the header is read, never the pixels)
      return bytes;
    };
    const over = await upload("media", header(10001), "over.png");
    expect(over.status).toBe(400);
    expect((await over.json()).error).toBe("This image is too large: at most 120 megapixels");
    const at = await upload("media", atLimit, "at-limit.png");
    expect(at.status, await at.clone().text()).toBe(201);
  });
});

describe("an upload is recorded in one transaction", () => {
  it("leaves no image row and no stored file behind when the database refuses the upload's row", async () => {
    await sql`CREATE FUNCTION refuse_test_upload() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.original_name = 'refused.jpg' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`.execute(db());
    await sql`CREATE TRIGGER refuse_test_upload BEFORE INSERT ON uploads FOR EACH ROW EXECUTE FUNCTION refuse_test_upload()`.execute(db());
    try {
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c86432" } }).jpeg().toBuffer();
      const before = { files: storedFiles(), images: await count("images"), uploads: await count("uploads") };
      await expect(upload("image", photo, "refused.jpg")).rejects.toThrow(/refused by the test/);
      expect(await count("images")).toBe(before.images);
      expect(await count("uploads")).toBe(before.uploads);
      // The original and its copies were stored before the database said no; they are gone again.
      expect(storedFiles()).toEqual(before.files);

      const accepted = await upload("image", photo, "accepted.jpg");
      expect(accepted.status).toBe(201);
      expect(await count("images")).toBe(before.images + 1);
      expect(await count("uploads")).toBe(before.uploads + 1);
    } finally {
      await sql`DROP TRIGGER refuse_test_upload ON uploads`.execute(db());
      await sql`DROP FUNCTION refuse_test_upload()`.execute(db());
    }
  });
});

describe("images stored before metadata was removed at upload", () => {
  it("are cleaned by the start-up job, once; other files and clean images are left byte for byte", async () => {
    mkdirSync(uploadDir(), { recursive: true });
    const name = (ext: string) => `${randomBytes(24).toString("base64url")}.${ext}`;
    const jpeg = { name: name("jpg"), bytes: await privatePhoto("jpeg", { orientation: 6 }) };
    const adopted = { name: name("png"), bytes: await privatePhoto("png") };
    const pdf = { name: name("pdf"), bytes: Buffer.from("%PDF-1.7\n% by Jane Customer, 12 Elm Street\n", "latin1") };
    const clean = { name: name("webp"), bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#888" } }).webp().toBuffer() };
    for (const file of [jpeg, adopted, pdf, clean]) writeFileSync(path.join(uploadDir(), file.name), file.bytes);
    // Rows as the migration leaves them (metadata_checked_at NULL); the PNG has none, as before names were kept.
    await db()
      .insertInto("uploads")
      .values([jpeg, pdf, clean].map((f) => ({ name: f.name, original_name: f.name, size: f.bytes.length })))
      .execute();
    // The orphan clean-up gives it a row; the job runs after it.
    expect((await sweepOrphanUploads(db())).adopted).toBeGreaterThanOrEqual(1);

    const result = await cleanStoredUploads(db());
    expect(result.cleaned.sort()).toEqual([jpeg.name, adopted.name].sort());
    expect(result.unreadable).toEqual([]);
    const read = (file: { name: string }) => readFileSync(path.join(uploadDir(), file.name));
    expect(await metadataLeft(read(jpeg))).toEqual([]);
    expect(await metadataLeft(read(adopted))).toEqual([]);
    // Still upright: the orientation stays, the pixels are the same.
    expect((await sharp(read(jpeg)).metadata()).orientation).toBe(6);
    expect((await sharp(read(jpeg)).raw().toBuffer()).equals(await sharp(jpeg.bytes).raw().toBuffer())).toBe(true);
    expect(read(pdf)).toEqual(pdf.bytes);
    expect(read(clean)).toEqual(clean.bytes);
    const unchecked = await db().selectFrom("uploads").select("name").where("metadata_checked_at", "is", null).execute();
    expect(unchecked).toEqual([]);
    // Checked once: the next run has nothing to do.
    expect(await cleanStoredUploads(db())).toEqual({ checked: 0, cleaned: [], unreadable: [] });
  });
});
