import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_ICONS } from "~/lib/service-icons";
import { reloadEnv } from "~/server/env.server";
import { seedContent } from "../../db/seed";
import { services as seedServices } from "../../db/seed-content/services";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { SPEC_BOAT_SERVICES, SPEC_CAR_SERVICES } from "../helpers/spec-services";

// Services as a table (the home page's car and boat lists) and the public care
// guides (/care-guides, /care-guides/{slug}, the sitemap): issue 10, items 2, 5 and 8.

const database = useTestDatabase();
const db = () => database.db;
const fetchRoute = inProcessFetch(db);
let admin: string;

const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
  const headers = new Headers(init.headers);
  if (!headers.has("cookie")) headers.set("cookie", admin);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return fetchRoute(path, { ...init, headers, body });
};

const CAR_TITLES = SPEC_CAR_SERVICES;
const BOAT_TITLES = SPEC_BOAT_SERVICES;

interface HomeData {
  services: Record<"car" | "boat", { id: number; title: string; description: string; icon: string }[]>;
}

async function homeServices() {
  const res = await fetchRoute("/");
  expect(res.status).toBe(200);
  return ((await res.json()) as HomeData).services;
}

async function addGuide(values: Record<string, unknown>) {
  const res = await call("/api/tables/care_guides", { method: "POST", json: { body: "<p>Rinse first.</p>", ...values } });
  const json = (await res.json()) as Record<string, unknown> & { id: number; slug: string; error?: string; fields?: Record<string, string> };
  return { status: res.status, row: json };
}

beforeAll(async () => {
  admin = await sessionCookieFor(db(), "owner@example.com", { admin: true });
});

describe("the services seed", () => {
  beforeAll(() => seedContent(db()));

  it("holds the spec's car and boat lists, in its order, with icons the site can draw", async () => {
    const rows = await db().selectFrom("services").selectAll().orderBy("sort_order").orderBy("id").execute();
    expect(rows.filter((r) => r.kind === "car").map((r) => r.title)).toEqual(CAR_TITLES);
    expect(rows.filter((r) => r.kind === "boat").map((r) => r.title)).toEqual(BOAT_TITLES);
    for (const r of rows) {
      expect((SERVICE_ICONS as readonly string[]).includes(r.icon), r.icon).toBe(true);
      expect(r.description.length).toBeGreaterThan(40);
    }
  });

  it("runs once: re-running adds nothing, and a deleted service does not come back", async () => {
    const count = async () => (await db().selectFrom("services").select("id").execute()).length;
    const before = await count();
    expect(before).toBe(seedServices.length);
    await seedContent(db());
    expect(await count()).toBe(before);

    await db().deleteFrom("services").where("title", "=", "Engine Bay Detailing").execute();
    await seedContent(db());
    expect(await count()).toBe(before - 1);
    expect(await db().selectFrom("services").select("id").where("title", "=", "Engine Bay Detailing").execute()).toEqual([]);
    // Put back for the tests below, as the owner would.
    await db().insertInto("services").values({ kind: "car", title: "Engine Bay Detailing", description: "Careful degreasing.", icon: "wrench", sort_order: 50 }).execute();
  });
});

describe("the home page's service lists", () => {
  it("lists each kind in sort order, then id", async () => {
    const lists = await homeServices();
    expect(lists.car.map((s) => s.title)).toEqual(CAR_TITLES);
    expect(lists.boat.map((s) => s.title)).toEqual(BOAT_TITLES);
    expect(lists.car[0]).toMatchObject({ icon: "sparkles", description: expect.stringMatching(/^A deep clean/) });

    const between = await call("/api/tables/services", {
      method: "POST",
      json: { kind: "boat", title: "Shrink Wrap Prep", description: "Ready for winter.", icon: "snowflake", sort_order: 15 },
    });
    expect(between.status).toBe(201);
    const last = await call("/api/tables/services", {
      method: "POST",
      json: { kind: "boat", title: "Trailer Wash", description: "Salt and road grime off.", icon: "anchor", sort_order: 15 },
    });
    expect(last.status).toBe(201);
    const boat = (await homeServices()).boat.map((s) => s.title);
    // Same sort_order: the older row first.
    expect(boat.slice(0, 3)).toEqual(["Complete Hull & Deck Cleaning", "Shrink Wrap Prep", "Trailer Wash"]);
    expect((await homeServices()).car.map((s) => s.title)).toEqual(CAR_TITLES);
    await db().deleteFrom("services").where("title", "in", ["Shrink Wrap Prep", "Trailer Wash"]).execute();
  });
});

