// @ci-once: what the server makes of an uploaded image (sizes, formats, headers, the pages' tags), whatever the database; CI's second pass, on the embedded database, skips it.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// Through the production server: uploads' headers, the rendered pages and their
// link-preview tags are partly its own (docs/decisions/0016-responsive-images.md).
const OWNER = "owner@example.com";
const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-gallery-"));
const uploadDir = path.join(dataDir, "uploads");
let smtp: SmtpSink;
let app: AppServer;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER }, { dataDir, withAppUrl: true });
  admin = await signInByEmail(app, smtp, OWNER);
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

/** A real photo-like image: a gradient with some noise, so encoders have work to do. */
async function testImage(width: number, height: number, format: "jpeg" | "png", options: { orientation?: number } = {}) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x * y) % 251;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return format === "jpeg" ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

function upload(kind: string, content: Buffer, filename: string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)], { type }), filename);
  return app.fetch(`/api/upload/${kind}`, { method: "POST", body: form, headers: { cookie: admin } });
}

async function uploadImage(content: Buffer, filename = "photo.jpg"): Promise<string> {
  const res = await upload("image", content, filename);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { media_url: string }).media_url;
}

const api = (pathname: string, method: string, json?: unknown) =>
  app.fetch(pathname, {
    method,
    headers: { cookie: admin, ...(json === undefined ? {} : { "content-type": "application/json" }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

const base = (url: string) => path.basename(url).slice(0, 32);
const copiesOf = (url: string) =>
  readdirSync(uploadDir)
    .filter((f) => f.startsWith(base(url)) && f !== path.basename(url))
    .sort();

/** The page's HTML as a visitor gets it (the page cache follows content changes within a second). */
async function page(pathname: string): Promise<string> {
  const res = await app.fetch(pathname);
  expect(res.status, pathname).toBe(200);
  return res.text();
}
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];

describe("images fit for phones", () => {
  // Eleven encodes of a 2000×1500 photo: a few seconds alone, past 30 s once on a 2-core machine busy with other test processes.
  it("makes WebP and JPEG copies at each width up to the original's, keeps the original, and records its size", { timeout: 90_000 }, async () => {
    const original = await testImage(2000, 1500, "jpeg");
    const url = await uploadImage(original, "big photo.jpg");
    expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{32}\.jpg$/);
    // The original, byte for byte.
    expect(readFileSync(path.join(uploadDir, path.basename(url)))).toEqual(original);
    const widths = [320, 640, 960, 1280, 1920];
    const expected = [...widths.flatMap((w) => [`-${w}w.jpg`, `-${w}w.webp`]), "-og.jpg"].map((s) => base(url) + s).sort();
    expect(copiesOf(url)).toEqual(expected);
    for (const w of widths) {
      for (const [ext, format] of [["webp", "webp"], ["jpg", "jpeg"]] as const) {
        const meta = await sharp(path.join(uploadDir, `${base(url)}-${w}w.${ext}`)).metadata();
        expect(meta.format, `${w} ${ext}`).toBe(format);
        expect(meta.width, `${w} ${ext}`).toBe(w);
        expect(meta.height, `${w} ${ext}`).toBe(Math.round((w * 1500) / 2000));
      }
    }
    const og = await sharp(path.join(uploadDir, `${base(url)}-og.jpg`)).metadata();
    expect([og.format, og.width, og.height]).toEqual(["jpeg", 1200, 630]);
  });

  it("never makes a copy wider than the original: a narrow one gets its own width", async () => {
    const url = await uploadImage(await testImage(500, 400, "png"), "small.png");
    expect(url).toMatch(/\.png$/);
    expect(copiesOf(url)).toEqual([`-320w.jpg`, `-320w.webp`, `-500w.jpg`, `-500w.webp`, "-og.jpg"].map((s) => base(url) + s).sort());
  });

  it("turns a photo upright by its EXIF orientation (the recorded size is the upright one)", async () => {
    // Stored 400x200, shown turned a quarter: 200x400.
    const url = await uploadImage(await testImage(400, 200, "jpeg", { orientation: 6 }), "phone.jpg");
    const meta = await sharp(path.join(uploadDir, `${base(url)}-200w.jpg`)).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.exif, "no metadata (GPS position) is copied").toBeUndefined();
  });

  it("serves the copies like every upload: typed, nosniff, sandboxed, cached for a year", async () => {
    const url = await uploadImage(await testImage(800, 600, "jpeg"));
    for (const [suffix, type] of [
      ["-640w.webp", "image/webp"],
      ["-640w.jpg", "image/jpeg"],
      ["-og.jpg", "image/jpeg"],
    ] as const) {
      const res = await app.fetch(`/uploads/${base(url)}${suffix}`);
      expect(res.status, suffix).toBe(200);
      expect(res.headers.get("content-type"), suffix).toBe(type);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("sandbox");
      expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="/);
      await res.arrayBuffer();
    }
    const original = await app.fetch(url);
    expect(original.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Only the server's own copy names are served.
    for (const name of [`${base(url)}-641x.webp`, `${base(url)}-og.png`, `${base(url)}-640w.svg`]) {
      expect((await app.fetch(`/uploads/${name}`)).status, name).toBe(404);
    }
  });

  it("refuses a file that is not an image where an image is expected, saying so", async () => {
    const pdf = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const mp4 = Buffer.from("\0\0\0\x20ftypisom\0\0\x02\0isomiso2", "latin1");
    for (const [content, name] of [
      [pdf, "photo.png"],
      [svg, "logo.svg"],
      [mp4, "clip.jpg"],
    ] as const) {
      const res = await upload("image", content, name, "image/png");
      expect(res.status, name).toBe(415);
      expect(await res.json()).toEqual({ error: "This file is not an image (JPEG, PNG, WebP, AVIF or GIF)" });
    }
  });

  it("answers an image it cannot read with 400 and a clear message, never a 500, and stores nothing", async () => {
    const before = readdirSync(uploadDir).length;
    const real = await testImage(300, 200, "png");
    const corrupt = [
      // Claims to be a PNG, then garbage.
      Buffer.concat([real.subarray(0, 8), Buffer.from("this is not a real image at all, just some bytes")]),
      // A real PNG cut short.
      real.subarray(0, Math.floor(real.length / 2)),
      // A JPEG header and nothing else.
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
    ];
    for (const [i, content] of corrupt.entries()) {
      const res = await upload("image", content, `broken-${i}.png`, "image/png");
      expect(res.status, `sample ${i}`).toBe(400);
      expect(((await res.json()) as { error: string }).error, `sample ${i}`).toMatch(/^This image could not be read: the file is damaged or incomplete/);
    }
    expect(readdirSync(uploadDir).length).toBe(before);
  });
});

describe("the gallery", () => {
  let car: { before: string; after: string };
  let boat: { before: string; after: string };
  beforeAll(async () => {
    car = { before: await uploadImage(await testImage(1600, 1200, "jpeg")), after: await uploadImage(await testImage(1600, 1200, "jpeg")) };
    boat = { before: await uploadImage(await testImage(1200, 900, "jpeg")), after: await uploadImage(await testImage(1200, 900, "png"), "after.png") };
  });

  const pair = (photos: { before: string; after: string }, values: Record<string, unknown>) => ({
    before_image: photos.before,
    after_image: photos.after,
    ...values,
  });

  it("is a dashboard table with two media_url photos, consent and published", async () => {
    const res = await api("/api/admin/schemas/gallery", "GET");
    expect(res.status).toBe(200);
    const schema = (await res.json()) as { title: string; properties: Record<string, { format?: string; type: string; enum?: string[] }> };
    expect(schema.title).toBe("Gallery");
    const media = Object.entries(schema.properties).filter(([, p]) => p.format === "media_url").map(([n]) => n);
    expect(media).toEqual(["before_image", "after_image"]);
    expect(schema.properties.customer_consent?.type).toBe("boolean");
    expect(schema.properties.published?.type).toBe("boolean");
    expect(schema.properties.kind?.enum).toEqual(["car", "boat"]);
  });

  it("refuses to publish a pair without the customer's consent (409, the field named), and publishes it with consent", async () => {
    const refused = await api("/api/tables/gallery", "POST", pair(car, { caption: "Refused pair", kind: "car", published: true }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "A pair can be published only with the customer's consent",
      fields: { published: "A pair can be published only with the customer's consent" },
    });

    const draft = await api("/api/tables/gallery", "POST", pair(car, { caption: "Draft pair", kind: "car" }));
    expect(draft.status).toBe(201);
    const { id } = (await draft.json()) as { id: number };
    const stillRefused = await api(`/api/tables/gallery/${id}`, "PUT", { published: true });
    expect(stillRefused.status).toBe(409);
    const published = await api(`/api/tables/gallery/${id}`, "PUT", { published: true, customer_consent: true });
    expect(published.status, await published.clone().text()).toBe(200);
    expect(await published.json()).toMatchObject({ published: true, customer_consent: true });
    // Consent withdrawn while published: refused too (unpublish first).
    expect((await api(`/api/tables/gallery/${id}`, "PUT", { customer_consent: false })).status).toBe(409);
    expect((await api(`/api/tables/gallery/${id}`, "DELETE")).status).toBeLessThan(300);
  });

  it("takes only photos uploaded here", async () => {
    const res = await api("/api/tables/gallery", "POST", {
      before_image: "https://example.com/a.jpg",
      after_image: car.after,
      caption: "Elsewhere",
      kind: "car",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.before_image).toMatch(/must be a photo uploaded here/);
  });

  it("shows only published pairs on the home page and /gallery, filterable by kind, with responsive images", async () => {
    const rows = [
      pair(car, { caption: "Sedan paint correction", service: "Paint Correction", kind: "car", customer_consent: true, published: true }),
      pair(boat, { caption: "Pontoon oxidation removal", service: "Oxidation Removal", kind: "boat", customer_consent: true, published: true }),
      pair(car, { caption: "Unpublished truck interior", kind: "car", customer_consent: true }),
    ];
    for (const row of rows) expect((await api("/api/tables/gallery", "POST", row)).status).toBe(201);

    await expect.poll(async () => (await page("/")).includes("Pontoon oxidation removal")).toBe(true);
    const home = await page("/");
    expect(home).toContain('<section id="gallery"');
    expect(home).toContain("Sedan paint correction");
    expect(home).not.toContain("Unpublished truck interior");
    expect(home).toContain('href="/gallery"');
    expect(home).toContain("Compare before and after");
    // After the boat services.
    expect(home.indexOf('id="gallery"')).toBeGreaterThan(home.indexOf('id="boat-services"'));

    const all = await page("/gallery");
    expect(all).toContain("Sedan paint correction");
    expect(all).toContain("Pontoon oxidation removal");
    expect(all).not.toContain("Unpublished truck interior");
    expect(all).toContain(`alt="Before: Sedan paint correction"`);
    expect(all).toContain(`alt="After: Sedan paint correction"`);
    // width/height of the original, srcset of the copies, WebP offered first.
    const img = new RegExp(`<img[^>]*alt="Before: Sedan paint correction"[^>]*>`).exec(all)![0];
    expect(img).toMatch(/width="1600"/);
    expect(img).toMatch(/height="1200"/);
    expect(img).toMatch(/srcSet="[^"]*-320w\.jpg 320w, [^"]*-640w\.jpg 640w/i);
    expect(all).toMatch(/<source type="image\/webp" srcSet="[^"]*-320w\.webp 320w/i);

    const boats = await page("/gallery?kind=boat");
    expect(boats).toContain("Pontoon oxidation removal");
    expect(boats).not.toContain("Sedan paint correction");
    expect(boats).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/gallery\?kind=boat"|<a[^>]*href="\/gallery\?kind=boat"[^>]*aria-current="page"/);
    const cars = await page("/gallery?kind=car");
    expect(cars).toContain("Sedan paint correction");
    expect(cars).not.toContain("Pontoon oxidation removal");

    const sitemap = await (await app.fetch("/sitemap.xml")).text();
    expect(sitemap).toContain(`${app.url}/gallery</loc>`);
  });

  it("shows a testimonial's uploaded photo as a photo of the work, responsive and lazy; the seeded avatars stay small", async () => {
    const res = await api("/api/tables/testimonials", "POST", { name: "Dana Photo", text: "Like new!", rating: 5, service: "Ceramic Coating", image: car.after });
    expect(res.status, await res.clone().text()).toBe(201);
    await expect.poll(async () => (await page("/")).includes("Dana Photo")).toBe(true);
    const home = await page("/");
    const img = /<img[^>]*alt="The work for Dana Photo: Ceramic Coating"[^>]*>/.exec(home)?.[0];
    expect(img).toBeDefined();
    expect(img).toMatch(/width="1600"/);
    expect(img).toMatch(/height="1200"/);
    expect(img).toMatch(/loading="lazy"/);
    expect(img).toMatch(/srcSet="[^"]*-640w\.jpg 640w/i);
    // The seeded initials avatars are not photos of work: still 48 px in the card's footer.
    expect(home).toMatch(/<img src="\/images\/testimonial-[a-z]+\.svg" alt="" width="48" height="48"/);
  });

  it("gives every public page an absolute 1200x630 og:image and a large Twitter card; /gallery uses one of its photos", async () => {
    for (const pathname of ["/", "/about", "/gallery"]) {
      const html = await page(pathname);
      const image = metaContent(html, "og:image");
      expect(image, pathname).toMatch(new RegExp(`^${app.url}/`));
      expect(metaContent(html, "twitter:card"), pathname).toBe("summary_large_image");
      expect(metaContent(html, "twitter:image"), pathname).toBe(image);
      const res = await app.fetch(new URL(image!).pathname);
      expect(res.status, image).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height], image).toEqual([1200, 630]);
      if (pathname === "/gallery") expect(image).toMatch(/\/uploads\/[A-Za-z0-9_-]{32}-og\.jpg$/);
      else expect(image).toBe(`${app.url}/images/og-default.jpg`);
    }
    expect((await app.fetch("/images/og-default.jpg")).headers.get("content-length")).toMatch(/^\d{4,5}$/);
  });
});
