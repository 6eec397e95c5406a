import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { allowConsoleError, expect, test as base } from "./fixtures";

const SUCCESS_TEXT = "Thank you for your request! We'll get back to you within 24 hours with a personalized quote.";

/** This file's server also sends the owner's notification (QUOTE_NOTIFY_EMAIL); each test is its own client address (the fixtures' clientIp). */
const test = base.extend<{}, { app: AppServer }>({
  app: [
    async ({ smtp }, use) => {
      const app = await startAppServer({ SMTP_URL: smtp.url, QUOTE_NOTIFY_EMAIL: "owner@example.com", TRUST_PROXY: "1" });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

const form = (page: Page) => page.getByRole("form", { name: "Request a free quote" });

/** Opens the contact section and waits until the form's validation (loaded on demand) is ready. */
async function openForm(page: Page) {
  await page.goto("/#contact");
  await expect(form(page)).toHaveAttribute("data-validation", "ready");
}

async function fillValid(page: Page, name: string) {
  const f = form(page);
  await f.getByLabel("Full Name").fill(name);
  await f.getByLabel("Email").fill(`${name.toLowerCase().replace(/\W+/g, ".")}@example.com`);
  await f.getByLabel("Phone").fill("(616) 555-0177");
  await f.getByLabel("Vehicle Type").fill("Boat");
  await f.getByLabel("Additional Details").fill("Pontoon, lots of oxidation.");
}

async function expectFieldError(page: Page, label: string, message: string) {
  const input = form(page).getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(message);
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include("#contact").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test.describe("quote form with JavaScript", () => {
  test("validates on blur and on submit, with messages linked to the fields", async ({ page }) => {
    await openForm(page);
    const f = form(page);
    await f.getByLabel("Full Name").focus();
    await f.getByLabel("Full Name").blur();
    await expectFieldError(page, "Full Name", "Please enter your full name.");

    await f.getByLabel("Full Name").fill("J");
    await expectFieldError(page, "Full Name", "Name must be at least 2 characters.");
    await f.getByLabel("Full Name").fill("Jo");
    await expect(f.getByLabel("Full Name")).not.toHaveAttribute("aria-invalid", "true");

    let posted = false;
    page.on("request", (r) => r.method() === "POST" && (posted = true));
    await f.getByLabel("Email").fill("jo@example");
    await f.getByRole("button", { name: "Get My Free Quote" }).click();
    await expectFieldError(page, "Email", "Please enter a valid email address.");
    await expectFieldError(page, "Phone", "Please enter your phone number.");
    await expectFieldError(page, "Vehicle Type", "Please enter your vehicle type.");
    await expect(f.getByLabel("Additional Details")).not.toHaveAttribute("aria-invalid", "true");
    expect(posted).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });

  test("refuses a phone with letters in the browser, and one no country has from the server, with the same words (docs/decisions/0108)", async ({ page }) => {
    await openForm(page);
    const f = form(page);
    await f.getByLabel("Phone").fill("616-555-ABCD");
    await f.getByLabel("Phone").blur();
    await expectFieldError(page, "Phone", "Phone is not valid.");
    // The shape passes in the browser; the server's half of the rule refuses it, on the field.
    await fillValid(page, "Shape Only");
    await f.getByLabel("Phone").fill("(555) 123-4567");
    await f.getByRole("button", { name: "Get My Free Quote" }).click();
    await expect(f.getByRole("alert")).toContainText("Please correct the highlighted fields and try again.");
    await expectFieldError(page, "Phone", "Phone is not valid.");
  });

  test("submits in place: busy button, then the success state, then an empty form again", async ({ page, smtp }) => {
    await openForm(page);
    await page.evaluate(() => ((window as any).__stillHere = true));
    // Hold the answer back a moment so the submitting state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/forms/submit", async (route) => {
      await held;
      await route.continue();
    });

    await fillValid(page, "Morgan Reed");
    await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
    const busy = form(page).getByRole("button", { name: "Submitting..." });
    await expect(busy).toBeDisabled();
    release();

    await expect(page.getByRole("heading", { name: "Quote Request Submitted!" })).toBeFocused();
    await expect(page.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();
    await expect(form(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as any).__stillHere)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    const mail = await smtp.waitFor((m) => /^New quote request #\d+: Morgan Reed \(Boat\)$/.test(m.subject));
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(mail.text).toContain("morgan.reed@example.com");
    expect(mail.text).toContain("(616) 555-0177");
    expect(mail.text).toContain("Pontoon, lots of oxidation.");

    await page.getByRole("button", { name: "Submit Another Request" }).click();
    for (const label of ["Full Name", "Email", "Phone", "Vehicle Type", "Additional Details"]) {
      await expect(form(page).getByLabel(label, { exact: true })).toHaveValue("");
    }
    await expect(form(page).getByLabel("Full Name")).toBeFocused();
    expect(await page.evaluate(() => (window as any).__stillHere)).toBe(true);
  });

  test("shows the server's message in an alert and keeps the form when the request is refused", async ({ page, request, clientIp }) => {
    // Use up this address's limit first.
    for (let i = 0; i < 5; i++) {
      const res = await request.post("/api/forms/submit", {
        headers: { "x-forwarded-for": clientIp },
        data: { formId: "quote_form", name: `Earlier ${i}`, email: `earlier${i}@example.com`, phone: "6165550100", vehicle_type: "Car" },
      });
      expect(res.status()).toBe(200);
    }
    await openForm(page);
    await fillValid(page, "Casey Limit");
    await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
    const alert = form(page).getByRole("alert");
    await expect(alert).toContainText(/^Too many quote requests from your network\. Please try again in \d+ minutes/);
    await expect(form(page).getByLabel("Full Name")).toHaveValue("Casey Limit");
    await expect(form(page).getByRole("button", { name: "Get My Free Quote" })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
  });

  test("loads its validation code only when the form nears the screen", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (r) => /QuoteValidation-[\w-]+\.js$/.test(r.url()) && loaded.push(r.url()));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(loaded).toEqual([]);
    await expect(form(page)).not.toHaveAttribute("data-validation", "ready");

    await form(page).scrollIntoViewIfNeeded();
    await expect(form(page)).toHaveAttribute("data-validation", "ready");
    expect(loaded).toHaveLength(1);
  });

  test("explains a network failure and an unreadable answer", async ({ page }) => {
    await openForm(page);
    await fillValid(page, "Net Fail");
    // The browser reports both failures in the console: the test makes them.
    allowConsoleError(/^Failed to load resource: (net::ERR_INTERNET_DISCONNECTED|the server responded with a status of 502)/);
    await page.route("**/api/forms/submit", (route) => route.abort("internetdisconnected"));
    await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Network error. Please check your connection and try again.");

    await page.unroute("**/api/forms/submit");
    await page.route("**/api/forms/submit", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Something went wrong. Please try again or call us directly.");
    await expect(form(page).getByLabel("Full Name")).toHaveValue("Net Fail");
  });
});

test.describe("quote form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`the answering page opens at the form, errors and then the thanks in view, at ${viewport.width} px`, async ({ page, smtp }) => {
      await page.setViewportSize(viewport);
      await page.goto("/#contact");
      const f = form(page);
      // Values the browser accepts but the schema does not.
      await f.getByLabel("Full Name").fill(" J ");
      await f.getByLabel("Email").fill("sam@example");
      await f.getByLabel("Vehicle Type").fill("Truck");
      await f.getByRole("button", { name: "Get My Free Quote" }).click();

      await expect(form(page).getByRole("alert")).toHaveText("Please correct the highlighted fields and try again.");
      await expect(form(page).getByRole("alert")).toBeInViewport();
      // The fixed header does not cover the answer.
      expect(await overlapsHeader(page, form(page).getByRole("alert"))).toBe(false);
      await expectFieldError(page, "Full Name", "Name must be at least 2 characters.");
      await expectFieldError(page, "Email", "Please enter a valid email address.");
      await expectFieldError(page, "Phone", "Please enter your phone number.");
      await expect(form(page).getByLabel("Email")).toHaveValue("sam@example");
      await expect(form(page).getByLabel("Vehicle Type")).toHaveValue("Truck");

      const name = `Sam Nojs ${viewport.width}`;
      await form(page).getByLabel("Full Name").fill(name);
      await form(page).getByLabel("Email").fill("sam@example.com");
      await form(page).getByLabel("Phone").fill("616 555 0123");
      await form(page).getByRole("button", { name: "Get My Free Quote" }).click();

      const thanks = page.getByRole("heading", { name: "Quote Request Submitted!" });
      await expect(thanks).toBeInViewport();
      expect(await overlapsHeader(page, thanks)).toBe(false);
      await expect(page.getByText(SUCCESS_TEXT, { exact: true })).toBeInViewport();
      const mail = await smtp.waitFor((m) => m.subject.startsWith("New quote request #") && m.subject.endsWith(`: ${name} (Truck)`));
      expect(mail.text).toContain("sam@example.com");

      await page.getByRole("button", { name: "Submit Another Request" }).click();
      await expect(page).toHaveURL(/#quote-request$/);
      await expect(form(page).getByLabel("Full Name")).toHaveValue("");
      await expect(form(page).getByLabel("Full Name")).toBeInViewport();
    });

    // Issue 32: a visitor who reads from the top and sends a valid quote at once (no error page
    // first, which already opens at the form) landed on the end of the FAQ, the thanks 1,400 to
    // 2,300 px below the screen.
    test(`from a fresh visit at the top, a valid quote's thanks is in view, at ${viewport.width} px`, async ({ page, smtp }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const name = `Fresh Nojs ${viewport.width}`;
      await fillValid(page, name);
      await form(page).getByRole("button", { name: "Get My Free Quote" }).click();

      // Measured once, as soon as the answer has loaded: no waiting for a scroll still under way
      // (the page once slid there from the top, smoothly, for a second or more).
      await page.waitForURL(/\/\?index#quote-request$/, { waitUntil: "load" });
      const thanks = page.getByRole("heading", { name: "Quote Request Submitted!" });
      const box = (await thanks.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(await overlapsHeader(page, thanks)).toBe(false);
      await expect(page.getByText(SUCCESS_TEXT, { exact: true })).toBeInViewport();
      await smtp.waitFor((m) => m.subject.startsWith("New quote request #") && m.subject.includes(name));
    });
  }
});

/** Whether the fixed site header covers part of `target`. */
async function overlapsHeader(page: Page, target: Locator): Promise<boolean> {
  const header = await page.locator("header").first().boundingBox();
  const box = await target.boundingBox();
  return !!header && !!box && box.y < header.y + header.height;
}