describe("the services table in the dashboard's API", () => {
  it("is served by /api/admin/schemas with kinds and icons as enums with titles", async () => {
    const names = (await (await call("/api/admin/schemas")).json()) as string[];
    expect(names).toContain("services");
    const schema = await (await call("/api/admin/schemas/services")).json();
    expect(schema).toMatchObject({ name: "services", title: "Services", required: ["kind", "title", "icon"] });
    expect(schema.properties.kind).toMatchObject({ enum: ["car", "boat"], enumTitles: ["Car", "Boat"] });
    expect(schema.properties.icon.enum).toEqual([...SERVICE_ICONS]);
    expect(schema.properties.icon.enumTitles).toHaveLength(SERVICE_ICONS.length);
    expect(schema.properties.sort_order).toMatchObject({ type: "integer", sortable: true });
  });

  it("lists, sorts and searches services", async () => {
    const all = await (await call("/api/tables/services")).json();
    expect(all.total).toBe(CAR_TITLES.length + BOAT_TITLES.length);
    const byTitle = await (await call("/api/tables/services?sort=title:asc&limit=1")).json();
    expect(byTitle.rows[0].title).toBe("Complete Hull & Deck Cleaning");
    const byKind = await (await call("/api/tables/services?sort=kind:asc&limit=1")).json();
    expect(byKind.rows[0].kind).toBe("boat");
    const search = await (await call("/api/tables/services?q=headlight")).json();
    expect(search.rows.map((r: { title: string }) => r.title)).toEqual(["Headlight Restoration"]);
  });

  it("refuses an unknown icon or kind with a clear message, and a missing title", async () => {
    const icon = await call("/api/tables/services", { method: "POST", json: { kind: "car", title: "Rocket Wash", icon: "rocket" } });
    expect(icon.status).toBe(400);
    const body = await icon.json();
    expect(body.error).toBe("Icon must be one of the valid options");
    expect(body.fields).toEqual({ icon: "Icon must be one of the valid options" });

    const kind = await call("/api/tables/services", { method: "POST", json: { kind: "truck", title: "Truck Wash", icon: "car" } });
    expect(kind.status).toBe(400);
    expect((await kind.json()).fields).toEqual({ kind: "Kind must be one of the valid options" });

    const title = await call("/api/tables/services", { method: "POST", json: { kind: "car", icon: "car" } });
    expect(title.status).toBe(400);
    expect((await title.json()).fields).toEqual({ title: "Title is required" });
    expect(await db().selectFrom("services").select("id").where("title", "in", ["Rocket Wash", "Truck Wash"]).execute()).toEqual([]);
  });

  it("updates and deletes a service", async () => {
    const created = await (await call("/api/tables/services", { method: "POST", json: { kind: "car", title: "Odor Removal", icon: "wind" } })).json();
    const updated = await call(`/api/tables/services/${created.id}`, { method: "PUT", json: { icon: "leaf", sort_order: 5 } });
    expect(await updated.json()).toMatchObject({ icon: "leaf", sort_order: 5, title: "Odor Removal" });
    expect((await homeServices()).car[0]!.title).toBe("Odor Removal");
    expect((await call(`/api/tables/services/${created.id}`, { method: "DELETE" })).status).toBeLessThan(300);
    expect((await homeServices()).car.map((s) => s.title)).toEqual(CAR_TITLES);
  });
});

