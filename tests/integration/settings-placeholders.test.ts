import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import type { BusinessSettings, SiteSettings } from "~/lib/site-settings";
import { renderMarkdown } from "~/server/markdown.server";
import { fillPlaceholders } from "~/server/placeholders.server";
import { sanitizeRichText } from "~/server/rich-text.server";
import { saveSettings } from "~/server/settings.server";
import * as seededFaqsNameTheSettings from "../../db/migrations/2026-11-27-04-seeded-faqs-name-the-settings";
import { seedContent } from "../../db/seed";
import { careGuides } from "../../db/seed-content/care-guides";
import { faqs as seedFaqs } from "../../db/seed-content/faqs";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { telOf } from "../helpers/phones";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Owner-written texts (FAQ answers, care guides, the About story) name the
// settings as {phone}, {email}, {business_name} and {service_area}, and the
// pages show the current values (issue 17; ui-contract.md, Public pages).
// The seeded texts do; existing databases' seeded FAQ answers are rewritten
// by a migration; two care guides are seeded once.

const database = useTestDatabase();
const db = () => database.db;
const fetchRoute = inProcessFetch(db);
const OWNER = "owner@example.com";

// The settings form as first saved: the first-start texts and an alert address.
const SEED_FORM: BusinessSettings = { ...SEED_SETTINGS, notifyEmail: OWNER, taxRate: "0", paymentInstructions: "", invoiceDueDays: "14", googleReviewUrl: "", baseZip: "49503", serviceRadiusMiles: "50", depositAbove: "", depositPercent: "", depositHoldHours: "24" };

const CHANGED: BusinessSettings = {
  ...SEED_FORM,
  businessName: "Gleam Mobile Detailing",
  phone: "(616) 555-0123",
  publicEmail: "hello@gleam.example",
  serviceArea: "Holland and the Lakeshore",
};
const telLink = (s: SiteSettings) => `<a href="${telOf(s.phone)}">${s.phone}</a>`;
const mailLink = (s: SiteSettings) => `<a href="mailto:${s.publicEmail}">${s.publicEmail}</a>`;
const BOOKING = "How do I book an appointment?";
const AREAS = "What areas do you serve?";

interface HomeData {
  faqGroups: { category: string; items: { question: string; answerHtml: string }[] }[];
}
async function faqAnswer(question: string): Promise<string> {
  const res = await fetchRoute("/");
  expect(res.status).toBe(200);
  const { faqGroups } = (await res.json()) as HomeData;
  return faqGroups.flatMap((g) => g.items).find((i) => i.question === question)!.answerHtml;
}

/** Back to a database that has never held a care guide nor run the guides' seed. */
async function forgetCareGuides() {
  await db().deleteFrom("care_guides").execute();
  await sql`DELETE FROM trash WHERE table_name = 'care_guides'`.execute(db());
  await sql`DELETE FROM row_history WHERE table_name = 'care_guides'`.execute(db());
  await db().deleteFrom("seeds").where("name", "=", "care-guides-v1").execute();
}
const guideSlugs = async () => (await db().selectFrom("care_guides").select("slug").orderBy("sort_order").execute()).map((r) => r.slug);

describe("the public pages show the current settings in the seeded texts", () => {
  beforeAll(async () => {
    await seedContent(db());
    await saveSettings(db(), { ...CHANGED, aboutStory: "<p>Ask <strong>{business_name}</strong> at {phone}, or {email}; we cover {service_area}. {unknown} stays.</p>" }, OWNER);
  });
  afterAll(() => saveSettings(db(), SEED_FORM, OWNER));

  it("the FAQ on / shows and dials the changed phone, writes to the changed e-mail and names the changed area", async () => {
    const booking = await faqAnswer(BOOKING);
    expect(booking).toContain(`Call or text us at ${telLink(CHANGED)}, e-mail ${mailLink(CHANGED)}, or send the quote form`);
    expect(booking).not.toContain(SEED_SETTINGS.phone);
    expect(booking).not.toContain(SEED_SETTINGS.phoneE164);
    expect(booking).not.toContain(SEED_SETTINGS.publicEmail);
    expect(await faqAnswer(AREAS)).toMatch(/^<p>We serve Holland and the Lakeshore, including Wyoming, /);
  });

  it("a seeded care guide shows them too", async () => {
    const res = await fetchRoute(`/care-guides/${careGuides[0]!.slug}`);
    expect(res.status).toBe(200);
    const { guide } = (await res.json()) as { guide: { body: string } };
    expect(guide.body).toContain(`Call or text us at ${telLink(CHANGED)} or e-mail ${mailLink(CHANGED)}. Gleam Mobile Detailing comes to you anywhere in Holland and the Lakeshore.`);
    expect(guide.body).not.toMatch(/\{(phone|email|business_name|service_area)\}/);
  });

  it("the dashboard's help for those texts says they may name the settings", async () => {
    const cookie = await sessionCookieFor(db(), OWNER, { admin: true });
    const property = async (table: string, column: string) => {
      const schema = (await (await fetchRoute(`/api/admin/schemas/${table}`, { headers: { cookie } })).json()) as {
        properties: Record<string, { description?: string }>;
      };
      return schema.properties[column]!.description;
    };
    for (const [table, column] of [["faqs", "answer"], ["care_guides", "body"]] as const) {
      expect(await property(table, column), `${table}.${column}`).toMatch(/\{phone\}, \{email\}, \{business_name\} or \{service_area\}/);
    }
  });

  it("/about shows the story with them filled in, other {words} as written", async () => {
    const res = await fetchRoute("/about");
    expect(res.status).toBe(200);
    const { story } = (await res.json()) as { story: string };
    expect(story).toBe(
      `<p>Ask <strong>Gleam Mobile Detailing</strong> at ${telLink(CHANGED)}, or ${mailLink(CHANGED)}; we cover Holland and the Lakeshore. {unknown} stays.</p>`,
    );
  });
});

