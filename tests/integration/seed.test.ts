import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { FAQ_CATEGORIES } from "~/lib/faq-categories";
import { listFaqGroups, listTestimonials } from "~/server/public-content.server";
import { seedContent } from "../../db/seed";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const database = useTestDatabase();
const db = () => database.db;

async function counts() {
  const [t, f] = await Promise.all([
    db().selectFrom("testimonials").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    db().selectFrom("faqs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { testimonials: Number(t.n), faqs: Number(f.n) };
}

describe("first-start content", () => {
  beforeAll(() => seedContent(db()));

  it("seeds the three testimonials of the spec, rated out of 5, with avatars under /images/", async () => {
    const rows = await listTestimonials(db());
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.service)).toEqual(["Headlight & Scratch Restoration", "Full Vehicle Detail", "Convenient Service"]);
    for (const r of rows) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.image).toMatch(/^\/images\/[\w-]+\.svg$/);
      expect(r.text.length).toBeGreaterThan(40);
    }
  });

  it("groups the FAQ in the five categories, in the spec's order", async () => {
    const groups = await listFaqGroups(db(), SEED_SETTINGS);
    expect(groups.map((g) => g.category)).toEqual([...FAQ_CATEGORIES]);
    for (const g of groups) expect(g.items.length).toBeGreaterThanOrEqual(3);
  });

  it("states every business fact of the spec somewhere in the FAQ", async () => {
    const rows = await db().selectFrom("faqs").select(["question", "answer"]).execute();
    const text = rows.map((r) => `${r.question}\n${r.answer}`).join("\n").toLowerCase();
    const facts: [string, RegExp][] = [
      ["cars take 2-6 hours", /cars take \*\*2-6 hours\*\*/],
      ["boats take 4-12 hours", /boats usually take \*\*4-12 hours\*\*/],
      ["cash and cards", /cash and cards/],
      ["24 hours' notice to cancel or reschedule", /24 hours' notice\*\* if you need to cancel or reschedule/],
      ["full car detail every 3-6 months", /full detail every \*\*3-6 months\*\*/],
      ["boats at least once per season", /at least \*\*once per season\*\*/],
      ["sealant lasts 6-8 months", /sealant lasts about \*\*6-8 months\*\*/],
      ["ceramic coating lasts 2-9 years", /ceramic coating lasts \*\*2-9 years\*\*/],
      ["wait 12-24 hours for the cure", /\*\*12-24 hours\*\* to cure/],
      ["avoid harsh washes for 24 hours", /harsh washes for \*\*24 hours\*\*/],
      ["mobile service needs electrical and water", /electrical power and water/],
      ["discount for recurring plans", /recurring maintenance plans/],
      ["discount for multiple vehicles", /multiple vehicles/],
      ["extra fee for heavy soiling", /extra fee\*\* may apply for heavy soiling/],
      // The current settings' phone and e-mail (app/server/placeholders.server.ts).
      ["booking by phone/text", /call or text us at \{phone\}/],
      ["booking by e-mail", /e-mail \{email\}/],
    ];
    for (const [fact, pattern] of facts) expect(text, fact).toMatch(pattern);
  });

  it("renders FAQ answers from markdown to sanitised HTML, the settings' phone and e-mail as links", async () => {
    const groups = await listFaqGroups(db(), SEED_SETTINGS);
    const booking = groups[0]!.items.find((i) => i.question === "How do I book an appointment?")!;
    expect(booking.answerHtml).toContain(`<a href="tel:+16165550142">${SEED_SETTINGS.phone}</a>`);
    expect(booking.answerHtml).toContain(`<a href="mailto:${SEED_SETTINGS.publicEmail}">${SEED_SETTINGS.publicEmail}</a>`);
  });

  it("runs once: a second start adds nothing, and rows the owner deleted stay deleted", async () => {
    const before = await counts();
    await seedContent(db());
    expect(await counts()).toEqual(before);

    await db().deleteFrom("testimonials").where("name", "=", "Mike T.").execute();
    await db().deleteFrom("faqs").where("category", "=", "Aftercare").execute();
    await seedContent(db());
    const after = await counts();
    expect(after.testimonials).toBe(before.testimonials - 1);
    expect(after.faqs).toBeLessThan(before.faqs);
    expect(await db().selectFrom("testimonials").select("id").where("name", "=", "Mike T.").execute()).toEqual([]);
  });

  it("shows other categories after the five known ones, and orders by sort_order then id", async () => {
    await db()
      .insertInto("faqs")
      .values([
        { category: "Winter Storage", question: "Second?", answer: "b", sort_order: 1 },
        { category: "Winter Storage", question: "First?", answer: "a", sort_order: 0 },
        { category: "Gift Cards", question: "Gift?", answer: "c" },
      ])
      .execute();
    const groups = await listFaqGroups(db(), SEED_SETTINGS);
    expect(groups.map((g) => g.category).slice(-2)).toEqual(["Gift Cards", "Winter Storage"]);
    expect(groups.at(-1)!.items.map((i) => i.question)).toEqual(["First?", "Second?"]);
    await db().deleteFrom("faqs").where("category", "in", ["Winter Storage", "Gift Cards"]).execute();
  });
});

describe("the home page through the production server", () => {
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

  it("is served from the page cache and shows a new testimonial within about a second", async () => {
    const first = await app.fetch("/");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("hit");
    const html = await first.text();
    expect(html).toContain("Sarah M.");
    expect(html).toContain("What areas do you serve?");

    // The owner adds one in the dashboard.
    const added = await app.fetch("/api/tables/testimonials", {
      method: "POST",
      headers: { cookie: owner, "content-type": "application/json" },
      body: JSON.stringify({ name: "Priya from Ada", text: "Spotless pontoon, right at our dock.", rating: 4, service: "Boat Detail", sort_order: 10 }),
    });
    expect(added.status).toBe(201);
    const started = Date.now();
    await expect
      .poll(
        async () => {
          const res = await app.fetch("/");
          expect(res.headers.get("x-page-cache")).toBe("hit");
          return (await res.text()).includes("Priya from Ada");
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBe(true);
    // The cache re-reads the content version at most once per second.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("serves /about from the cache too, with its canonical URL", async () => {
    const res = await app.fetch("/about");
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(await res.text()).toContain(`<link rel="canonical" href="${app.url}/about"/>`);
  });
});
