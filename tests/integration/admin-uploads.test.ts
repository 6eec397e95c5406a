import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// Through the production server: the headers uploads are served with are partly its own.
const MAX = 200_000;
const OWNER = "owner@example.com";
const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-uploads-"));
let smtp: SmtpSink;
let app: AppServer;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, UPLOAD_MAX_BYTES: String(MAX) }, { dataDir });
  admin = await signInByEmail(app, smtp, OWNER);
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));
const samples = {
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "\0\0\0\rIHDR"),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0], "\0\x10JFIF\0"),
  gif: bytes("GIF89a\x01\0\x01\0"),
  webp: bytes("RIFF\x24\0\0\0WEBPVP8 "),
  mp4: bytes("\0\0\0\x20ftypisom\0\0\x02\0isomiso2"),
  mov: bytes("\0\0\0\x14ftypqt  \0\0\0\0"),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3], "\x9fB\x86\x81\x01B\xf7\x81\x01B\xf2\x81\x04B\xf3\x81\x08B\x82\x84webm"),
  ogg: bytes("OggS\0\x02\0\0\0\0"),
  avi: bytes("RIFF\x24\0\0\0AVI LIST"),
  svg: bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
  pdf: bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"),
  html: bytes("<!doctype html><script>alert(document.cookie)</script>"),
};

function upload(kind: string, content: Buffer, filename: string, type = "application/octet-stream", field = "file") {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(content)], { type }), filename);
  return app.fetch(`/api/upload/${kind}`, { method: "POST", body: form, headers: { cookie: admin } });
}

// UPLOAD_DIR defaults to $DATA_DIR/uploads.
const uploadDir = path.join(dataDir, "uploads");
const storedFiles = () => readdirSync(uploadDir).filter((f) => f !== ".partial");
const partialFiles = () => {
  try {
    return readdirSync(path.join(uploadDir, ".partial"));
  } catch {
    return [];
  }
};

describe("uploads", () => {
  it("accepts each image and video type as media, named by the server from the bytes", async () => {
    const expected = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp", svg: "image/svg+xml", mp4: "video/mp4", mov: "video/quicktime", webm: "video/webm", ogg: "video/ogg", avi: "video/x-msvideo" };
    for (const [ext, type] of Object.entries(expected)) {
      const res = await upload("media", samples[ext as keyof typeof samples], `holiday photo.${ext}`);
      expect(res.status, ext).toBe(201);
      const { media_url } = (await res.json()) as { media_url: string };
      expect(media_url).toMatch(new RegExp(`^/uploads/[A-Za-z0-9_-]{32}\\.${ext}$`));
      expect(media_url).not.toContain("holiday");
      const served = await app.fetch(media_url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type"), ext).toBe(type);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-disposition")).toMatch(/^inline; filename="/);
      expect(served.headers.get("cache-control")).toContain("immutable");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(samples[ext as keyof typeof samples]);
    }
  });

  it("serves SVG under a sandbox CSP, so its script never runs on this site", async () => {
    const { media_url } = await (await upload("media", samples.svg, "logo.svg", "image/svg+xml")).json();
    const served = await app.fetch(media_url);
    // Several CSP headers arrive joined by commas; each one is enforced.
    const csp = served.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("sandbox");
    expect(csp).toMatch(/default-src 'none'/);
  });

  it("refuses non-media as media, whatever the name or the claimed type says (a spoofed extension)", async () => {
    for (const [content, name, type] of [
      [samples.html, "cat.png", "image/png"],
      [samples.pdf, "clip.mp4", "video/mp4"],
      [bytes("just text"), "photo.jpg", "image/jpeg"],
    ] as const) {
      const res = await upload("media", content, name, type);
      expect(res.status, name).toBe(415);
      expect((await res.json()).error).toMatch(/Only images/);
    }
  });

  it("accepts any file as a file, typed by its bytes, and serves non-media as a download", async () => {
    const pdf = await upload("file", samples.pdf, "care-guide.exe");
    expect(pdf.status).toBe(201);
    const { file_url } = await pdf.json();
    expect(file_url).toMatch(/\.pdf$/);
    const served = await app.fetch(file_url);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment; filename="/);

    // An HTML page uploaded with an image's name is stored as an opaque download.
    const spoofed = await (await upload("file", samples.html, "innocent.png", "image/png")).json();
    expect(spoofed.file_url).toMatch(/\.bin$/);
    const page = await app.fetch(spoofed.file_url);
    expect(page.headers.get("content-type")).toBe("application/octet-stream");
    expect(page.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await (await upload("file", samples.html, "page.html", "text/html")).json();
    expect(html.file_url).toMatch(/\.bin$/);

    const docx = await (await upload("file", bytes("PK\x03\x04 pretend docx"), "Quote.DOCX")).json();
    expect(docx.file_url).toMatch(/\.docx$/);
  });

  it("refuses a file past UPLOAD_MAX_BYTES with 413 and leaves nothing behind", async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([samples.png, Buffer.alloc(MAX + 1)]);
    const res = await upload("media", big, "big.png");
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("File too large: the limit is 0.2 MB");
    // Just under the envelope check but over the file limit: refused while parsing.
    const slightlyOver = Buffer.concat([samples.png, Buffer.alloc(MAX - samples.png.length + 10)]);
    const res2 = await upload("file", slightlyOver, "over.bin");
    expect(res2.status).toBe(413);
    expect(storedFiles().length).toBe(before);
    expect(partialFiles()).toEqual([]);
    // At the limit exactly it is fine.
    const exact = Buffer.concat([samples.png, Buffer.alloc(MAX - samples.png.length)]);
    expect((await upload("media", exact, "exact.png")).status).toBe(201);
  });

  it("answers bad upload requests with 4xx", async () => {
    expect((await upload("media", bytes(""), "empty.png")).status).toBe(400);
    expect((await upload("media", samples.png, "x.png", "image/png", "image")).status).toBe(400);
    expect((await upload("pictures", samples.png, "x.png")).status).toBe(404);
    const json = await app.fetch("/api/upload/media", { method: "POST", body: "{}", headers: { cookie: admin, "content-type": "application/json" } });
    expect(json.status).toBe(400);
    const broken = await app.fetch("/api/upload/file", {
      method: "POST",
      body: "--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nunterminated",
      headers: { cookie: admin, "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });

  it("serves only server-made names", async () => {
    for (const name of ["..%2F..%2Fetc%2Fpasswd", "nope.png", ".partial", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png"]) {
      expect((await app.fetch(`/uploads/${name}`)).status, name).toBe(404);
    }
  });
});
