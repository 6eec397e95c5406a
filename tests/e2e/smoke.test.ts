import { allowConsoleError, expect, hydrated, test } from "./fixtures";
import { DISABLED_FEATURES } from "../../playwright.config";

test("the home page renders with a strict Content-Security-Policy and no script errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});

test("hashed assets are compressed and cached for a year; pages are not", async ({ request }) => {
  const page = await request.get("/", { headers: { "accept-encoding": "gzip" } });
  expect(page.headers()["content-encoding"]).toBe("gzip");
  expect(page.headers()["cache-control"] ?? "").not.toContain("immutable");
  // The framework chunk (vite.config.ts): big enough to be compressed (small files are sent as they are).
  const asset = (await page.text()).match(/\/assets\/framework-[\w-]+\.js/)![0];
  const res = await request.get(asset, { headers: { "accept-encoding": "gzip" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(res.headers()["content-encoding"]).toBe("gzip");
});

test("nothing but the HTML before the first paint: the public CSS inline, the scripts added after it, and the page hydrates", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  // docs/decisions/0017: the public stylesheet is in the page; the dashboard's is not linked here.
  expect(head).toMatch(/<style id="public-css">[\s\S]{20000,}<\/style>/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  // docs/decisions/0018: no preloads, no module script in the HTML; a classic script adds it once the first paint is reported.
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).toContain(`observe({type:"paint",buffered:true})`);

  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.goto("/");
  // Styled from the first paint: the header is fixed and the hero dark.
  await expect(page.locator("body > header")).toHaveCSS("position", "fixed");
  await expect(page.locator("#hero")).toHaveCSS("background-color", "rgb(11, 18, 32)");
  await page.waitForFunction(() => Object.keys(document.querySelector("body > header")!).some((k) => k.startsWith("__reactFiber")));
  expect(scripts.some((url) => /\/assets\/entry\.client-[\w-]+\.js$/.test(url))).toBe(true);
});

test("a public page is painted once the whole HTML is parsed, not piece by piece as it arrives", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  // docs/decisions/0019: a render-blocking link in the head, and the element it waits for at the end of the body.
  expect(html.slice(0, html.indexOf("</head>"))).toContain('<link rel="expect" href="#end-of-page" blocking="render"/>');
  expect(html.indexOf('<div id="end-of-page" hidden=""></div>')).toBeGreaterThan(html.indexOf("window.__reactRouterContext ="));

  // The HTML arrives slowly (about 4 KB every 100 ms compressed), as on a weak
  // phone connection: without the link the browser would paint the hero long before the end.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: 40_000, uploadThroughput: 40_000 });
  await page.addInitScript(() => {
    const w = window as unknown as { endParsedAt?: number };
    new MutationObserver((_, observer) => {
      if (!document.getElementById("end-of-page")) return;
      w.endParsedAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/", { waitUntil: "load" });
  const { endParsedAt, firstPaint } = await page.evaluate(async () => {
    const paint = await new Promise<number>((resolve) =>
      new PerformanceObserver((list) => {
        const entry = list.getEntriesByName("first-contentful-paint")[0];
        if (entry) resolve(entry.startTime);
      }).observe({ type: "paint", buffered: true }),
    );
    return { endParsedAt: (window as unknown as { endParsedAt?: number }).endParsedAt, firstPaint: paint };
  });
  expect(endParsedAt).toBeDefined();
  expect(firstPaint).toBeGreaterThanOrEqual(endParsedAt!);
});

test("the browser runs with the features playwright.config.ts turns off, off", async ({ page }) => {
  await page.goto("chrome://version/?show-variations-cmd");
  const variations = await page.locator("body").innerText();
  const disabled = variations.match(/--disable-features="([^"]*)"/)?.[1]?.split(",") ?? [];
  expect(disabled).toEqual(expect.arrayContaining(DISABLED_FEATURES));
});

test("a request the router cancelled is not reported as an error; any other unhandled rejection still is", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const reported = page.waitForEvent("pageerror");
  allowConsoleError(/still reported/);
  await page.evaluate(() => {
    const controller = new AbortController();
    controller.abort();
    void Promise.reject(controller.signal.reason);
    // Queued after the AbortError's report would be: the first report awaited is this one only if that was dropped.
    setTimeout(() => void Promise.reject(new TypeError("still reported")), 50);
  });
  expect((await reported).message).toBe("still reported");
});
