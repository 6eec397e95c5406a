import { expect, test } from "./fixtures";

test("the home page renders with a strict Content-Security-Policy", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
