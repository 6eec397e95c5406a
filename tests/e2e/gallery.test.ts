import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { createRows, marker } from "./admin-helpers";
import { expectNoSeriousViolations } from "./axe";
import { ADMIN_EMAIL, expect, hydrated, signIn, test } from "./fixtures";
import { HEADER_SCROLL_THRESHOLD_PX } from "~/components/site/site-nav";

// The before/after gallery (issue 10, items 3, 4 and 6): the comparison by
// pointer and keyboard, the no-JavaScript side-by-side, the kind filter and
// the responsive images. Pairs are made through the API and removed after.

const tag = marker("Pair ");
const captions = { car1: `${tag} sedan paint`, car2: `${tag} truck interior`, boat: `${tag} pontoon gel coat` };
let ids: number[] = [];

/** A photo-like JPEG: a gradient, dull for "before", bright for "after". */
async function photo(bright: boolean): Promise<Buffer> {
  const [width, height] = [1600, 1200];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const shade = Math.round((x / width) * 80);
      pixels[i] = bright ? 30 + shade : 90 + shade / 4;
      pixels[i + 1] = bright ? 120 + shade : 85 + shade / 4;
      pixels[i + 2] = bright ? 220 : 80;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await browser.newPage({ baseURL });
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
  return page;
}

test.beforeAll(async ({ browser, app }) => {
  const page = await adminPage(browser, app.url);
  const origin = new URL(page.url()).origin;
  const upload = async (bright: boolean) => {
    const res = await page.request.post("/api/upload/image", {
      multipart: { file: { name: bright ? "after.jpg" : "before.jpg", mimeType: "image/jpeg", buffer: await photo(bright) } },
      headers: { Origin: origin },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { media_url: string }).media_url;
  };
  const [before, after] = [await upload(false), await upload(true)];
  const row = (caption: string, kind: "car" | "boat", sort_order: number) => ({
    before_image: before,
    after_image: after,
    caption,
    kind,
    service: kind === "car" ? "Paint Correction" : "Oxidation Removal",
    customer_consent: true,
    published: true,
    sort_order,
  });
  ids = (await createRows(page, "gallery", [row(captions.car1, "car", 0), row(captions.boat, "boat", 1), row(captions.car2, "car", 2)])).map((r) => r.id);
  await page.close();
});

test.afterAll(async ({ browser, app }) => {
  const page = await adminPage(browser, app.url);
  const origin = new URL(page.url()).origin;
  for (const id of ids) await page.request.delete(`/api/tables/gallery/${id}`, { headers: { Origin: origin } });
  await page.close();
});

const figure = (page: Page, caption: string) => page.locator("figure").filter({ has: page.locator("figcaption", { hasText: caption }) });
const slider = (fig: Locator) => fig.getByRole("slider", { name: "Compare before and after", exact: true });
const clipOf = (fig: Locator) => fig.locator("[data-compare-after]").evaluate((el) => getComputedStyle(el).clipPath);

test.describe("with JavaScript", () => {
  test("the range input 'Compare before and after' moves by keyboard and reveals the after photo from the divider", async ({ page }) => {
    await page.goto("/gallery");
    await hydrated(page);
    const fig = figure(page, captions.car1);
    const range = slider(fig);
    await expect(range).toBeVisible();
    await expect(range).toHaveValue("50");
    await expect.poll(() => clipOf(fig)).toBe("inset(0px 0px 0px 50%)");
    // Both photos fill the same box: the after photo lies over the before photo.
    const [before, after] = [await fig.getByAltText(/^Before: /).boundingBox(), await fig.getByAltText(/^After: /).boundingBox()];
    expect(after!.x).toBeCloseTo(before!.x, 0);
    expect(after!.width).toBeCloseTo(before!.width, 0);

    await range.focus();
    await page.keyboard.press("ArrowRight");
    await expect(range).toHaveValue("51");
    await expect.poll(() => clipOf(fig)).toBe("inset(0px 0px 0px 51%)");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(range).toHaveValue("49");
    await page.keyboard.press("Home");
    await expect(range).toHaveValue("0");
    await expect.poll(() => clipOf(fig)).toBe("inset(0px 0px 0px 0%)");
    await page.keyboard.press("End");
    await expect(range).toHaveValue("100");
    await expect.poll(() => clipOf(fig)).toBe("inset(0px 0px 0px 100%)");
  });

  test("dragging across the photos moves the divider", async ({ page }) => {
    await page.goto("/gallery");
    await hydrated(page);
    const fig = figure(page, captions.car1);
    const box = (await fig.locator("[data-compare]").boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.35, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    const value = Number(await slider(fig).inputValue());
    expect(value).toBeGreaterThan(12);
    expect(value).toBeLessThan(28);
    await expect.poll(() => clipOf(fig)).toBe(`inset(0px 0px 0px ${value}%)`);
  });

  test("the filter links show one kind, the current one marked aria-current", async ({ page }) => {
    await page.goto("/gallery");
    const filters = page.getByRole("navigation", { name: "Gallery filter" });
    await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    await hydrated(page);
    await filters.getByRole("link", { name: "Boats" }).click();
    await expect(page).toHaveURL(/\/gallery\?kind=boat$/);
    await expect(filters.getByRole("link", { name: "Boats" })).toHaveAttribute("aria-current", "page");
    await expect(filters.getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current", /.*/);
    await expect(figure(page, captions.boat)).toBeVisible();
    await expect(figure(page, captions.car1)).toHaveCount(0);
    await filters.getByRole("link", { name: "Cars" }).click();
    await expect(page).toHaveURL(/\/gallery\?kind=car$/);
    await expect(figure(page, captions.car1)).toBeVisible();
    await expect(figure(page, captions.boat)).toHaveCount(0);
  });

  test("images have width, height and srcset; only the top pair of /gallery loads at once, the rest lazily", async ({ page }) => {
    await page.goto("/gallery");
    const imgs = page.locator("main figure img");
    expect(await imgs.count()).toBeGreaterThanOrEqual(6);
    for (const img of await imgs.all()) {
      await expect(img).toHaveAttribute("width", /^[1-9]\d*$/);
      await expect(img).toHaveAttribute("height", /^[1-9]\d*$/);
      await expect(img).toHaveAttribute("srcset", /-320w\.jpg 320w/);
      await expect(img).toHaveAttribute("sizes", /.+/);
    }
    await expect(page.locator("main figure source[type='image/webp']").first()).toHaveAttribute("srcset", /-320w\.webp 320w/);
    const first = page.locator("main figure").first().locator("img");
    for (const img of await first.all()) {
      await expect(img).toHaveAttribute("loading", "eager");
      await expect(img).toHaveAttribute("fetchpriority", "high");
    }
    for (const img of await page.locator("main li:not(:first-child) figure img").all()) await expect(img).toHaveAttribute("loading", "lazy");

    // The home page: the gallery (after the boat services) is below the fold, so all of it is lazy.
    await page.goto("/");
    const gallery = page.locator("section#gallery");
    await expect(gallery.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(gallery.getByRole("link", { name: "See the whole gallery" })).toHaveAttribute("href", "/gallery");
    const homeImgs = gallery.locator("img");
    expect(await homeImgs.count()).toBeGreaterThanOrEqual(2);
    for (const img of await homeImgs.all()) await expect(img).toHaveAttribute("loading", "lazy");
    for (const img of await homeImgs.all()) {
      const top = await img.evaluate((el) => el.getBoundingClientRect().top);
      expect(top, "a lazy image is below the fold").toBeGreaterThan(page.viewportSize()!.height);
    }
  });

  test("nothing moves while /gallery loads and hydrates (cumulative layout shift under 0.01)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/gallery");
    await hydrated(page);
    // Scroll through the page so the lazy photos load too.
    for (let y = 0; y < 4000; y += 400) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState("networkidle");
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.01);
  });

  for (const path of ["/gallery", "/"]) {
    test(`axe, label-content-name-mismatch included: ${path}`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      await page.locator("section#gallery, main figure").first().scrollIntoViewIfNeeded();
      // The header turns opaque on a scroll event's render: axe before it sees its light text over the section.
      await page.waitForFunction((threshold) => {
        const header = document.querySelector<HTMLElement>("header[data-scrolled]");
        return header?.dataset.scrolled === String(window.scrollY > threshold);
      }, HEADER_SCROLL_THRESHOLD_PX);
      await expectNoSeriousViolations(page);
    });
  }

  test("the dashboard refuses to publish a pair without the customer's consent, saying so; the site never shows it", async ({ page, browser, app }) => {
    const admin = await adminPage(browser, app.url);
    try {
      await admin.goto("/admin/gallery?new=1");
      const dialog = admin.getByRole("dialog", { name: "Add New Item" });
      for (const [label, bright] of [["Before Photo", false], ["After Photo", true]] as const) {
        await dialog.getByLabel(label, { exact: true }).setInputFiles({ name: `${label}.jpg`, mimeType: "image/jpeg", buffer: await photo(bright) });
      }
      await expect(dialog.getByRole("img", { name: /^Preview of / })).toHaveCount(2);
      const caption = marker("No consent ");
      await dialog.getByLabel("Caption", { exact: true }).fill(caption);
      await dialog.getByLabel("Published", { exact: true }).check();
      await expect(dialog.getByLabel("Customer Consent", { exact: true })).not.toBeChecked();
      admin.once("dialog", (alert) => void alert.dismiss());
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await expect(dialog.getByRole("alert")).toContainText("A pair can be published only with the customer's consent");
      await expect(dialog).toBeVisible();
      await page.goto("/gallery");
      await expect(page.locator("figcaption", { hasText: caption })).toHaveCount(0);
    } finally {
      await admin.close();
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each pair is two photos side by side, alt 'Before: …' and 'After: …', and no slider", async ({ page }) => {
    await page.goto("/gallery");
    const fig = figure(page, captions.car1);
    const before = fig.getByRole("img", { name: `Before: ${captions.car1}`, exact: true });
    const after = fig.getByRole("img", { name: `After: ${captions.car1}`, exact: true });
    await expect(before).toBeVisible();
    await expect(after).toBeVisible();
    const [b, a] = [(await before.boundingBox())!, (await after.boundingBox())!];
    expect(a.x).toBeGreaterThanOrEqual(b.x + b.width - 1);
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(await fig.locator("[data-compare-after]").evaluate((el) => getComputedStyle(el).clipPath)).toBe("none");
    await expect(fig.getByRole("slider")).toHaveCount(0);
    await expect(fig.locator("figcaption")).toContainText(captions.car1);
  });

  test("the filter links work as plain links", async ({ page }) => {
    await page.goto("/gallery");
    const filters = page.getByRole("navigation", { name: "Gallery filter" });
    await filters.getByRole("link", { name: "Boats" }).click();
    await expect(page).toHaveURL(/\/gallery\?kind=boat$/);
    await expect(filters.getByRole("link", { name: "Boats" })).toHaveAttribute("aria-current", "page");
    await expect(figure(page, captions.boat)).toBeVisible();
    await expect(figure(page, captions.car2)).toHaveCount(0);
  });

  test("the home page shows the latest published pairs side by side, with a link to the gallery", async ({ page }) => {
    await page.goto("/");
    const gallery = page.locator("section#gallery");
    await expect(gallery.getByRole("img", { name: `Before: ${captions.car1}`, exact: true })).toBeAttached();
    await expect(gallery.getByRole("img", { name: `After: ${captions.car1}`, exact: true })).toBeAttached();
    await expect(gallery.getByRole("link", { name: "See the whole gallery" })).toBeVisible();
  });
});
