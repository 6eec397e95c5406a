import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousViolations } from "./axe";
import { ADMIN_EMAIL, expect, hydrated, signIn, test } from "./fixtures";

// Issue 20: the quote form's Service Address and photos (docs/decisions/0085),
// with JavaScript on and off, at a desktop's and a phone's width; then the
// lead page, where the owner sees both. Each test is its own client address
// (the fixtures' clientIp), so the per-address quote and photo limits of one never stop another.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const form = (page: Page) => page.getByRole("form", { name: "Request a free quote" });
const photo = (name: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a6ea5" } })
    .jpeg()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: "image/jpeg", buffer }));
// Says it is a photo; its bytes say otherwise (only the server can tell).
const fake = { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") };

async function fill(page: Page, name: string) {
  const f = form(page);
  await f.getByLabel("Full Name").fill(name);
  await f.getByLabel("Email").fill(`${name.toLowerCase().replace(/\W+/g, ".")}@example.com`);
  await f.getByLabel("Phone").fill("(616) 555-0166");
  await f.getByLabel("Vehicle Type").fill("SUV");
  await f.getByLabel("Service Address").fill("48 Lakeshore Dr, Holland, MI");
}

/**
 * axe runs as a script in the page: the page as a browser without JavaScript
 * shows it (the server's HTML, its own scripts taken out) is checked in a page
 * where scripts run, at the same address and size, with the same styles.
 */
async function expectNoSeriousViolationsWithoutScripts(page: Page, options: { include: string; label: string }): Promise<void> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    const url = `${new URL(page.url()).origin}/nojs-copy`;
    await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(url);
    await expectNoSeriousViolations(copy, options);
  } finally {
    await context.close();
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`quote form with photos, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    for (const viewport of VIEWPORTS) {
      test(`a refused photo is the field's message, the typed values stay; then it is sent, at ${viewport.width} px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto("/#contact");
        if (javaScriptEnabled) await expect(form(page)).toHaveAttribute("data-validation", "ready");
        const name = `Photo ${javaScriptEnabled ? "Script" : "Plain"} ${viewport.width}`;
        await fill(page, name);
        const photos = form(page).getByLabel("Photos", { exact: true });
        await photos.setInputFiles([await photo("front.jpg"), fake]);
        await form(page).getByRole("button", { name: "Get My Free Quote" }).click();

        await expect(form(page).getByRole("alert")).toHaveText("Please correct the highlighted fields and try again.");
        await expect(photos).toHaveAttribute("aria-invalid", "true");
        await expect(photos).toHaveAccessibleDescription(/fake\.jpg: This file is not an image \(JPEG, PNG, WebP, AVIF or GIF\)/);
        await expect(form(page).getByLabel("Full Name")).toHaveValue(name);
        await expect(form(page).getByLabel("Service Address")).toHaveValue("48 Lakeshore Dr, Holland, MI");
        const check = javaScriptEnabled ? expectNoSeriousViolations : expectNoSeriousViolationsWithoutScripts;
        await check(page, { include: "#contact", label: `${name}: refused` });

        // Without JavaScript the browser has emptied the file field: chosen again, as a person would.
        await photos.setInputFiles([await photo("front.jpg")]);
        await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
        await expect(page.getByRole("heading", { name: "Quote Request Submitted!" })).toBeInViewport();
      });
    }
  });
}

test.describe("the lead page", () => {
  for (const viewport of VIEWPORTS) {
    test(`shows the service address with a map link and the photos, served to the signed-in owner only, at ${viewport.width} px`, async ({ page, browser }) => {
      await page.setViewportSize(viewport);
      await page.goto("/#contact");
      await expect(form(page)).toHaveAttribute("data-validation", "ready");
      const name = `Lead Photos ${viewport.width}`;
      await fill(page, name);
      await form(page).getByLabel("Photos", { exact: true }).setInputFiles([await photo("hood.jpg"), await photo("wheel.jpg")]);
      await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
      await expect(page.getByRole("heading", { name: "Quote Request Submitted!" })).toBeVisible();

      await signIn(page, ADMIN_EMAIL, { returnUrl: `/admin/leads?q=${encodeURIComponent(name)}` });
      await page.getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
      await hydrated(page);
      await expect(page.getByText("48 Lakeshore Dr, Holland, MI")).toBeVisible();
      await expect(page.getByRole("link", { name: "Map of the service address" })).toHaveAttribute("href", /google\.com\/maps\/search\/.*Lakeshore/);
      const thumbs = page.getByRole("img", { name: /^Photo \d of 2: / });
      await expect(thumbs).toHaveCount(2);
      await expect(thumbs.first()).toHaveAccessibleName("Photo 1 of 2: hood.jpg");
      await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
      await expectNoSeriousViolations(page);

      // The full photo opens for the owner; a visitor without the session gets nothing.
      const href = (await page.getByRole("link", { name: "Photo 1 of 2: hood.jpg" }).getAttribute("href"))!;
      expect((await page.request.get(href)).status()).toBe(200);
      const stranger = await browser.newContext();
      expect((await stranger.request.get(new URL(href, page.url()).href)).status()).toBe(404);
      await stranger.close();
    });
  }
});