describe("the care guides' seed", () => {
  beforeAll(forgetCareGuides);

  it("gives a new database two published guides, as the dashboard's editor would store them, each of a few hundred words", async () => {
    await seedContent(db());
    const rows = await db().selectFrom("care_guides").selectAll().orderBy("sort_order").execute();
    expect(rows.map((r) => [r.slug, r.title, r.published])).toEqual([
      ["ceramic-coating-care", "Caring for Your Ceramic Coating", true],
      ["winterizing-boat-gel-coat", "Winterizing Your Boat's Gel Coat", true],
    ]);
    for (const row of rows) {
      expect(sanitizeRichText(row.body)).toBe(row.body);
      const words = row.body.replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean).length;
      expect(words, row.slug).toBeGreaterThan(300);
      expect(row.body, row.slug).toContain("{phone}");
      expect(row.summary.length).toBeGreaterThan(50);
    }
    const list = (await (await fetchRoute("/care-guides")).json()) as { guides: { slug: string }[] };
    expect(list.guides.map((g) => g.slug)).toEqual(["ceramic-coating-care", "winterizing-boat-gel-coat"]);
  });

  it("runs once: a restart adds nothing, and a guide the owner deleted stays deleted", async () => {
    await seedContent(db());
    expect(await guideSlugs()).toEqual(["ceramic-coating-care", "winterizing-boat-gel-coat"]);
    await db().deleteFrom("care_guides").execute();
    await seedContent(db());
    expect(await guideSlugs()).toEqual([]);
  });

  it("gives a database from before the guides' seed the two guides at its next start, if it never held one", async () => {
    await forgetCareGuides();
    // Started before: the other seeds have run.
    expect(await db().selectFrom("seeds").select("name").where("name", "=", "public-content-v1").executeTakeFirst()).toBeDefined();
    await seedContent(db());
    expect(await guideSlugs()).toEqual(["ceramic-coating-care", "winterizing-boat-gel-coat"]);
  });

  it("adds nothing to a database that has guides of the owner's, or had some and deleted them, and decides that once", async () => {
    await forgetCareGuides();
    await db().insertInto("care_guides").values({ title: "Pontoon Care", body: "<p>Rinse the logs.</p>", published: true }).execute();
    await seedContent(db());
    expect(await guideSlugs()).toEqual(["pontoon-care"]);
    // Decided for good: the owner deleting theirs later brings no guides either.
    await db().deleteFrom("care_guides").execute();
    await seedContent(db());
    expect(await guideSlugs()).toEqual([]);

    // Guides written and deleted before the seed ran: their history remains.
    await db().deleteFrom("seeds").where("name", "=", "care-guides-v1").execute();
    expect(await db().selectFrom("care_guides").select("id").execute()).toEqual([]);
    await seedContent(db());
    expect(await guideSlugs()).toEqual([]);
  });
});

