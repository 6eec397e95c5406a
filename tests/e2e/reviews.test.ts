import type { Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../helpers/app-server";
import type { ReceivedMail } from "../helpers/smtp";
import { axeClean, expectNoSeriousViolations } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoScripts, expectNoSidewaysScroll, hydrated, signIn, test as base, VIEWS } from "./fixtures";

/*
 * Issue 23 in the browser: the owner marks a job done; REVIEW_REQUEST_MINUTES
 * later (a second here) the customer's e-mail links the review page, where
 * they give stars, words, a name and consent, and are thanked with the Google
 * link; the e-mail's one-click unsubscribe page works. With JavaScript on and
 * off, at 1280 and 390 px, axe clean (docs/decisions/0091).
 */

// This file's own server: review requests due a second after Mark Done, and
// APP_URL set so the e-mails carry absolute links and List-Unsubscribe.
const test = base.extend<object, { app: AppServer }>({
  app: [
    async ({ smtp, oauth }, use) => {
      const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, REVIEW_REQUEST_MINUTES: "0.02", ...oauth.env }, { withAppUrl: true });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

const GOOGLE = "https://g.page/r/shine-on-wheels/review";

function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Detroit", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The path of the first link in the e-mail's text that starts with `prefix`. */
function linkIn(mail: ReceivedMail, prefix: string): string {
  const url = new RegExp(`https?://\\S+${prefix}/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  if (!url) throw new Error(`No ${prefix} link in: ${mail.text}`);
  return new URL(url).pathname;
}

let day = 60;

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("a maintenance reminder's link fills in the quote form", async ({ page }) => {
        const query = new URLSearchParams({ name: "Dana Kowalski", email: "dana@example.com", phone: "(616) 555-0142", vehicle_type: "Boat", message: "I'd like my next Spring Wax." });
        await page.goto(`/?${query}#quote-request`);
        await hydrated(page);
        await expect(page.locator("#quote-name")).toHaveValue("Dana Kowalski");
        await expect(page.locator("#quote-email")).toHaveValue("dana@example.com");
        await expect(page.locator("#quote-phone")).toHaveValue("(616) 555-0142");
        await expect(page.locator("#quote-vehicle_type")).toHaveValue("Boat");
        await expect(page.locator("#quote-message")).toHaveValue("I'd like my next Spring Wax.");
        await expect(page.locator("#quote-service_address")).toHaveValue("");
      });

      test("Mark Done, the review request, 5 stars with consent, the Google link, unsubscribe", async ({ page, smtp }) => {
        // The background tick (15 s) queues the request after it falls due.
        test.setTimeout(120_000);
        await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
        await hydrated(page);
        await page.getByLabel("Google Review URL").fill(GOOGLE);
        if (!(await page.getByLabel("Send New Requests To").inputValue())) await page.getByLabel("Send New Requests To").fill(ADMIN_EMAIL);
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByText("Settings saved.")).toBeVisible();

        const name = `Reviewer ${marker("r")}`;
        const email = `${marker("rev")}@example.com`;
        const [lead] = await createRows(page, "quote_requests", [quoteRequest(name, { email, phone: `616555${String(Date.now()).slice(-4)}`, service_address: "12 Main St, Grand Rapids, MI" })]);
        await page.goto(`/admin/jobs/new?lead=${lead!.id}`);
        await hydrated(page);
        await page.getByLabel("Date").fill(businessDay((day += 2)));
        await page.getByLabel("Start Time").fill("09:00");
        await page.getByRole("button", { name: "Save Job" }).click();
        await expect(page.getByRole("heading", { level: 2, name: `Job for ${name}` })).toBeVisible();
        await hydrated(page);
        await page.getByRole("button", { name: "Mark Done" }).click();
        // A job of another day asks first.
        await page.getByRole("button", { name: "Yes, Mark Done" }).click();
        await expect(page.getByRole("status")).toContainText("The job is done.");

        const request = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("How did we do"), 60_000);
        expect(request.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
        const reviewPath = linkIn(request, "/reviews");
        const unsubscribePath = linkIn(request, "/unsubscribe");
        expect(request.headers["list-unsubscribe"]).toMatch(new RegExp(`^<https?://[^>]+${unsubscribePath}>$`));

        // The customer's page: no sign-in needed, never indexed.
        await page.context().clearCookies();
        await page.goto(reviewPath);
        // Plain HTML forms: the page ships no JavaScript at all, whether the browser runs it or not.
        await expectNoScripts(page);
        await expect(page.getByRole("heading", { level: 1, name: "How did we do?" })).toBeVisible();
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        for (const label of ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"]) await expect(page.getByRole("radio", { name: label })).toBeVisible();
        await axeClean(page);
        await expectNoSidewaysScroll(page);
        await page.getByRole("radio", { name: "5 stars" }).check();
        await page.getByLabel("Your Review").fill("Spotless, and right on time.");
        await page.getByLabel("Name to Show").fill("Dana K.");
        await page.getByRole("checkbox", { name: "You may show my review on your website" }).check();
        await page.getByRole("button", { name: "Send Review" }).click();

        await expect(page.getByRole("heading", { level: 1, name: "Thank you for your review!" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Review us on Google" })).toHaveAttribute("href", GOOGLE);
        await axeClean(page);
        await expectNoSidewaysScroll(page);
        // Opened again: the thanks, no second form.
        await page.goto(reviewPath);
        await expect(page.getByRole("button", { name: "Send Review" })).toHaveCount(0);
        await expect(page.getByRole("heading", { level: 1, name: "Thank you for your review!" })).toBeVisible();

        // An unknown review link is a 404.
        const missing = await page.goto(`/reviews/${"x".repeat(32)}`);
        expect(missing?.status()).toBe(404);

        // The e-mail's unsubscribe link asks first, then unsubscribes.
        await page.goto(unsubscribePath);
        await expectNoScripts(page);
        await axeClean(page);
        await expectNoSidewaysScroll(page);
        await page.getByRole("button", { name: "Unsubscribe" }).click();
        await expect(page.getByRole("status")).toContainText("You are unsubscribed");
        await page.goto(unsubscribePath);
        await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
      });
    });
  }
}
