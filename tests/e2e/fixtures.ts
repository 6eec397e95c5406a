import { test as base, expect, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { startOAuthServer, type OAuthServer } from "../helpers/oauth-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

export const ADMIN_EMAIL = "owner@example.com";

interface TestFixtures {
  /** Fails the test on a console error or an uncaught error in any of its pages (see allowConsoleError). */
  consoleGuard: void;
  /**
   * The test's own client address: its context's requests carry it in
   * X-Forwarded-For (the worker's server trusts one proxy), so each test is
   * another visitor and the per-address limits (quotes, photos, sign-in
   * codes) one test uses up never refuse another.
   */
  clientIp: string;
}

interface WorkerFixtures {
  smtp: SmtpSink;
  /** The OAuth server standing in for Google (GOOGLE_* point at it). */
  oauth: OAuthServer;
  app: AppServer;
}

// The tests of one worker run one at a time: each takes the next address.
let nextClient = 1;

// Worker-scoped, so one per worker process: signIn() reads codes from it.
let workerSmtp: SmtpSink | undefined;

/**
 * One production server per worker, with its own database and a real SMTP
 * server it delivers to. `page.goto("/…")` is relative to it.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  consoleGuard: [
    async ({ context }, use) => {
      current = { errors: [], allowed: [] };
      watchConsole(context);
      await use();
      const { errors, allowed } = current;
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, "console errors and uncaught errors in the page (declare expected ones with allowConsoleError)").toEqual([]);
    },
    { auto: true },
  ],
  clientIp: [
    async ({ context }, use, testInfo) => {
      const n = nextClient++;
      const ip = `10.${testInfo.workerIndex % 256}.${(n >> 8) % 256}.${n % 256}`;
      await context.setExtraHTTPHeaders({ "x-forwarded-for": ip });
      await use(ip);
    },
    { auto: true },
  ],
  smtp: [
    async ({}, use) => {
      const sink = await startSmtpSink();
      workerSmtp = sink;
      await use(sink);
      await sink.stop();
    },
    { scope: "worker" },
  ],
  oauth: [
    async ({}, use) => {
      const oauth = await startOAuthServer();
      await use(oauth);
      await oauth.stop();
    },
    { scope: "worker" },
  ],
  app: [
    async ({ smtp, oauth }, use) => {
      const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: "1", ...oauth.env });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});

/**
 * A 4xx answer the page asked for and handles (a refused form, a 404 page):
 * Chromium logs it as "Failed to load resource", which is no fault. A 5xx or a
 * failed connection still counts.
 */
const CLIENT_ERROR_RESPONSE = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

// The running test's errors and the patterns it declared (tests of one worker run one at a time).
let current: { errors: string[]; allowed: RegExp[] } = { errors: [], allowed: [] };

/**
 * Declares that the current test's pages may log errors matching `pattern`
 * (a database outage, a mail server refusing): they do not fail it, as
 * expectConsoleError does for the vitest suites (tests/helpers/console.ts).
 */
export function allowConsoleError(pattern: RegExp): void {
  current.allowed.push(pattern);
}

/**
 * Makes the console guard watch the pages of a context the test made itself
 * (`browser.newContext()`); the test's own `context` is watched already.
 */
export function watchConsole(context: BrowserContext): void {
  const errors = current.errors;
  context.on("console", (message) => {
    if (message.type() === "error" && !CLIENT_ERROR_RESPONSE.test(message.text())) errors.push(message.text());
  });
  context.on("weberror", (error) => errors.push(`Uncaught: ${String(error.error())}`));
}

// Sessions made by signIn() in this worker, reused while they live: the code
// send limits (one per address per 30 s, ten an hour) would refuse a fresh
// sign-in in every test.
const signedIn = new Map<string, Cookie[]>();

/**
 * Signs `email` in through the real e-mailed-code flow in the browser (the
 * code is read from the worker's SMTP mailbox) and leaves the page at
 * `returnUrl` (default "/"). A session this worker made earlier for the same
 * address is reused while it is still live, unless `fresh` is set.
 */
export async function signIn(page: Page, email: string, { returnUrl = "/", fresh = false } = {}): Promise<void> {
  const cached = signedIn.get(email);
  if (cached && !fresh) {
    await page.context().addCookies(cached);
    const me = await page.request.get("/api/users/me");
    if (me.ok() && ((await me.json()) as { email: string }).email === email) {
      await page.goto(returnUrl);
      await hydrated(page);
      return;
    }
    await page.context().clearCookies();
  }
  const smtp = workerSmtp;
  if (!smtp) throw new Error("signIn() needs the smtp fixture: use `test` from tests/e2e/fixtures.ts");
  await page.goto(`/login?${new URLSearchParams({ tab: "otp", returnUrl })}`);
  await page.getByLabel("Email").fill(email);
  const before = smtp.messages.length;
  // A code sent to this address in the last 30 s makes the server refuse another
  // ("Please wait N seconds"): ask again until it sends one.
  await expect(async () => {
    if (await page.getByLabel("Code").isVisible()) return;
    // Hydration (after the first paint, docs/decisions/0018) may empty a field typed into before it.
    if (!(await page.getByLabel("Email").inputValue())) await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send OTP" }).click({ timeout: 5_000 });
    await expect(page.getByLabel("Code")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000, intervals: [1_000, 2_000] });
  const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes(email) && m.subject.startsWith("Your sign-in code"));
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in the e-mail to ${email}:\n${mail.text}`);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  signedIn.set(email, (await page.context().cookies()).filter((c) => c.name.includes("session")));
  await hydrated(page);
}

/** The two widths every flow is tried at: a desktop's and a phone's. */
export const VIEWS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

/** Whether the page runs script: where it does not, the parser reads a <noscript>'s content as elements. */
export function scripting(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const probe = document.createElement("div");
    probe.innerHTML = "<noscript><i></i></noscript>";
    return !probe.querySelector("i");
  });
}

/**
 * Waits until React has hydrated the page: before that a click on a form's
 * button is the browser's own (native validation, a full page load), and a
 * field typed into may be emptied. Returns at once where JavaScript is off
 * (`test.use({ javaScriptEnabled: false })`): there the parser reads a
 * <noscript>'s content as elements.
 */
export async function hydrated(page: Page): Promise<void> {
  if (!(await scripting(page))) return;
  // React attaches its fiber to the elements it hydrates.
  await page.waitForFunction(() =>
    [...document.body.children].some((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))),
  );
  // One more frame for effects (scroll listeners, the arrival scroll) to attach.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/**
 * The page ships no JavaScript (the customer's pages, app/lib/no-scripts.ts):
 * no <script> element but JSON-LD, no modulepreload, and no script fetched.
 * Such a page never hydrates: call this where another page would call `hydrated`.
 */
export async function expectNoScripts(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    elements: [...document.querySelectorAll('script:not([type="application/ld+json"]), link[rel="modulepreload"]')].map((e) => e.outerHTML.slice(0, 80)),
    fetched: performance.getEntriesByType("resource").filter((e) => /\.m?js(\?|$)/.test(e.name)).map((e) => e.name),
  }));
  expect(found).toEqual({ elements: [], fetched: [] });
}

/** Nothing on the page scrolls sideways (a phone's width). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

export { expect };
