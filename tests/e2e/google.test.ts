import { allowConsoleError, expect, test } from "./fixtures";

test("popup flow: a centred 500x600 popup signs in with Google, closes, and the page goes on to returnUrl", async ({ page, oauth }) => {
  oauth.signInAs({ sub: "sub-e2e-popup", email: "popup.e2e@example.com", name: "Popup E2E" });
  // Record how the page opens its popup.
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      sessionStorage.setItem("openedWith", JSON.stringify(args)); // survives the page moving on
      return open(...args);
    };
  });
  await page.goto("/login?returnUrl=%2Fabout");
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  const popup = await popupOpened;
  const [, , features] = JSON.parse((await page.evaluate(() => sessionStorage.getItem("openedWith")))!) as string[];
  expect(features).toMatch(/width=500,height=600,left=\d+,top=\d+/);
  // The popup may close before a listener for its close event is attached: poll its state instead.
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(page).toHaveURL(/\/about$/);
  const me = await page.request.get("/api/users/me");
  expect(await me.json()).toMatchObject({ email: "popup.e2e@example.com", name: "Popup E2E" });
});

test("popup flow: a provider error is shown with the login page's message", async ({ page, oauth }) => {
  oauth.failNextAuthorization("access_denied", "The user denied access");
  // The auth client logs the provider's error (the spec's "These are logged").
  allowConsoleError(/The user denied access/);
  await page.goto("/login");
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  const popup = await popupOpened;
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(page.getByRole("alert")).toHaveText("Failed to login with Google. Please try again.");
  expect((await page.request.get("/api/users/me")).status()).toBe(401);
});

test("popup flow: closing the popup cancels the sign-in; the button is busy until then", async ({ page, oauth, context }) => {
  // Keep the provider's page from answering, as if the user were still choosing an account.
  await context.route(`${oauth.issuer}/authorize**`, () => {});
  await page.goto("/login");
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  const popup = await popupOpened;
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  await popup.close();
  await expect(page.getByRole("alert")).toHaveText("Failed to login with Google. Please try again.");
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Google button is a form: full-page redirect to the provider and back, signed in at returnUrl", async ({ page, oauth }) => {
    oauth.signInAs({ sub: "sub-e2e-redirect", email: "redirect.e2e@example.com" });
    await page.goto("/login?returnUrl=%2Fabout");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect((await (await page.request.get("/api/users/me")).json()).email).toBe("redirect.e2e@example.com");
  });

  test("a forged state is refused and the login page says so", async ({ page, oauth }) => {
    oauth.forgeNextState("forged-state-value");
    await page.goto("/login?returnUrl=%2Fabout");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL(/\/login\?error=google&returnUrl=%2Fabout$/);
    await expect(page.getByRole("alert")).toHaveText("Failed to login with Google. Please try again.");
    expect((await page.request.get("/api/users/me")).status()).toBe(401);
  });
});
