import type { Browser, Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../helpers/app-server";
import type { ReceivedMail } from "../helpers/smtp";
import { axeClean } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoScripts, hydrated, signIn, test as base, watchConsole } from "./fixtures";

/*
 * Issue 32 in the browser, "The owner is not told": the owner's `New review:`
 * e-mail links the job's page, whose Publish puts the review on the home
 * page's testimonials (JavaScript on and off); and an accepted estimate
 * longer than the working day (a full detail plus a ceramic coating from the
 * price list, 720 minutes, on a working day of 8 to 5) is booked by the
 * customer, JavaScript off, over two working days in a row (issue 35).
 */

// This file's own server: review requests due a second after Mark Done, and
// APP_URL set so the e-mails carry absolute links; its settings are this file's.
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

function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Detroit", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The path (and fragment) of the first absolute link in the e-mail's text to a path starting with `prefix`. */
function linkIn(mail: ReceivedMail, prefix: string): string {
  const url = new RegExp(`https?://\\S+${prefix}[^\\s]*`).exec(mail.text)?.[0];
  if (!url) throw new Error(`No ${prefix} link in: ${mail.text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.hash}`;
}

/** The settings this file needs: the owner's alert address, and a working day of 8 to 5. */
async function ownerSettings(page: Page) {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
  await hydrated(page);
  await page.getByLabel("Send New Requests To").fill(ADMIN_EMAIL);
  await page.getByLabel("Workday Start").fill("08:00");
  await page.getByLabel("Workday End").fill("17:00");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
}

/** A page of the customer: another browser, never signed in, with the test's JavaScript setting. */
async function customerPage(browser: Browser, javaScriptEnabled: boolean, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, baseURL });
  watchConsole(context);
  return context.newPage();
}

let day = 70;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("the New review e-mail's link opens the review; Publish shows it on the home page", async ({ page, smtp, browser, app }) => {
      // The background tick (15 s) queues the review request after it falls due.
      test.setTimeout(120_000);
      await ownerSettings(page);
      const name = `Reviewer ${marker("p")}`;
      const email = `${marker("pub")}@example.com`;
      const [lead] = await createRows(page, "quote_requests", [quoteRequest(name, { email, phone: `616555${String(Date.now()).slice(-4)}`, service_address: "12 Main St, Grand Rapids, MI" })]);
      await page.goto(`/admin/jobs/new?lead=${lead!.id}`);
      await hydrated(page);
      await page.getByLabel("Date").fill(businessDay((day += 2)));
      await page.getByLabel("Start Time").fill("09:00");
      await page.getByRole("button", { name: "Save Job" }).click();
      await expect(page.getByRole("heading", { level: 2, name: `Job for ${name}` })).toBeVisible();
      await hydrated(page);
      await page.getByRole("button", { name: "Mark Done" }).click();
      // The job is on another day: Mark Done asks first (docs/decisions/0101).
      await page.getByRole("button", { name: "Yes, Mark Done" }).click();
      await expect(page.getByRole("status")).toContainText("The job is done.");

      // The customer reviews, with consent.
      const request = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("How did we do"), 60_000);
      const customer = await customerPage(browser, javaScriptEnabled, app.url);
      await customer.goto(linkIn(request, "/reviews/"));
      await expectNoScripts(customer);
      const words = `Like new again ${marker("w")}.`;
      await customer.getByRole("radio", { name: "5 stars" }).check();
      await customer.getByLabel("Your Review").fill(words);
      await customer.getByLabel("Name to Show").fill("Dana K.");
      await customer.getByRole("checkbox", { name: "You may show my review on your website" }).check();
      await customer.getByRole("button", { name: "Send Review" }).click();
      await expect(customer.getByRole("heading", { level: 1, name: "Thank you for your review!" })).toBeVisible();
      await customer.context().close();

      // The owner's e-mail, and its link.
      const alert = await smtp.waitFor((m) => m.to.includes(ADMIN_EMAIL) && m.subject === `New review: 5 stars from ${name}`, 30_000);
      expect(alert.text).toContain(`> ${words}`);
      const link = linkIn(alert, "/admin/jobs/");
      expect(link).toMatch(/^\/admin\/jobs\/\d+#review$/);
      await page.goto(link);
      await hydrated(page);
      const section = page.getByRole("region", { name: "Review" });
      await expect(section).toContainText(words);
      await expect(section).toContainText("until you publish it");
      await axeClean(page);
      await section.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByRole("status")).toContainText("Published: the review now shows on the website.");
      await expect(page.getByRole("region", { name: "Review" }).getByRole("button", { name: "Publish" })).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Review" })).toContainText("Shown on the website");

      // On the site: the home page's cache sees the change within a second (its content version).
      await expect
        .poll(async () => {
          await page.goto("/");
          return page.locator("#testimonials").innerText();
        }, { timeout: 10_000 })
        .toContain(words);
      await expect(page.locator("#testimonials article").filter({ hasText: words })).toContainText("Dana K.");
    });
  });
}

