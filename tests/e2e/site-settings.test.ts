import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { SEED_SETTINGS } from "~/lib/business";
import { shortName, type BusinessSettings } from "~/lib/site-settings";
import { telOf } from "../helpers/phones";
import { SETTING_FIELDS } from "~/lib/site-settings-fields";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { ADMIN_EMAIL, expect, hydrated, signIn, test as base } from "./fixtures";

// The owner edits the business settings at /admin/settings and sees every one
// of them where the site uses it: the home page (hero, contact section, quote
// form), /about, the footer, the structured data and the quote e-mails.

const OWNER_INBOX = "owner-inbox@example.com";

/**
 * A server of this file's own: its settings change here and are not put back,
 * and a quote is sent from it (the shared server's per-address quote limit
 * belongs to other files).
 */
const test = base.extend<{}, { app: AppServer }>({
  app: [
    async ({ smtp }, use) => {
      const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, QUOTE_NOTIFY_EMAIL: OWNER_INBOX });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

/** Every setting changed: none equals its first-start value. */
const EDITED = {
  businessName: "Gleam Mobile Detailing",
  phone: "(616) 555-0123",
  publicEmail: "hello@gleam-detailing.example",
  notifyEmail: "new-requests@gleam-detailing.example",
  taxRate: "6.25",
  paymentInstructions: "Zelle to pay@gleam-detailing.example",
  invoiceDueDays: "30",
  googleReviewUrl: "https://g.page/r/gleam-detailing/review",
  baseZip: "49423",
  serviceRadiusMiles: "35",
  depositAbove: "150.00",
  depositPercent: "25",
  depositHoldHours: "48",
  serviceArea: "Holland and the Lakeshore",
  facebookUrl: "https://www.facebook.com/gleamdetailing",
  openingHours: "Mon–Fri 8am–6pm\nSat 9am–2pm",
  heroHeadline: "Spotless cars and boats, right where they are",
  heroText: "Hand washes, paint correction and gel coat care at your driveway or boat slip.",
  founderName: "Dana Gleam",
  responseTime: "within 2 hours",
} satisfies Omit<BusinessSettings, "aboutStory" | "phoneE164" | "phoneExt">;
const STORY_ADDITION = " Written in the dashboard.";

interface BusinessJsonLd {
  name: string;
  telephone: string;
  email: string;
  founder: { name: string };
  sameAs: string[];
  openingHours?: string[];
}

async function jsonLd(page: Page) {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as BusinessJsonLd;
}

/** The footer with every contact setting, as on every public page. */
async function expectFooter(page: Page, s: typeof EDITED) {
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: s.phone })).toHaveAttribute("href", telOf(s.phone));
  await expect(footer.getByRole("link", { name: s.publicEmail })).toHaveAttribute("href", `mailto:${s.publicEmail}`);
  await expect(footer).toContainText(`Proudly serving ${s.serviceArea}`);
  await expect(footer.getByRole("link", { name: /Facebook/ })).toHaveAttribute("href", s.facebookUrl);
  await expect(footer.getByText("Mon–Fri 8am–6pm")).toBeVisible();
  await expect(footer.getByText("Sat 9am–2pm")).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${s.businessName}`);
}

/** The header's logo: the short name, and the whole name as the link's name (WCAG 2.5.3). */
async function expectLogo(page: Page, s: typeof EDITED) {
  const logo = page.getByRole("banner").getByRole("link", { name: `${shortName(s.businessName)} Mobile Detailing`, exact: true });
  await expect(logo).toBeVisible();
}

/** The whole first load of a page, or until `check` passes: the page cache follows a save within a second. */
async function eventually(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: 15_000 });
}

async function fillSetting(page: Page, label: string, value: string) {
  const input: Locator = page.getByLabel(label, { exact: true });
  await input.fill(value);
}

test.describe("with JavaScript", () => {
  test("every setting, saved once, shows on /, /about, in the footer, the structured data and the quote e-mails", async ({ page, smtp }) => {
    // One long journey (sign-in, thirteen fields, four pages, a quote and its e-mails): twice the usual budget.
    test.setTimeout(90_000);
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Business Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    for (const { label } of SETTING_FIELDS) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(SEED_SETTINGS.phone);
    // The owner's alert address starts as QUOTE_NOTIFY_EMAIL.
    await expect(page.getByLabel("Send New Requests To", { exact: true })).toHaveValue(OWNER_INBOX);

    // One save of all twelve.
    const labels = Object.fromEntries(SETTING_FIELDS.map((f) => [f.name, f.label]));
    for (const [name, value] of Object.entries(EDITED)) await fillSetting(page, labels[name]!, value);
    // The story: the rich-text editor (Quill, loaded after hydration).
    const story = page.getByRole("textbox", { name: "About Story" });
    await expect(story).toHaveClass(/ql-editor/);
    await story.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(STORY_ADDITION);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
    for (const [name, value] of Object.entries(EDITED)) await expect(page.getByLabel(labels[name]!, { exact: true })).toHaveValue(value);

    // The home page: structured data first (the page cache follows within a second).
    await eventually(page, "/", async () => {
      const data = await jsonLd(page);
      expect(data).toMatchObject({
        name: EDITED.businessName,
        telephone: telOf(EDITED.phone).slice("tel:".length),
        email: EDITED.publicEmail,
        founder: { name: EDITED.founderName },
        sameAs: [EDITED.facebookUrl],
        openingHours: ["Mon–Fri 8am–6pm", "Sat 9am–2pm"],
      });
    });
    await expect(page).toHaveTitle(`Mobile Car & Boat Detailing in Grand Rapids | ${shortName(EDITED.businessName)}`);
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", EDITED.businessName);
    await expectLogo(page, EDITED);
    // The hero: the headline (its last part highlighted), the text and the response time.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(EDITED.heroHeadline);
    const hero = page.locator("#hero");
    await expect(hero).toContainText(EDITED.heroText);
    await expect(hero).toContainText(`Free quote ${EDITED.responseTime}`);
    // The contact section.
    const contact = page.locator("#contact");
    await expect(contact).toContainText(`we'll get back to you ${EDITED.responseTime} with a personalized quote`);
    await expect(contact.getByRole("link", { name: EDITED.phone })).toHaveAttribute("href", telOf(EDITED.phone));
    await expect(contact.getByRole("link", { name: EDITED.publicEmail })).toHaveAttribute("href", `mailto:${EDITED.publicEmail}`);
    await expect(contact).toContainText(EDITED.serviceArea);
    await expect(contact).toContainText(`Quotes ${EDITED.responseTime}`);
    await expect(contact.getByText("Sat 9am–2pm")).toBeVisible();
    await expect(contact).toContainText(`We reply ${EDITED.responseTime}. No spam, ever.`);
    await expectFooter(page, EDITED);

    // /about: the founder, the story, the business and its area, the response time.
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: `Meet ${EDITED.founderName}` })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText(STORY_ADDITION.trim());
    await expect(main).toContainText(`${EDITED.businessName} is a mobile detailing business serving ${EDITED.serviceArea}.`);
    await expect(main).toContainText(`get a personalized quote ${EDITED.responseTime}`);
    await expect(page).toHaveTitle(new RegExp(`\\| ${shortName(EDITED.businessName)}$`));
    await expectLogo(page, EDITED);
    await expectFooter(page, EDITED);

    // The dashboard's API page is titled with the name too.
    await page.goto("/admin/api");
    await expect(page).toHaveTitle(`${shortName(EDITED.businessName)} API · Admin Dashboard`);
    await expect(page.getByRole("main")).toContainText(`${shortName(EDITED.businessName)} API 1.0.0.`);

    // A quote sent in the browser: the thank-you and both e-mails carry the settings.
    await page.goto("/#contact");
    const form = page.getByRole("form", { name: "Request a free quote" });
    await expect(form).toHaveAttribute("data-validation", "ready");
    await form.getByLabel("Full Name").fill("Riley Settings");
    const customer = `riley.${Date.now()}@example.com`;
    await form.getByLabel("Email").fill(customer);
    await form.getByLabel("Phone").fill("(616) 555-0188");
    await form.getByLabel("Vehicle Type").fill("Boat");
    await form.getByRole("button", { name: "Get My Free Quote" }).click();
    await expect(page.getByText("Thank you for your request!")).toHaveText(
      `Thank you for your request! We'll get back to you ${EDITED.responseTime} with a personalized quote.`,
    );

    // The outbox sends them within seconds; a busy machine gets more. The owner's to the saved address, not QUOTE_NOTIFY_EMAIL.
    const owner = await smtp.waitFor((m) => m.to.includes(EDITED.notifyEmail) && /: Riley Settings \(Boat\)$/.test(m.subject), 30_000);
    expect(owner.text).toContain(`from the ${EDITED.businessName} website`);
    expect(owner.text).toContain(`hear from you ${EDITED.responseTime}`);
    const receipt = await smtp.waitFor((m) => m.to.includes(customer), 30_000);
    expect(receipt.replyTo).toBe(EDITED.notifyEmail);
    expect(smtp.messages.filter((m) => m.to.includes(OWNER_INBOX))).toEqual([]);
    expect(receipt.text).toContain(`Thank you for asking ${EDITED.businessName} for a free quote.`);
    expect(receipt.text).toContain(`We answer every request ${EDITED.responseTime}`);
    expect(receipt.text).toContain(`call us at ${EDITED.phone}`);
    expect(receipt.text).toContain(`${EDITED.businessName} · ${EDITED.phone}\n${EDITED.serviceArea}`);
    for (const mail of [owner, receipt]) expect(mail.text).not.toContain(SEED_SETTINGS.businessName);
  });

  test("a bad e-mail is refused with its message beside the field, and nothing is saved", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
    // Typed before the form is hydrated, a value can be lost to the first render.
    await hydrated(page);
    const before = await page.getByLabel("Phone", { exact: true }).inputValue();
    const email = page.getByLabel("Public Email", { exact: true });
    await email.fill("info@nowhere");
    const alerts = page.getByLabel("Send New Requests To", { exact: true });
    await alerts.fill("");
    await page.getByLabel("Phone", { exact: true }).fill("(616) 555-0124");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Public Email must be an e-mail address/);
    await expect(email).toBeFocused();
    await expect(alerts).toHaveAttribute("aria-invalid", "true");
    await expect(alerts).toHaveAccessibleDescription(/Send New Requests To is required\./);
    await expect(page.getByText("Settings saved.")).toHaveCount(0);
    await page.goto("/admin/settings");
    await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(before);
  });

  test("the working week: times, a checkbox per day and the travel buffer, with a message on a bad field", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
    await hydrated(page);
    await expect(page.getByLabel("Workday Start", { exact: true })).toHaveAttribute("type", "time");
    await page.getByLabel("Workday Start", { exact: true }).fill("07:30");
    await page.getByLabel("Workday End", { exact: true }).fill("07:00");
    await page.getByLabel("Sunday", { exact: true }).check();
    await page.getByLabel("Monday", { exact: true }).uncheck();
    await page.getByLabel("Travel Buffer (minutes)", { exact: true }).fill("45");
    await page.getByRole("button", { name: "Save" }).click();
    const end = page.getByLabel("Workday End", { exact: true });
    await expect(end).toHaveAttribute("aria-invalid", "true");
    await expect(end).toHaveAccessibleDescription(/Workday End must be after Workday Start \(07:30\)\./);
    await expect(end).toBeFocused();
    // What was typed stays, and nothing was saved.
    await expect(page.getByLabel("Sunday", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Monday", { exact: true })).not.toBeChecked();
    await end.fill("16:30");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Workday Start", { exact: true })).toHaveValue("07:30");
    await expect(page.getByLabel("Workday End", { exact: true })).toHaveValue("16:30");
    for (const day of ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await expect(page.getByLabel(day, { exact: true })).toBeChecked();
    await expect(page.getByLabel("Monday", { exact: true })).not.toBeChecked();
    await expect(page.getByLabel("Travel Buffer (minutes)", { exact: true })).toHaveValue("45");
  });

  test("the settings page has no serious accessibility violations", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
    await hydrated(page);
    await expect(page.locator(".ql-editor")).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts plainly, redirects to the saved message, and the pages follow", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
    await page.getByRole("link", { name: "Business Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    // Without the editor the story is its HTML in a text area.
    await expect(page.getByLabel("About Story", { exact: true })).toHaveValue(/<p>/);
    await page.getByLabel("Phone", { exact: true }).fill("616.555.0125");
    await page.getByLabel("Business Name", { exact: true }).fill("Plain Form Detailing");
    await page.getByLabel("Hero Headline", { exact: true }).fill("Detailing that works without scripts");
    await page.getByLabel("Founder Name", { exact: true }).fill("Noel Script");
    await page.getByLabel("Opening Hours", { exact: true }).fill("");
    await page.getByLabel("Facebook URL", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?saved=1$/);
    await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

    await eventually(page, "/", async () => {
      const data = await jsonLd(page);
      expect(data).toMatchObject({ name: "Plain Form Detailing", telephone: "+16165550125", sameAs: [] });
      expect(data).not.toHaveProperty("openingHours");
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Detailing that works without scripts");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "616.555.0125" })).toHaveAttribute("href", "tel:+16165550125");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Plain Form Detailing`);
    // Emptied: no Facebook link and no opening hours anywhere.
    await expect(page.getByRole("link", { name: /Facebook/ })).toHaveCount(0);
    await expect(page.getByText("Opening hours", { exact: true })).toHaveCount(0);
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Meet Noel Script" })).toBeVisible();
    await page.goto("/admin/api");
    await expect(page).toHaveTitle("Plain Form Detailing API · Admin Dashboard");

    // A refused save: the page again with the message beside the field.
    await page.goto("/admin/settings");
    await page.getByLabel("Public Email", { exact: true }).fill("not an address");
    await page.getByRole("button", { name: "Save" }).click();
    const email = page.getByLabel("Public Email", { exact: true });
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Public Email must be an e-mail address/);
    await expect(email).toHaveValue("not an address");

    // The working week: no day ticked is refused with its message; the times as typed stay.
    await page.goto("/admin/settings");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await page.getByLabel(day, { exact: true }).uncheck();
    await page.getByLabel("Workday Start", { exact: true }).fill("06:00");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("group", { name: "Working Days" })).toContainText("Choose at least one working day.");
    await expect(page.getByLabel("Workday Start", { exact: true })).toHaveValue("06:00");
    await page.getByLabel("Wednesday", { exact: true }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?saved=1$/);
    await expect(page.getByLabel("Wednesday", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Friday", { exact: true })).not.toBeChecked();
    await expect(page.getByLabel("Workday Start", { exact: true })).toHaveValue("06:00");
  });
});
