import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

let n = 0;
/** A fresh address per test: the resend cooldown is per address. */
const newAddress = (label: string) => `${label}-${Date.now()}-${n++}@example.com`;

async function codeFor(smtp: { waitFor: (m: (mail: { to: string[]; text: string }) => boolean) => Promise<{ text: string }> }, email: string) {
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  return mail.text.match(/\b(\d{6})\b/)![1]!;
}

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
}

test("signIn() fixture signs an administrator in through the e-mailed code", async ({ page }) => {
  await signIn(page, "owner@example.com", { returnUrl: "/admin", fresh: true });
  await expect(page).toHaveURL(/\/admin(\/|$)/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test.describe("with JavaScript", () => {
  test("title, tabs and the Google tab", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();
    const tabs = page.getByRole("tablist");
    await expect(tabs.getByRole("tab")).toHaveText(["Google", "Email OTP"]);
    await expect(page.getByRole("tab", { name: "Google" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    // Arrow keys move between tabs (ARIA tabs pattern).
    await page.getByRole("tab", { name: "Google" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Email OTP" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Email OTP" })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Email" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeHidden();
    await page.getByRole("tab", { name: "Google" }).click();
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/); // switched in place
  });

  test("both code steps: disabled rules, busy texts, a wrong code, Back, then sign-in to returnUrl", async ({ page, smtp }) => {
    const email = newAddress("js");
    await page.goto("/login?returnUrl=%2Fabout");
    await page.getByRole("tab", { name: "Email OTP" }).click();
    const send = page.getByRole("button", { name: "Send OTP" });
    await expect(send).toBeDisabled();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await expect(send).toBeEnabled();

    // Hold the answer back a moment to see the busy state.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/send-otp", async (route) => {
      await held;
      await route.continue();
    });
    await send.click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();

    const code = page.getByRole("textbox", { name: "Code" });
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute("placeholder", /6-digit code/);
    const verify = page.getByRole("button", { name: "Verify OTP" });
    await expect(verify).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    const right = await codeFor(smtp, email);
    await code.fill(right === "000000" ? "111111" : "000000");
    await verify.click();
    await expect(page.getByRole("alert")).toHaveText("Invalid OTP. Please check and try again.");

    // Back returns to step 1, clearing code and error; the address stays.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
    await expect(page.getByRole("alert")).toHaveCount(0);
    // A second send within the cooldown is refused with a clear message.
    await send.click();
    await expect(page.getByRole("alert")).toHaveText(/^Please wait \d+ seconds before requesting another code\.$/);
    await expect(page.getByRole("textbox", { name: "Code" })).toHaveCount(0);

    // The first code is still good: go to step 2 through the e-mailed link, which fills it in.
    await page.goto(`/login?${new URLSearchParams({ email, code: right, returnUrl: "/about" })}`);
    await expect(page.getByRole("textbox", { name: "Code" })).toHaveValue(right);
    // Hold the request until the busy state has been seen, then let it through.
    let releaseVerify!: () => void;
    const verifyHeld = new Promise<void>((resolve) => (releaseVerify = resolve));
    await page.route("**/api/verify-otp", async (route) => {
      await verifyHeld;
      await route.continue();
    });
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect(page.getByRole("button", { name: "Verifying..." })).toBeDisabled();
    releaseVerify();
    await expect(page).toHaveURL(/\/about$/);
    // Signed in: the login page sends the user straight on.
    await page.goto("/login?returnUrl=%2Fabout");
    await expect(page).toHaveURL(/\/about$/);
  });

  test("returnUrl is honoured only for paths on this site", async ({ page, smtp }) => {
    const email = newAddress("offsite");
    await page.goto("/login?tab=otp&returnUrl=https%3A%2F%2Fevil.example%2F");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByRole("textbox", { name: "Code" }).fill(await codeFor(smtp, email));
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tabs are links; both code steps post to the page; Back; a wrong code; sign-in ends at returnUrl", async ({ page, smtp }) => {
    const email = newAddress("nojs");
    await page.goto("/login?returnUrl=%2Fabout");
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    await page.getByRole("tab", { name: "Email OTP" }).click();
    await expect(page.getByRole("tab", { name: "Email OTP" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send OTP" }).click();
    await expect(page.getByRole("textbox", { name: "Code" })).toBeVisible();
    const right = await codeFor(smtp, email);

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
    await page.getByRole("button", { name: "Send OTP" }).click();
    await expect(page.getByRole("alert")).toHaveText(/^Please wait \d+ seconds before requesting another code\.$/);

    await page.goto(`/login?${new URLSearchParams({ email, code: right, returnUrl: "/about" })}`);
    await page.getByRole("textbox", { name: "Code" }).fill("12345x");
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid OTP. Please check and try again.");
    await page.getByRole("textbox", { name: "Code" }).fill(right);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect(page).toHaveURL(/\/about$/);
    const me = await page.request.get("/api/users/me");
    expect((await me.json()).email).toBe(email);
  });
});
