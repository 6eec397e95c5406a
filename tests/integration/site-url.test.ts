import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";

// @ci-once: what the HTTP server does with a request, whatever the database; CI's second pass, on the embedded database, skips it.

// Absolute links (canonical, og:url, og:image, structured data, robots.txt's
// Sitemap line, the sitemap) come from APP_URL, or without it from a Host that
// is this machine's own name or address, never from any Host header a client
// writes: issue 18. Through the production server, whose page
// cache keys on that header too.

const FORGED_HOST = "evil.test";

/** GET `pathname` from `app` with a Host header of the caller's choosing (fetch() cannot set one). */
function getWithHost(app: AppServer, pathname: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: pathname, headers: { host } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      })
      .on("error", reject);
  });
}

const attribute = (html: string, tag: RegExp, name: string) => tag.exec(html)?.[0].match(new RegExp(`${name}="([^"]*)"`))?.[1];
const canonicalOf = (html: string) => attribute(html, /<link rel="canonical"[^>]*>/, "href");
const metaOf = (html: string, property: string) => attribute(html, new RegExp(`<meta property="${property}"[^>]*>`), "content");
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!) as { "@id": string; url: string };

/** The public pages, one of the seeded care guides among them. */
async function publicPages(app: AppServer): Promise<string[]> {
  const list = await (await app.fetch("/care-guides")).text();
  const guide = /href="(\/care-guides\/[a-z0-9-]+)"/.exec(list)?.[1];
  expect(guide, "a seeded, published care guide").toBeDefined();
  return ["/", "/about", "/book", "/gallery", "/care-guides", guide!];
}

describe("without APP_URL", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("says once, at start-up, that APP_URL is unset and what that leaves out", async () => {
    // Requests do not repeat it.
    for (const path of ["/", "/robots.txt", "/sitemap.xml"]) await app.fetch(path);
    const notes = app.output().match(/APP_URL is not set[^\n]*/g) ?? [];
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/only for requests to this machine's own names and addresses.*no og:image or og:url, no sitemap/);
  });

  it("writes no link to the host a client names: pages link to themselves relatively", async () => {
    for (const path of await publicPages(app)) {
      const { status, body } = await getWithHost(app, path, FORGED_HOST);
      expect(status, path).toBe(200);
      expect(body, path).not.toContain(FORGED_HOST);
      expect(canonicalOf(body), path).toBe(path);
      // Open Graph wants these absolute: left out.
      expect(metaOf(body, "og:url"), path).toBeUndefined();
      expect(metaOf(body, "og:image"), path).toBeUndefined();
    }
    // The page data a client-side navigation reads.
    const data = await getWithHost(app, "/about.data", FORGED_HOST);
    expect(data.status).toBe(200);
    expect(data.body).not.toContain(FORGED_HOST);
  });

  it("gives the structured data the home page's relative address", async () => {
    const { body } = await getWithHost(app, "/", FORGED_HOST);
    expect(jsonLdOf(body)).toMatchObject({ "@id": "/#business", url: "/" });
  });

  it("names no sitemap in robots.txt, and has none: a sitemap needs absolute URLs", async () => {
    const robots = await getWithHost(app, "/robots.txt", FORGED_HOST);
    expect(robots.status).toBe(200);
    expect(robots.body).toMatch(/^Disallow: \/admin$/m);
    expect(robots.body).not.toMatch(/^Sitemap:/m);
    expect(robots.body).toMatch(/^# No Sitemap line: APP_URL .* is not set and this host is not this machine's own\.$/m);

    const sitemap = await getWithHost(app, "/sitemap.xml", FORGED_HOST);
    expect(sitemap.status).toBe(404);
    expect(sitemap.body).toBe("No sitemap: APP_URL (the site's public origin) is not set, and a sitemap needs absolute URLs of a known host.\n");
  });

  // `npm start` on a fresh machine, visited at localhost or the machine's address: link previews
  // (og:image, which every public page must carry absolute) and the sitemap work before a domain is set.
  it("links absolutely to this machine's own name or address", async () => {
    for (const host of [new URL(app.url).host, `localhost:${new URL(app.url).port}`]) {
      const origin = `http://${host}`;
      for (const path of await publicPages(app)) {
        const { body } = await getWithHost(app, path, host);
        expect(canonicalOf(body), path).toBe(new URL(path, origin).href);
        expect(metaOf(body, "og:image"), path).toMatch(new RegExp(`^${origin}/`));
      }
      const robots = await getWithHost(app, "/robots.txt", host);
      expect(robots.body).toMatch(new RegExp(`^Sitemap: ${origin}/sitemap.xml$`, "m"));
      const sitemap = await getWithHost(app, "/sitemap.xml", host);
      expect(sitemap.status).toBe(200);
      expect(sitemap.body).toContain(`<loc>${origin}/about</loc>`);
    }
  });
});

describe("with APP_URL", () => {
  let app: AppServer;
  let origin: string;
  beforeAll(async () => {
    app = await startAppServer({}, { withAppUrl: true });
    origin = app.url;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("says nothing about APP_URL at start-up", () => {
    expect(app.output()).not.toContain("APP_URL");
  });

  it("links every page to APP_URL's origin, whatever the Host header", async () => {
    for (const path of await publicPages(app)) {
      const { status, body } = await getWithHost(app, path, FORGED_HOST);
      expect(status, path).toBe(200);
      expect(body, path).not.toContain(FORGED_HOST);
      expect(canonicalOf(body), path).toBe(`${origin}${path}`);
      expect(metaOf(body, "og:url"), path).toBe(`${origin}${path}`);
      expect(metaOf(body, "og:image"), path).toMatch(new RegExp(`^${origin}/`));
    }
    const { body } = await getWithHost(app, "/", FORGED_HOST);
    expect(jsonLdOf(body)).toMatchObject({ "@id": `${origin}/#business`, url: `${origin}/` });
  });

  it("names APP_URL's sitemap in robots.txt, and lists the public pages and guides there", async () => {
    const robots = await getWithHost(app, "/robots.txt", FORGED_HOST);
    expect(robots.body).toMatch(new RegExp(`^Sitemap: ${origin}/sitemap\\.xml$`, "m"));

    const sitemap = await getWithHost(app, "/sitemap.xml", FORGED_HOST);
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).not.toContain(FORGED_HOST);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const path of await publicPages(app)) expect(locs).toContain(`${origin}${path}`);
    for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true);
  });

  it("serves the e-mails' logo as a PNG at APP_URL (mail apps often show no SVG)", async () => {
    const logo = await fetch(`${origin}/images/email-logo.png`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await logo.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    // 96 × 96 (IHDR), shown at 40 px: sharp on a phone's screen.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([96, 96]);
  });
});

describe("with SMTP_URL and no APP_URL", () => {
  it("refuses to start, with a message naming APP_URL: customers' e-mails would carry links no mail client can open", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-no-app-url-"));
    // No mail server needs to answer: the check comes before anything is sent.
    const started = startAppServer({ SMTP_URL: "smtp://127.0.0.1:9" }, { withAppUrl: false, embeddedOnDisk: true, dataDir });
    await expect(started).rejects.toThrow(/^Server exited with 1:\n[\s\S]*Cannot start: Invalid environment variables[\s\S]*APP_URL: APP_URL must be set when SMTP_URL is/);
  });
});
