import type { CDPSession, Page } from "@playwright/test";
import { freePortAddress, startAppServer, type AppServer } from "../helpers/app-server";
import { axeClean } from "./axe";
import { ADMIN_EMAIL, expect, hydrated, signIn, test as base } from "./fixtures";

/*
 * Staff passkeys in the browser (ui-contract.md, The day in the field;
 * docs/decisions/0134), with Chromium's virtual authenticator (CDP's WebAuthn
 * domain) standing in for the device's fingerprint reader: sign in with the
 * e-mailed code, Add a Passkey on Your Account, sign out, Sign in with a
 * passkey to the dashboard; a cancelled dialog is said in the page; Remove
 * it, and the same passkey is refused.
 *
 * A passkey's RP ID must be a domain: the other files' server is reached as
 * http://127.0.0.1:<port>, which can hold none. This file's server is
 * http://localhost:<port> (APP_URL), and the browser goes there.
 */

const test = base.extend<object, { app: AppServer; localOrigin: string }>({
  localOrigin: [
    async ({}, use) => {
      const { port } = await freePortAddress();
      await use(`http://localhost:${port}`);
    },
    { scope: "worker" },
  ],
  app: [
    async ({ smtp, oauth, localOrigin }, use) => {
      const port = new URL(localOrigin).port;
      const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: "1", ...oauth.env, APP_URL: localOrigin, PORT: port });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  // The server must be up (and its mail sink, which signIn() reads) before any page goes there.
  baseURL: async ({ app, localOrigin }, use) => use(app && localOrigin),
});

/** A platform authenticator that holds discoverable passkeys and verifies its user (a fingerprint), without a prompt. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const logout = async (page: Page) => {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page);
};

test("add a passkey after a code sign-in, sign in with it to the dashboard, remove it, and it is refused", async ({ page }) => {
  test.setTimeout(90_000);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads", fresh: true });

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Your Account" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: "Your Account" })).toBeVisible();
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await axeClean(page);

  await page.getByLabel("Passkey Name").fill("Test laptop");
  await page.getByRole("button", { name: "Add a Passkey" }).click();
  await expect(page.getByRole("status")).toHaveText("Passkey added. You can sign in with it on the sign-in page.");
  const passkeys = page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText("Test laptop");
  await expect(passkeys.first()).toContainText("Not used yet");
  await axeClean(page);
  // The authenticator keeps it as a discoverable passkey for this site.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials.map((c) => ({ resident: c.isResidentCredential, rpId: c.rpId }))).toEqual([{ resident: true, rpId: "localhost" }]);

  // Added twice from one authenticator: the browser refuses (the account's passkeys are excluded), said in the page.
  await page.getByRole("button", { name: "Add a Passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText("This device's passkey is already added.");
  await expect(passkeys).toHaveCount(1);

  await logout(page);
  await page.goto("/admin/schedule");
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadmin%2Fschedule$/);
  await hydrated(page);
  await axeClean(page);

  // The person closes the dialog (here: the fingerprint does not match): said in the page, still signed out.
  await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passkey sign-in was cancelled. Please try again.");
  await expect(page).toHaveURL(/\/login\?/);
  await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: true });

  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/schedule$/);
  await expect(page.getByText(`Welcome, ${ADMIN_EMAIL}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Schedule" })).toBeVisible();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Your Account" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await hydrated(page);
  await expect(passkeys.first()).toContainText("Last used just now");
  await passkeys.first().getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Passkey removed. It no longer signs in.");
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();

  // The authenticator still holds it; the site no longer knows it.
  await logout(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText("This passkey is not known here. Sign in with an e-mailed code, then add a passkey again.");
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get("/api/users/me")).status()).toBe(401);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Your Account lists the passkeys; Add a Passkey is disabled and says why; /login has no passkey button", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/account" });
    await expect(page.getByRole("heading", { level: 2, name: "Your Account" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a Passkey" })).toBeDisabled();
    // A <noscript>, shown where scripts are off (Playwright's text matchers skip what is inside one: its text is read).
    expect(await page.locator("noscript").evaluate((el) => el.textContent)).toBe("Adding a passkey needs JavaScript, which is off in this browser.");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  });
});