describe("the migration that makes existing databases' seeded FAQ answers name the settings", () => {
  // What the seed wrote before (db/seed-content/ with the first-start settings).
  const OLD_BOOKING =
    "Call or text us at [(616) 555-0142](tel:+16165550142), e-mail [info@shineonwheelsgr.com](mailto:info@shineonwheelsgr.com), or send the quote form on this page and we'll get back to you within 24 hours with a personalized quote.";
  const OLD_AREAS =
    "We serve Grand Rapids, Michigan and surrounding areas, including Wyoming, Kentwood, Walker, Grandville, Rockford, Ada, East Grand Rapids and Holland. Not sure if you're in range? Just ask.";
  const seeded = (question: string) => seedFaqs.find((f) => f.question === question)!.answer;
  let ids: { booking: number; areas: number; edited: number };

  beforeAll(async () => {
    await db().deleteFrom("faqs").execute();
    const insert = (question: string, answer: string) =>
      db().insertInto("faqs").values({ category: "General Questions", question, answer }).returning("id").executeTakeFirstOrThrow();
    ids = {
      booking: (await insert(BOOKING, OLD_BOOKING)).id,
      areas: (await insert(AREAS, OLD_AREAS)).id,
      // The owner changed one word of the seeded answer: theirs now.
      edited: (await insert("How do I book?", OLD_BOOKING.replace("Call or text", "Call or TEXT"))).id,
    };
    // As the migrator runs it: in one transaction with the other pending migrations.
    await db().transaction().execute((trx) => seededFaqsNameTheSettings.up(trx));
  });

  const answer = async (id: number) => (await db().selectFrom("faqs").select("answer").where("id", "=", id).executeTakeFirstOrThrow()).answer;

  it("rewrites the answers still exactly as seeded into what the seed writes today", async () => {
    expect(await answer(ids.booking)).toBe(seeded(BOOKING));
    expect(await answer(ids.areas)).toBe(seeded(AREAS));
  });

  it("keeps an answer the owner edited as it is", async () => {
    expect(await answer(ids.edited)).toBe(OLD_BOOKING.replace("Call or text", "Call or TEXT"));
  });

  it("changes nothing a visitor sees while the settings are unchanged", async () => {
    // Only the generated links lack the markdown links' rel (which tel: and mailto: do not need).
    const withoutRel = (html: string) => html.replaceAll(' rel="noopener noreferrer"', "");
    expect(fillPlaceholders(renderMarkdown(await answer(ids.booking)), SEED_SETTINGS)).toBe(withoutRel(renderMarkdown(OLD_BOOKING)));
    expect(fillPlaceholders(renderMarkdown(await answer(ids.areas)), SEED_SETTINGS)).toBe(renderMarkdown(OLD_AREAS));
  });

  it("names itself in the rows' history, not an unknown visitor, and leaves no actor behind", async () => {
    const { rows } = await sql<{ row_id: string; actor: string }>`SELECT row_id, actor FROM row_history
      WHERE table_name = 'faqs' AND op = 'update' ORDER BY id`.execute(db());
    expect(rows.map((r) => [Number(r.row_id), r.actor])).toEqual([
      [ids.areas, "Site update: contact details from the Business Settings"],
      [ids.booking, "Site update: contact details from the Business Settings"],
    ]);
    await db().transaction().execute(async (trx) => {
      await seededFaqsNameTheSettings.up(trx);
      const { rows: actor } = await sql<{ actor: string | null }>`SELECT current_setting('app.actor', true) AS actor`.execute(trx);
      expect(actor[0]!.actor).toBe("");
    });
  });
});

// The production server serves / and /about from its page cache (server/page-cache.ts,
// docs/decisions/0003): a settings save must show on every page that fills them in.
describe("through the production server, a changed phone shows on every page that names it", () => {
  let smtp: SmtpSink;
  let app: AppServer;
  let cookie: string;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER });
    cookie = await signInByEmail(app, smtp, OWNER);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const page = async (path: string) => {
    const res = await app.fetch(path);
    expect(res.status, path).toBe(200);
    return { cache: res.headers.get("x-page-cache"), html: await res.text() };
  };
  const PAGES = ["/", "/about", `/care-guides/${careGuides[1]!.slug}`];

  it("in the FAQ on /, the About story and a seeded care guide, within about a second", async () => {
    // The About story as the owner might write it; the seeded one names no contact details.
    const story = "<p>Questions? Call Jake at {phone}.</p>";
    const save = (settings: BusinessSettings) =>
      app.fetch("/admin/settings", {
        method: "POST",
        body: new URLSearchParams({ ...settings }),
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      });
    expect((await save({ ...SEED_FORM, aboutStory: story })).status).toBe(302);
    const seedLink = `href="${telOf(SEED_SETTINGS.phone)}">${SEED_SETTINGS.phone}</a>`;
    for (const path of PAGES) await expect.poll(async () => (await page(path)).html, { timeout: 10_000, interval: 100 }).toContain(seedLink);
    expect((await page("/")).cache).toBe("hit");
    expect((await page("/about")).cache).toBe("hit");

    expect((await save({ ...CHANGED, aboutStory: story })).status).toBe(302);
    const at = Date.now();
    const changedLink = `href="${telOf(CHANGED.phone)}">${CHANGED.phone}</a>`;
    for (const path of PAGES) {
      await expect.poll(async () => (await page(path)).html, { timeout: 10_000, interval: 50 }).toContain(changedLink);
    }
    console.info(`[settings-placeholders] the new phone showed on ${PAGES.join(", ")} after ${(Date.now() - at) / 1000} s`);
    const home = await page("/");
    expect(home.cache).toBe("hit");
    // The FAQ's answer itself, not only the header and footer.
    expect(home.html).toContain(`Call or text us at <a href="${telOf(CHANGED.phone)}">${CHANGED.phone}</a>, e-mail <a href="mailto:${CHANGED.publicEmail}">`);
    expect((await page("/about")).html).toContain(`Questions? Call Jake at <a href="${telOf(CHANGED.phone)}">${CHANGED.phone}</a>.`);
    for (const path of PAGES) expect((await page(path)).html, path).not.toContain(SEED_SETTINGS.phone);
  });
});
