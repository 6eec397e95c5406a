import { chromium } from "@playwright/test";

// Lighthouse's default mobile screen (Moto G Power): what "above the fold" means here.
export const MOBILE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 };

/**
 * The images a phone shows before any scrolling: every <img> whose box meets
 * the first screen of each URL, as the picture the browser chose (currentSrc,
 * which depends on srcset, sizes and the device pixel ratio). Read with
 * Playwright's Chromium on Lighthouse's mobile screen; the bytes are then
 * taken from Lighthouse's own network records (bench/lighthouse.ts).
 */
export async function imagesAboveTheFold(urls: string[]): Promise<Map<string, string[]>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const found = new Map<string, string[]>();
  try {
    const context = await browser.newContext({
      viewport: { width: MOBILE_SCREEN.width, height: MOBILE_SCREEN.height },
      deviceScaleFactor: MOBILE_SCREEN.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    for (const url of urls) {
      await page.goto(url, { waitUntil: "load" });
      const sources = await page.evaluate(() =>
        [...document.images]
          .filter((img) => {
            const r = img.getBoundingClientRect();
            const shown = r.width > 0 && r.height > 0 && getComputedStyle(img).visibility !== "hidden";
            return shown && r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
          })
          .map((img) => img.currentSrc || img.src),
      );
      found.set(url, [...new Set(sources)]);
    }
  } finally {
    await browser.close();
  }
  return found;
}
