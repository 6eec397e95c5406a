import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "~/server/env.server";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { startS3Server, type S3Server } from "../helpers/s3-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// Uploads in an S3-compatible bucket (docs/decisions/0049): a real S3 server
// (s3rver) on 127.0.0.1, the production server, and the AWS SDK v3 client to
// look into the bucket. Same rules and same serving headers as on disk.
const MAX = 200_000;
const OWNER = "owner@example.com";
const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-s3-uploads-"));
let s3: S3Server;
let smtp: SmtpSink;
let app: AppServer;
let admin: string;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3Server();
  smtp = await startSmtpSink();
  app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, UPLOAD_MAX_BYTES: String(MAX), ...s3.env }, { dataDir });
  admin = await signInByEmail(app, smtp, OWNER);
  client = new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
});
afterAll(async () => {
  client?.destroy();
  await app?.stop();
  await smtp?.stop();
  await s3?.stop();
});

function upload(kind: string, content: Buffer, filename: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)], { type: "application/octet-stream" }), filename);
  return app.fetch(`/api/upload/${kind}`, { method: "POST", body: form, headers: { cookie: admin } });
}
async function objectsInBucket(): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}
async function objectBytes(key: string): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("\0\0\0\rIHDR", "latin1")]);
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

describe("uploads on S3-compatible storage", () => {
  it("stores the file as an object in the bucket, never on disk, and serves it through the app with the same headers", async () => {
    const res = await upload("media", png, "holiday photo.png");
    expect(res.status).toBe(201);
    const { media_url } = (await res.json()) as { media_url: string };
    expect(media_url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{32}\.png$/);
    const name = media_url.slice("/uploads/".length);
    expect(await objectsInBucket()).toContain(name);
    expect(await objectBytes(name)).toEqual(png);
    expect(existsSync(path.join(dataDir, "uploads", name))).toBe(false);

    const served = await app.fetch(media_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-length")).toBe(String(png.length));
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toMatch(/^inline; filename="/);
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(served.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it("serves SVG under the sandbox CSP and an unknown type as a download, as on disk", async () => {
    const { media_url } = (await (await upload("media", svg, "logo.svg")).json()) as { media_url: string };
    const served = await app.fetch(media_url);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    // Several CSP headers arrive joined by commas; each one is enforced.
    expect(served.headers.get("content-security-policy")).toContain("sandbox; default-src 'none'");
    const { file_url } = (await (await upload("file", Buffer.from("plain words"), "notes.docx")).json()) as { file_url: string };
    const file = await app.fetch(file_url);
    expect(file.headers.get("content-type")).toBe("application/octet-stream");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(await file.text()).toBe("plain words");
  });

  it("puts an image's resized copies in the bucket too, and serves them", async () => {
    const pixels = Buffer.alloc(900 * 600 * 3, 0x80);
    const jpeg = await sharp(pixels, { raw: { width: 900, height: 600, channels: 3 } }).jpeg().toBuffer();
    const res = await upload("image", jpeg, "car.jpg");
    expect(res.status).toBe(201);
    const { media_url } = (await res.json()) as { media_url: string };
    const base = media_url.slice("/uploads/".length, "/uploads/".length + 32);
    const objects = (await objectsInBucket()).filter((k) => k.startsWith(base));
    expect(objects).toEqual(expect.arrayContaining([`${base}.jpg`, `${base}-640w.webp`, `${base}-640w.jpg`, `${base}-og.jpg`]));
    const copy = await app.fetch(`/uploads/${base}-640w.webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(640);
  });

  it("refuses what it refuses on disk, storing nothing: too large, the wrong type", async () => {
    const before = await objectsInBucket();
    const tooLarge = await upload("media", Buffer.concat([png, Buffer.alloc(MAX + 1)]), "big.png");
    expect(tooLarge.status).toBe(413);
    const notAnImage = await upload("image", Buffer.from("%PDF-1.7\n"), "doc.pdf");
    expect(notAnImage.status).toBe(415);
    expect(await objectsInBucket()).toEqual(before);
  });

  it("answers 404 for a name the bucket does not have, and for names the server never makes", async () => {
    expect((await app.fetch(`/uploads/${"A".repeat(32)}.png`)).status).toBe(404);
    expect((await app.fetch("/uploads/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });
});

describe("S3 settings at start-up", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    reloadEnv();
  });
  const parse = (vars: Record<string, string>) => {
    Object.assign(process.env, { SESSION_SECRET: "test-secret-test-secret-test-secret", DATA_DIR: dataDir }, vars);
    return reloadEnv();
  };

  it("are checked together, each mistake named", () => {
    expect(parse({}).s3).toBeUndefined();
    expect(parse({ S3_BUCKET: "photos", S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: "true" }).s3).toEqual({
      bucket: "photos",
      region: "eu-west-1",
      forcePathStyle: true,
    });
    const refusals: [Record<string, string>, RegExp][] = [
      [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /S3_BUCKET must be set too when S3_ENDPOINT is set/],
      [{ S3_BUCKET: "photos" }, /S3_REGION must be set with S3_BUCKET/],
      [{ S3_BUCKET: "photos", S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "key" }, /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
      [{ S3_BUCKET: "Photos_Bucket", S3_REGION: "us-east-1" }, /S3_BUCKET must be a bucket name/],
      [{ S3_BUCKET: "photos", S3_REGION: "us-east-1", S3_ENDPOINT: "not a url" }, /S3_ENDPOINT must be a full URL/],
      [{ S3_BUCKET: "photos", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "sometimes" }, /S3_FORCE_PATH_STYLE must be true or false/],
    ];
    for (const [vars, message] of refusals) {
      for (const name of Object.keys(process.env)) if (name.startsWith("S3_")) delete process.env[name];
      expect(() => parse(vars), JSON.stringify(vars)).toThrow(message);
    }
  });

  it("a bucket that does not exist stops the server at start, saying so", async () => {
    const start = startAppServer({ ...s3.env, S3_BUCKET: "no-such-bucket" }, { embeddedOnDisk: true });
    await expect(start).rejects.toThrow(/Cannot start: The upload bucket S3_BUCKET=no-such-bucket at S3_ENDPOINT=http:\/\/127\.0\.0\.1:\d+ cannot be used: it does not exist/);
  });
});
