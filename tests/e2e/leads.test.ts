import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { cookiesFrom } from "../helpers/cookies";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, hydrated, signIn, test, watchConsole, VIEWS } from "./fixtures";

/*
 * The lead inbox (/admin/leads) and a lead's page (/admin/leads/{id}), with
 * JavaScript on and off, on a desktop and on a 390×844 phone. Every test makes
 * its own leads with unique names and looks at them through a search (?q=tag)
 * or by how a count moves, since the worker's database is shared with the
 * other tests.
 */

const STATUS_TITLES = ["New", "Contacted", "Quoted", "Booked", "Completed", "Lost"];

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
});

const main = (page: Page) => page.getByRole("main");
const history = (page: Page) => page.getByRole("region", { name: "History" });
const statusSection = (page: Page) => page.getByRole("region", { name: "Status" });
const leadsNavLink = (page: Page) => page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Leads/ });
const leadsLinkName = (count: number) => (count > 0 ? `Leads (${count})` : "Leads");

/** The header's number of New leads ("Leads (3)" → 3, "Leads" → 0). */
async function headerNewCount(page: Page): Promise<number> {
  const text = (await leadsNavLink(page).textContent()) ?? "";
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? 0);
}

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

const cardNames = (page: Page) => main(page).getByRole("article").getByRole("heading");

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("the inbox: newest first, status filters with counts, search in the message, one-tap contact links", async ({ page }) => {
        const tag = marker("inbox");
        const word = marker("wax");
        const [, , newest] = await createRows(page, "quote_requests", [
          quoteRequest(`Ann ${tag}`, { vehicle_type: "Pontoon boat", message: `Hull needs ${word} and a polish` }),
          quoteRequest(`Bob ${tag}`, { status: "contacted", message: "Interior only" }),
          quoteRequest(`Cy ${tag}`, { message: "Full detail, two cars", email: "someone@example.com", phone: "6165550100" }),
        ]);
        await page.goto(`/admin/leads?q=${tag}`);
        await expect(main(page).getByRole("heading", { level: 2, name: "Leads" })).toBeVisible();
        await expect(cardNames(page)).toHaveText([`Cy ${tag}`, `Bob ${tag}`, `Ann ${tag}`]);

        const filters = page.getByRole("navigation", { name: "Filter leads by status" });
        const counts = { New: 2, Contacted: 1, Quoted: 0, Booked: 0, Completed: 0, Lost: 0 };
        await expect(filters.getByRole("link")).toHaveText([...STATUS_TITLES.map((s) => `${s} (${counts[s as keyof typeof counts]})`), "All"]);
        await expect(filters.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");

        await hydrated(page);
        await filters.getByRole("link", { name: "Contacted (1)", exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/leads\\?q=${tag}&status=contacted$`));
        await expect(filters.getByRole("link", { name: "Contacted (1)", exact: true })).toHaveAttribute("aria-current", "page");
        await expect(filters.getByRole("link", { name: "All", exact: true })).not.toHaveAttribute("aria-current", "page");
        await expect(cardNames(page)).toHaveText([`Bob ${tag}`]);
        await filters.getByRole("link", { name: "All", exact: true }).click();
        await expect(cardNames(page)).toHaveCount(3);

        // Each card: the name links to the lead's page; Call, Text and Email reach the customer in one tap.
        const card = main(page).getByRole("article", { name: `Cy ${tag}` });
        await expect(card.getByRole("link", { name: `Cy ${tag}`, exact: true })).toHaveAttribute("href", `/admin/leads/${newest!.id}`);
        await expect(card.getByRole("link", { name: "Call", exact: true })).toHaveAttribute("href", "tel:+16165550100");
        await expect(card.getByRole("link", { name: "Text", exact: true })).toHaveAttribute("href", "sms:+16165550100");
        await expect(card.getByRole("link", { name: "Email", exact: true })).toHaveAttribute(
          "href",
          `mailto:someone@example.com?subject=Your%20quote%20request%20%23${newest!.id}`,
        );
        await expect(card).toContainText("New");
        await expect(card).toContainText("Full detail, two cars");
        const time = card.locator("time");
        await expect(time).toContainText(/just now|\d+ min ago/);
        await expect(time).toHaveAttribute("title", /\d{4}, \d{1,2}:\d{2}/);

        // A word that is only in one message finds that lead; the search form is a plain GET form.
        await page.goto("/admin/leads");
        await hydrated(page);
        await page.getByRole("searchbox", { name: "Search leads" }).fill(word);
        await page.getByRole("button", { name: "Search", exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/leads\\?q=${word}$`));
        await expect(cardNames(page)).toHaveText([`Ann ${tag}`]);
        await expect(main(page).getByRole("article")).toContainText(`Hull needs ${word}`);
        await expect(main(page).getByRole("article")).toContainText("Pontoon boat");
        await expect(filters.getByRole("link", { name: "New (1)", exact: true })).toBeVisible();
        await expect(page.getByRole("searchbox", { name: "Search leads" })).toHaveValue(word);

        // The chart's numbers as a table, opened: it must fit (or scroll in its own box) too.
        await page.getByText("Show the numbers as a table").click();
        await expect(page.getByRole("table", { name: "Quote requests per week, by current status" })).toBeVisible();
        await expectNoSidewaysScroll(page);
        // axe runs as a script in the page: with JavaScript on only (the markup is the same server render).
        if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
      });

      test("a lead's page: Mark Contacted, a note (and the empty-note error), Mark Lost with a reason, and the header's New count", async ({ page }) => {
        const tag = marker("lead");
        const name = `Dana ${tag}`;
        await page.goto("/admin/leads");
        const before = await headerNewCount(page);
        const [lead] = await createRows(page, "quote_requests", [
          quoteRequest(name, { phone: "(616) 555-0188", email: `${tag}@example.com`, message: "Line one\nLine two" }),
        ]);
        await page.goto(`/admin/leads?q=${tag}`);
        await expect(leadsNavLink(page)).toHaveText(leadsLinkName(before + 1));
        await expect(page).toHaveTitle(`(${before + 1}) Leads | Admin Dashboard`);
        await main(page).getByRole("link", { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/leads/${lead!.id}$`));
        await expect(main(page).getByRole("heading", { level: 2, name })).toBeVisible();

        // Contact details, and the message exactly as written (read-only).
        await expect(main(page).getByRole("link", { name: `${tag}@example.com` })).toHaveAttribute("href", `mailto:${tag}@example.com`);
        await expect(main(page).getByRole("link", { name: "(616) 555-0188" })).toHaveAttribute("href", "tel:+16165550188");
        await expect(main(page).getByRole("link", { name: "Call", exact: true })).toHaveAttribute("href", "tel:+16165550188");
        await expect(main(page).getByRole("link", { name: "Text", exact: true })).toHaveAttribute("href", "sms:+16165550188");
        await expect(main(page).getByRole("link", { name: "Email", exact: true })).toHaveAttribute("href", new RegExp(`subject=Your%20quote%20request%20%23${lead!.id}$`));
        await expect(main(page).getByText("Line one\nLine two")).toHaveCSS("white-space", "pre-wrap");
        await expect(main(page).getByRole("textbox")).toHaveCount(2); // the note and the reason, nothing else editable
        await expect(history(page).getByRole("listitem").first()).toContainText("Received");

        const status = statusSection(page);
        await expect(status).toContainText("Now: New");
        await expect(status.getByRole("button")).toHaveText(["Mark Contacted", "Mark Quoted", "Mark Booked", "Mark Completed", "Mark Lost"]);

        await hydrated(page);
        if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
        await status.getByRole("button", { name: "Mark Contacted" }).click();
        await expect(status).toContainText("Now: Contacted");
        await expect(status.getByRole("button", { name: "Mark Contacted" })).toHaveCount(0);
        await expect(history(page)).toContainText("Status: New → Contacted");
        await expect(history(page)).toContainText(`by ${ADMIN_EMAIL}`);
        await expect(leadsNavLink(page)).toHaveText(leadsLinkName(before));
        await expect(main(page).getByText("Response time")).toBeVisible();
        if (javaScriptEnabled) await expect(status.locator("p[tabindex='-1']")).toBeFocused();

        // An empty note is refused with the server's message, next to the field.
        const note = page.getByRole("textbox", { name: "Add a note" });
        await page.getByRole("button", { name: "Add Note" }).click();
        await expect(page.getByText("Please write the note first")).toBeVisible();
        await expect(note).toHaveAttribute("aria-invalid", "true");
        await expect(note).toHaveAccessibleDescription("Please write the note first");

        await note.fill("Called at 9.\nLeft a voicemail.");
        await page.getByRole("button", { name: "Add Note" }).click();
        const noteEntry = history(page).getByRole("listitem").filter({ hasText: "Left a voicemail." });
        await expect(noteEntry).toContainText(`Note by ${ADMIN_EMAIL}`);
        await expect(noteEntry.getByText("Called at 9.\nLeft a voicemail.")).toHaveCSS("white-space", "pre-wrap");
        await expect(page.getByText("Please write the note first")).toHaveCount(0);
        await expect(note).toHaveValue("");

        await status.getByRole("textbox", { name: "Reason (optional)" }).fill("Went with a cheaper quote");
        await status.getByRole("button", { name: "Mark Lost" }).click();
        await expect(status).toContainText("Now: Lost");
        await expect(status.getByRole("button", { name: "Mark Lost" })).toHaveCount(0);
        await expect(status.getByRole("button", { name: "Mark Contacted" })).toBeVisible();
        const lostEntry = history(page).getByRole("listitem").filter({ hasText: "Status: Contacted → Lost" });
        await expect(lostEntry).toContainText("Reason: Went with a cheaper quote");
        await expect(main(page).getByText("Reason lost")).toBeVisible();
        // Oldest first: received, the two changes and the note in the order they happened.
        await expect(history(page).getByRole("listitem")).toHaveText([/^Received/, /New → Contacted/, /^Note by/, /Contacted → Lost/]);
        if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

        await expectNoSidewaysScroll(page);
        // axe runs as a script in the page: with JavaScript on only (the markup is the same server render).
        if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
        await main(page).getByRole("link", { name: "All leads" }).click();
        await expect(page).toHaveURL(/\/admin\/leads$/);

        // The Quote Requests table's notes transcript: the note stamped in the business's zone (BUSINESS_TIME_ZONE, America/Detroit).
        await page.goto(`/admin/quote_requests?q=${tag}`);
        await expect(main(page)).toContainText(new RegExp(`\\[\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d E[SD]T, ${ADMIN_EMAIL}\\] Called at 9\\.`));
      });
    });
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("paging: 25 leads a page, Previous and Next keep the search", async ({ page }) => {
      const tag = marker("pages");
      await createRows(page, "quote_requests", Array.from({ length: 27 }, (_, i) => quoteRequest(`Pager ${tag} ${String(i).padStart(2, "0")}`)));
      await page.goto(`/admin/leads?q=${tag}`);
      const pager = page.getByRole("navigation", { name: "Pagination" });
      await expect(pager).toContainText("Showing 1 to 25 of 27 leads");
      await expect(pager).toContainText("Page 1 of 2");
      await expect(cardNames(page)).toHaveCount(25);
      await expect(cardNames(page).first()).toHaveText(`Pager ${tag} 26`);
      await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
      await hydrated(page);
      await pager.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/leads\\?page=2&q=${tag}$`));
      await expect(pager).toContainText("Showing 26 to 27 of 27 leads");
      await expect(cardNames(page)).toHaveText([`Pager ${tag} 01`, `Pager ${tag} 00`]);
      await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
      await pager.getByRole("link", { name: "Previous" }).click();
      await expect(pager).toContainText("Page 1 of 2");
      await expect(page).toHaveURL(new RegExp(`/admin/leads\\?q=${tag}$`));
    });

    test("the chart and its table count this week's requests by status", async ({ page }) => {
      await page.goto("/admin/leads");
      const chart = page.getByRole("img", { name: /^Quote requests per week, last 12 weeks, by status/ });
      await expect(chart).toBeVisible();
      const table = page.getByRole("table", { name: "Quote requests per week, by current status" });
      const thisWeek = async () => {
        await page.getByText("Show the numbers as a table").click();
        await expect(table).toBeVisible();
        await expect(table.getByRole("row")).toHaveCount(1 + 12);
        return (await table.getByRole("row", { name: /this week/ }).getByRole("cell").allTextContents()).map(Number);
      };
      // Folded away until asked for (a native <details>, so without JavaScript too).
      await expect(table).toBeHidden();
      const before = await thisWeek();
      await expect(table.getByRole("columnheader")).toHaveText(["Week of", ...STATUS_TITLES, "Total"]);

      const tag = marker("chart");
      await createRows(page, "quote_requests", [quoteRequest(`New ${tag}`), quoteRequest(`Booked ${tag}`, { status: "booked" })]);
      await page.reload();
      const after = await thisWeek();
      // New, Contacted, Quoted, Booked, Completed, Lost, Total.
      expect(after).toEqual(before.map((n, i) => n + ([0, 3].includes(i) ? 1 : i === 6 ? 2 : 0)));
      await expect(chart).toHaveAccessibleDescription(new RegExp(`^This week: ${after[6]} requests? `));
      await expect(page.getByRole("region", { name: "Leads at a glance" })).toContainText("Median response");
    });

    test("a failed e-mail has Retry now; once the mail server takes it, it is sent", async ({ page, smtp }) => {
      const tag = marker("retry");
      const customer = `${tag}@example.com`;
      // The customer's mailbox is "busy" (a 4xx: tried again later) until the test lets it through.
      smtp.refuseRecipients((address) => (address === customer ? 450 : undefined));
      try {
        const response = await page.request.post("/api/forms/submit", {
          data: { formId: "quote_form", name: `Retry ${tag}`, email: customer, phone: "6165550123", vehicle_type: "Car", message: "Please call" },
          headers: { Origin: new URL(page.url()).origin },
        });
        expect(response.status(), await response.text()).toBe(200);
        await page.goto(`/admin/leads?q=${tag}`);
        await main(page).getByRole("link", { name: `Retry ${tag}`, exact: true }).click();
        await expect(main(page).getByRole("heading", { level: 2, name: `Retry ${tag}` })).toBeVisible();

        await expect(async () => {
          await page.reload();
          await expect(customerReply(page).getByRole("button", { name: "Retry now" })).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 30_000 });
        await expect(customerReply(page)).toContainText(`To ${customer}: “We received your quote request #`);
        await expect(customerReply(page)).toContainText(/Failed: .*450/);
        await expect(customerReply(page)).toContainText("Next try:");
        await expect(history(page).getByRole("listitem").filter({ hasText: "Owner notification" })).toContainText("Sent");
        if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
      } finally {
        smtp.refuseRecipients(null);
      }

      await hydrated(page);
      await customerReply(page).getByRole("button", { name: "Retry now" }).click();
      await smtp.waitFor((m) => m.to.includes(customer), 30_000);
      // With JavaScript the page looks again by itself while the e-mail is on its way.
      await expect(async () => {
        if (!javaScriptEnabled) await page.reload();
        await expect(customerReply(page)).toContainText("Sent", { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(customerReply(page).getByRole("button", { name: "Retry now" })).toHaveCount(0);
    });

    test("an unknown lead is 'Lead not found' inside the dashboard, with the way back", async ({ page }) => {
      for (const path of ["/admin/leads/999999999", "/admin/leads/abc"]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
        await expect(main(page).getByRole("heading", { name: "Lead not found" })).toBeVisible();
        await expect(page).toHaveTitle("Lead not found | Admin Dashboard");
      }
      await hydrated(page);
      await main(page).getByRole("link", { name: "All leads" }).click();
      await expect(page).toHaveURL(/\/admin\/leads$/);
      await expect(main(page).getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
    });
  });
}

/** The customer's receipt in the lead's History. */
function customerReply(page: Page): Locator {
  return history(page).getByRole("listitem").filter({ hasText: "Receipt to the customer" });
}

const WRITTEN_TO_LOG = "Written to the server log: no mail server configured";

test.describe("without a mail server (no SMTP_URL)", () => {
  test("the lead's History and the E-mail Log say the e-mails were written to the server log, not sent", async ({ browser }) => {
    test.setTimeout(180_000);
    const app = await startAppServer({ ADMIN_EMAILS: ADMIN_EMAIL });
    const context = await browser.newContext({ baseURL: app.url });
    watchConsole(context);
    try {
      const page = await context.newPage();
      const tag = marker("nosmtp");
      const quote = { formId: "quote_form", name: `Logged ${tag}`, email: `${tag}@example.com`, phone: "6165550123", vehicle_type: "Car", message: "" };
      expect((await app.fetch("/api/forms/submit", postJson(quote))).status).toBe(200);
      await context.addCookies(asBrowserCookies(await signInFromServerLog(app, ADMIN_EMAIL), app.url));

      await page.goto(`/admin/leads?q=${tag}`);
      await main(page).getByRole("link", { name: quote.name, exact: true }).click();
      await expect(main(page).getByRole("heading", { level: 2, name: quote.name })).toBeVisible();
      // The outbox hands both to the log within seconds of the request; a busy machine gets more.
      await expect(async () => {
        await page.reload();
        await expect(customerReply(page)).toContainText(WRITTEN_TO_LOG, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(history(page).getByRole("listitem").filter({ hasText: "Owner notification" })).toContainText(WRITTEN_TO_LOG);
      await expect(history(page)).not.toContainText("Sent");

      await page.goto(`/admin/email_outbox?q=${tag}`);
      await expect(main(page).getByRole("cell", { name: WRITTEN_TO_LOG, exact: true })).toHaveCount(2);
    } finally {
      await context.close();
      await app.stop();
    }
  });
});

const postJson = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Signs in on a server without SMTP_URL: the one-time code is only in the server's log, where the owner would read it. */
async function signInFromServerLog(app: AppServer, email: string): Promise<string> {
  const from = app.output().length;
  expect((await app.fetch("/api/send-otp", postJson({ email }))).status).toBe(200);
  const code = () => new RegExp(`To: ${email}[^]*?\\b(\\d{6})\\b`).exec(app.output().slice(from))?.[1];
  await expect.poll(code, { timeout: 15_000 }).toBeDefined();
  const verified = await app.fetch("/api/verify-otp", postJson({ email, otp: code() }));
  expect(verified.status).toBe(200);
  return cookiesFrom(verified);
}

/** A Cookie header's pairs as the browser's cookies for `url`. */
function asBrowserCookies(header: string, url: string) {
  return header.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url }));
}

test("the header links the inbox and the tables on every dashboard page; /admin still opens the first table", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/quote_requests$/);
  await expect(page.getByText(`Welcome, ${ADMIN_EMAIL}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  const count = await headerNewCount(page);
  await expect(nav.getByRole("link", { name: leadsLinkName(count), exact: true })).toHaveAttribute("href", "/admin/leads");
  await nav.getByRole("link", { name: /^Leads/ }).click();
  await expect(main(page).getByRole("heading", { level: 2, name: "Leads" })).toBeVisible();
  await expect(page).toHaveTitle(count ? `(${count}) Leads | Admin Dashboard` : "Leads | Admin Dashboard");
  await nav.getByRole("link", { name: "Tables", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/quote_requests$/);
  await expect(page.getByRole("navigation", { name: "Database Tables" })).toBeVisible();
});
