import { expect, test } from "./fixtures";

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