describe("care guide slugs", () => {
  it("are made from the title when left empty, unique with a number", async () => {
    const first = await addGuide({ title: "Ceramic Coating Aftercare", published: true });
    expect(first.status).toBe(201);
    expect(first.row.slug).toBe("ceramic-coating-aftercare");
    const second = await addGuide({ title: "Ceramic coating aftercare!", slug: "" });
    expect(second.status).toBe(201);
    expect(second.row.slug).toBe("ceramic-coating-aftercare-2");
    const accents = await addGuide({ title: "Café & Boat: Winter Storage (2026)" });
    expect(accents.row.slug).toBe("cafe-boat-winter-storage-2026");
    const symbols = await addGuide({ title: "!!!" });
    expect(symbols.row.slug).toBe("guide");
    const long = await addGuide({ title: "Wash ".repeat(30).trim() });
    expect(long.row.slug.length).toBeLessThanOrEqual(80);
    expect(long.row.slug).toMatch(/^wash(-wash)+$/);
    // Rows written by other means (a seed, SQL) get one too.
    const inserted = await db().insertInto("care_guides").values({ title: "Vinyl Seat Care" }).returning("slug").executeTakeFirstOrThrow();
    expect(inserted.slug).toBe("vinyl-seat-care");
  });

  it("keep a slug given by the owner, and refuse a duplicate one with a clear message", async () => {
    const own = await addGuide({ title: "Boat Winterizing", slug: "winter-boat-care" });
    expect(own.status).toBe(201);
    expect(own.row.slug).toBe("winter-boat-care");

    const duplicate = await addGuide({ title: "Another One", slug: "winter-boat-care" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.row.error).toBe("Slug is already in use");
    expect(duplicate.row.fields).toEqual({ slug: "Slug is already in use" });

    const invalid = await addGuide({ title: "Another One", slug: "Not A Slug" });
    expect(invalid.status).toBe(400);
    expect(invalid.row.fields).toEqual({ slug: "Slug is not valid" });
    const short = await addGuide({ title: "Another One", slug: "ab" });
    expect(short.row.fields).toEqual({ slug: "Slug must be at least 3 characters" });

    // Editing the title keeps the address; clearing the slug makes it anew from the title.
    const renamed = await call(`/api/tables/care_guides/${own.row.id}`, { method: "PUT", json: { title: "Boat Winter Storage" } });
    expect((await renamed.json()).slug).toBe("winter-boat-care");
    const cleared = await call(`/api/tables/care_guides/${own.row.id}`, { method: "PUT", json: { slug: "" } });
    expect((await cleared.json()).slug).toBe("boat-winter-storage");
    const taken = await call(`/api/tables/care_guides/${own.row.id}`, { method: "PUT", json: { slug: "vinyl-seat-care" } });
    expect(taken.status).toBe(400);
    expect((await taken.json()).error).toBe("Slug is already in use");
  });
});

describe("the public care guide pages", () => {
  let published: { slug: string; id: number };
  let hidden: { slug: string; id: number };
  beforeAll(async () => {
    await db().deleteFrom("care_guides").execute();
    published = (
      await addGuide({
        title: "Paint Sealant Care",
        summary: "Keep the shine for months.",
        body: '<h2>Washing</h2><p onmouseover="steal()">Use <strong>pH-neutral</strong> soap.<script>alert(1)</script></p>',
        pdf: "/uploads/sealant.pdf",
        cover: "/uploads/sealant.png",
        product_web_url: "https://example.com/soap",
        contact_email: "care@example.com",
        reviewed_on: "2026-11-20",
        published: true,
        sort_order: 2,
      })
    ).row;
    hidden = (await addGuide({ title: "Draft Guide", summary: "Not ready yet.", published: false, sort_order: 1 })).row;
    await addGuide({ title: "Hull Care", published: true, sort_order: 1 });
  });

  it("/care-guides lists published guides only, in the owner's order", async () => {
    const res = await fetchRoute("/care-guides");
    expect(res.status).toBe(200);
    const { guides } = (await res.json()) as { guides: { slug: string; title: string; summary: string; cover: string }[] };
    expect(guides).toEqual([
      { slug: "hull-care", title: "Hull Care", summary: "", cover: "" },
      { slug: "paint-sealant-care", title: "Paint Sealant Care", summary: "Keep the shine for months.", cover: "/uploads/sealant.png" },
    ]);
  });

  it("/care-guides/{slug} gives a published guide, its body sanitised when stored", async () => {
    const res = await fetchRoute(`/care-guides/${published.slug}`);
    expect(res.status).toBe(200);
    const { guide } = (await res.json()) as { guide: Record<string, unknown> };
    expect(guide).toMatchObject({
      title: "Paint Sealant Care",
      body: "<h2>Washing</h2><p>Use <strong>pH-neutral</strong> soap.</p>",
      pdf: "/uploads/sealant.pdf",
      cover: "/uploads/sealant.png",
      productUrl: "https://example.com/soap",
      contactEmail: "care@example.com",
      reviewedOn: "2026-11-20",
    });
  });

  it("answers 404 for an unpublished, unknown or malformed slug", async () => {
    for (const path of [`/care-guides/${hidden.slug}`, "/care-guides/no-such-guide", "/care-guides/NOT_A..SLUG", "/care-guides/a"]) {
      expect((await fetchRoute(path)).status, path).toBe(404);
    }
    // Unpublishing takes a guide off the site at once.
    await call(`/api/tables/care_guides/${published.id}`, { method: "PUT", json: { published: false } });
    expect((await fetchRoute(`/care-guides/${published.slug}`)).status).toBe(404);
    await call(`/api/tables/care_guides/${published.id}`, { method: "PUT", json: { published: true } });
    expect((await fetchRoute(`/care-guides/${published.slug}`)).status).toBe(200);
  });

  it("lists /care-guides and each published guide, with its last change, in the sitemap", async () => {
    // A sitemap needs APP_URL (tests/integration/site-url.test.ts).
    process.env.APP_URL = "https://shine.example";
    reloadEnv();
    const res = await fetchRoute("/sitemap.xml").finally(() => {
      delete process.env.APP_URL;
      reloadEnv();
    });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain("<loc>https://shine.example/care-guides</loc>");
    const updated = await db().selectFrom("care_guides").select("updated_at").where("id", "=", published.id).executeTakeFirstOrThrow();
    expect(xml).toContain(
      `<url><loc>https://shine.example/care-guides/paint-sealant-care</loc><lastmod>${new Date(updated.updated_at).toISOString()}</lastmod></url>`,
    );
    expect(xml).toContain("<loc>https://shine.example/care-guides/hull-care</loc>");
    expect(xml).not.toContain("draft-guide");
  });
});

describe("through the production server", () => {
  const OWNER = "owner@example.com";
  let smtp: SmtpSink;
  let app: AppServer;
  let owner: string;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER });
    owner = await signInByEmail(app, smtp, OWNER);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });
  const api = (path: string, method: string, json: unknown) =>
    app.fetch(path, { method, headers: { cookie: owner, "content-type": "application/json" }, body: JSON.stringify(json) });

  it("renders the seeded services on / and shows a new one within about a second (page cache)", async () => {
    const first = await app.fetch("/");
    expect(first.headers.get("x-page-cache")).toBe("hit");
    const html = await first.text();
    for (const title of [...CAR_TITLES, ...BOAT_TITLES]) expect(html).toContain(title.replace(/&/g, "&amp;"));
    expect(html).toMatch(/<section id="car-services"[^>]*>[\s\S]*Car Detailing Services[\s\S]*<section id="boat-services"/);

    const added = await api("/api/tables/services", "POST", { kind: "boat", title: "Pontoon Log Brightening", icon: "sailboat", description: "Aluminum logs polished bright." });
    expect(added.status).toBe(201);
    const started = Date.now();
    await expect
      .poll(async () => (await (await app.fetch("/")).text()).includes("Pontoon Log Brightening"), { timeout: 5_000, interval: 100 })
      .toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    const html2 = await (await app.fetch("/")).text();
    // Listed with the boats, not the cars.
    expect(html2.indexOf("Pontoon Log Brightening")).toBeGreaterThan(html2.indexOf('id="boat-services"'));
  });

  it("renders a guide page: sanitised body, cover, PDF link, and the header and footer", async () => {
    const created = await api("/api/tables/care_guides", "POST", {
      title: "Gel Coat Aftercare",
      summary: "After polishing your hull.",
      body: '<h2>First week</h2><p onclick="x()">Rinse with fresh water.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      pdf: "/uploads/gel-coat.pdf",
      cover: "/uploads/gel-coat.png",
      published: true,
    });
    expect(created.status).toBe(201);
    const res = await app.fetch("/care-guides/gel-coat-aftercare");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Gel Coat Aftercare | Care Guides |");
    expect(html).toContain('<meta name="description" content="After polishing your hull."/>');
    expect(html).toContain("<h2>First week</h2><p>Rinse with fresh water.</p>");
    expect(html).not.toMatch(/onclick|onerror|alert\(/);
    expect(html).toMatch(/<a href="\/uploads\/gel-coat.pdf" download=""[^>]*>.*Download the PDF guide/);
    expect(html).toContain('src="/uploads/gel-coat.png"');
    expect(html).toContain("<footer");

    const list = await (await app.fetch("/care-guides")).text();
    expect(list).toContain('href="/care-guides/gel-coat-aftercare"');
    expect(list).toContain("<title>Care Guides |");
  });

  it("answers an unknown slug with the 404 page, header and footer included", async () => {
    const res = await app.fetch("/care-guides/no-such-guide");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toMatch(/<header[\s\S]*<footer/);
  });

  it("links the care guides from the footer and the FAQ's Aftercare section", async () => {
    const html = await (await app.fetch("/")).text();
    expect(html).toMatch(/<footer[\s\S]*<a[^>]*href="\/care-guides"[^>]*>Care Guides<\/a>/);
    expect(html).toMatch(/Aftercare<\/h3><a[^>]*href="\/care-guides"[^>]*>Read our care guides/);
  });
});
