import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { SEED_SETTINGS } from "~/lib/business";
import { phoneE164, type SiteSettings } from "~/lib/site-settings";
import { SETTING_FIELDS } from "~/lib/site-settings-fields";
import { watchConsoleErrors } from "./admin-helpers";
import { ADMIN_EMAIL, expect, signIn, test } from "./fixtures";

// The owner edits the business settings at /admin/settings and sees them on
// the public pages, with and without JavaScript. Every test puts today's
// values back (the worker's server, and so its settings, is shared with
// other test files that expect the first-start phone and name).

/** Today's values again, posted as the form does (with the page's session). */
async function restore(page: Page) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/admin/settings", { form: { ...SEED_SETTINGS }, headers: { origin }, maxRedirects: 0 });
  expect(res.status(), await res.text()).toBe(302);
  // The cached home page follows within a second: wait until its structured data has today's phone and name.
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get("/")).text();
        const data = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
        const { telephone, name } = data ? (JSON.parse(data) as { telephone?: string; name?: string }) : {};
        return { telephone, name };
      },
      { timeout: 10_000 },
    )
    .toEqual({ telephone: phoneE164(SEED_SETTINGS.phone), name: SEED_SETTINGS.businessName });
}

async function jsonLd(page: Page) {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { name: string; telephone: string };
}

async function expectOnPublicPages(page: Page, settings: Partial<SiteSettings> & { phoneE164: string }) {
  // / and /about come from the page cache, which follows a save within a second: load again until it has.
  await expect(async () => {
    await page.goto("/");
    const data = await jsonLd(page);
    expect(data.telephone).toBe(settings.phoneE164);
    expect(data.name).toBe(settings.businessName);
  }).toPass({ timeout: 10_000 });
  if (settings.heroHeadline) await expect(page.getByRole("heading", { level: 1 })).toHaveText(settings.heroHeadline);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: settings.phone })).toHaveAttribute("href", `tel:${settings.phoneE164}`);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${settings.businessName}`);
  await expect(async () => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: `Meet ${settings.founderName}` })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

test.describe("with JavaScript", () => {
  test("the owner changes the phone, name, headline, founder and story; the public pages show them", async ({ page }) => {
    const checkConsole = watchConsoleErrors(page);
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
    try {
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Business Settings" }).click();
      await expect(page).toHaveURL(/\/admin\/settings$/);
      for (const { label } of SETTING_FIELDS) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
      await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(SEED_SETTINGS.phone);

      await page.getByLabel("Phone", { exact: true }).fill("(616) 555-0123");
      await page.getByLabel("Business Name", { exact: true }).fill("Gleam Mobile Detailing");
      await page.getByLabel("Hero Headline", { exact: true }).fill("Spotless cars and boats, right where they are");
      await page.getByLabel("Founder Name", { exact: true }).fill("Dana Gleam");
      // The rich-text editor (Quill, loaded after hydration).
      const story = page.getByRole("textbox", { name: "About Story" });
      await expect(story).toHaveClass(/ql-editor/);
      await story.click();
      await page.keyboard.press("Control+End");
      await page.keyboard.type(" Written in the dashboard.");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Settings saved.")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
      await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("(616) 555-0123");

      await expectOnPublicPages(page, {
        heroHeadline: "Spotless cars and boats, right where they are",
        phone: "(616) 555-0123",
        phoneE164: "+16165550123",
        businessName: "Gleam Mobile Detailing",
        founderName: "Dana Gleam",
      });
      await expect(page.getByRole("main")).toContainText("Written in the dashboard.");
    } finally {
      await restore(page);
    }
    // Today's phone is back in the footer (the page cache follows within a second: load again until it has).
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: SEED_SETTINGS.phone })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    checkConsole();
  });

  test("a bad e-mail is refused with its message beside the field, and nothing is saved", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
    try {
      const email = page.getByLabel("Public Email", { exact: true });
      await email.fill("info@nowhere");
      await page.getByLabel("Phone", { exact: true }).fill("(616) 555-0124");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription(/Public Email must be an e-mail address/);
      await expect(email).toBeFocused();
      await expect(page.getByText("Settings saved.")).toHaveCount(0);
      await page.goto("/");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: SEED_SETTINGS.phone })).toBeVisible();
    } finally {
      await restore(page);
    }
  });

  test("the settings page has no serious accessibility violations", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/settings" });
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
    try {
      await page.getByRole("link", { name: "Business Settings" }).click();
      await expect(page).toHaveURL(/\/admin\/settings$/);
      // Without the editor the story is its HTML in a text area.
      await expect(page.getByLabel("About Story", { exact: true })).toHaveValue(SEED_SETTINGS.aboutStory);
      await page.getByLabel("Phone", { exact: true }).fill("616.555.0125");
      await page.getByLabel("Business Name", { exact: true }).fill("Plain Form Detailing");
      await page.getByLabel("Hero Headline", { exact: true }).fill("Detailing that works without scripts");
      await page.getByLabel("Founder Name", { exact: true }).fill("Noel Script");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?saved=1$/);
      await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

      await expectOnPublicPages(page, {
        heroHeadline: "Detailing that works without scripts",
        phone: "616.555.0125",
        phoneE164: "+16165550125",
        businessName: "Plain Form Detailing",
        founderName: "Noel Script",
      });

      // A refused save: the page again with the message beside the field.
      await page.goto("/admin/settings");
      await page.getByLabel("Public Email", { exact: true }).fill("not an address");
      await page.getByRole("button", { name: "Save" }).click();
      const email = page.getByLabel("Public Email", { exact: true });
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription(/Public Email must be an e-mail address/);
      await expect(email).toHaveValue("not an address");
    } finally {
      await restore(page);
    }
  });
});