test("a job longer than the working day: the customer, JavaScript off, books its two working days in a row; their pages show both", async ({ page, smtp, browser, app }) => {
  test.setTimeout(120_000);
  await ownerSettings(page);
  const email = `${marker("long")}@example.com`;
  const [lead] = await createRows(page, "quote_requests", [quoteRequest(`Long Job ${marker("c")}`, { email })]);
  await page.goto(`/admin/leads/${lead!.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Create Estimate" }).click();
  await expect(page).toHaveURL(/\/admin\/estimates\/\d+$/);
  await hydrated(page);
  // From the price list: 240 + 480 minutes, on a working day of 8 to 5 (docs/decisions/0131).
  for (const service of ["Complete Interior & Exterior Detailing ($249.00)", "Premium Ceramic Coating Application ($899.00)"]) {
    await page.getByLabel("Add a service").selectOption({ label: service });
    await page.getByRole("button", { name: "Add Line" }).click();
  }
  await expect(page.getByLabel("Duration (minutes)")).toHaveValue("720");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Estimate saved.")).toBeVisible();
  await page.getByRole("button", { name: "Send Estimate" }).click();
  await expect(page.getByText(`Estimate sent to ${email}.`)).toBeVisible();
  const sent = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Estimate #"));
  const number = /#(\d+)/.exec(sent.subject)![1];

  // The customer, JavaScript off: the times are the first days' starts, each with when the work ends.
  const customer = await customerPage(browser, false, app.url);
  await customer.goto(linkIn(sent, "/estimates/"));
  await customer.getByRole("button", { name: "Accept Estimate" }).click();
  await expect(customer.getByText("You accepted this estimate.")).toBeVisible();
  await expect(customer.getByText("This work takes about 12 hours over 2 working days in a row")).toBeVisible();
  // Each time is named with its day (the day's heading is not read with it), and with the day and time the work ends.
  const first = customer.getByRole("radio", { name: /, 8:00 AM, until / }).first();
  await expect(first).toHaveAccessibleName(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}, 8:00 AM, until [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}, 11:00 AM$/);
  await expect(customer.getByRole("radio")).toHaveCount(await customer.getByRole("radio", { name: /, 8:00 AM, until / }).count());
  await first.check();
  await customer.getByLabel("Address").fill("45 Lake Dr, Grand Rapids, MI 49503");
  await axeClean(customer);
  await customer.getByRole("button", { name: "Book This Time" }).click();
  const booked = customer.getByText(/^Your appointment is booked for .+, 8:00 AM – 5:00 PM, then .+, 8:00 AM – 11:00 AM\./);
  await expect(booked).toBeVisible();
  await booked.getByRole("link", { name: "See your appointment" }).click();
  await expect(customer.getByText("12 hours over 2 days")).toBeVisible();
  await expect(customer.getByText(/, 8:00 AM – 5:00 PM, then .+, 8:00 AM – 11:00 AM/)).toBeVisible();
  await axeClean(customer);
  await customer.context().close();

  const accepted = await smtp.waitFor((m) => m.to.includes(ADMIN_EMAIL) && m.subject.startsWith(`Estimate #${number} accepted`), 30_000);
  expect(accepted.text).toContain("was offered your free times to book online");
  const confirmed = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Appointment confirmed:"), 30_000);
  expect(confirmed.subject).toMatch(/, 8:00 AM – 5:00 PM, then .+, 8:00 AM – 11:00 AM$/);
});

