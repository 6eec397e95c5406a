import type { Page } from "@playwright/test";
import { publicPageRoutes } from "../../app/styles/public-sources";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import type { SmtpSink } from "../helpers/smtp";
import { axeClean } from "./axe";
import { ADMIN_EMAIL, expect, hydrated, test as base, VIEWS } from "./fixtures";

/*
 * Issue 32, the contract's "The customer's side, polished": on every public
 * and customer page, as the server renders it, at 1280 and 390 px, every
 * primary button has a visible background and its text a contrast of at
 * least 4.5:1; no utility class in the page's HTML lacks a rule in the CSS
 * that the page loads; and the business's phone number is never broken over
 * two lines. The pages are the page routes of app/routes.ts outside the
 * dashboard, read from the route config (the same reading that decides what
 * the public stylesheet covers, app/styles/public-sources.ts): a new route is
 * visited without editing this file, and a route with a parameter fails here
 * until makeSamples() below makes a URL for it.
 */

/** A URL (or several: the states a page shows) for each route pattern with a parameter, made from real records. */
type Samples = Record<string, string[]>;

const test = base.extend<object, { app: AppServer; samples: Samples }>({
  // Review requests due a second after Mark Done, and APP_URL set so the e-mails carry absolute links.
  app: [
    async ({ smtp, oauth }, use) => {
      const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, REVIEW_REQUEST_MINUTES: "0.02", ...oauth.env }, { withAppUrl: true });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  samples: [async ({ app, smtp }, use) => use(await makeSamples(app, smtp)), { scope: "worker", timeout: 90_000 }],
});

/**
 * The records behind the customer pages, made as the owner and the customer
 * make them, over HTTP: an estimate sent, one accepted (its booking form), one
 * declined; a scheduled job and a done one (its appointment pages); an invoice
 * sent and part paid; the done job's review request with its unsubscribe link;
 * a maintenance plan started (its customer's plan page).
 */
async function makeSamples(app: AppServer, smtp: SmtpSink): Promise<Samples> {
  const cookie = await signInByEmail(app, smtp, ADMIN_EMAIL);
  const post = async (path: string, fields: [string, string][]) => {
    const response = await app.fetch(path, { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) });
    expect(response.status, `POST ${path}: ${response.status === 303 ? "" : await response.text()}`).toBe(303);
    return response.headers.get("location")!;
  };
  let n = 0;
  const lead = async () => {
    const email = `styles${++n}-${Date.now().toString(36)}@example.com`;
    const response = await app.fetch("/api/tables/quote_requests", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      // A phone of its own too: a customer matched by phone keeps its record's e-mail (docs/decisions/0110).
      body: JSON.stringify({ name: `Pat Styles ${n}`, email, phone: `61655501${String(n % 100).padStart(2, "0")}`, vehicle_type: "Car", service_address: "12 Main St, Grand Rapids, MI" }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return { id: String(((await response.json()) as { id: number }).id), email };
  };
  /** The path of the link to `prefix` in the e-mail to `email` whose subject starts with `subject`. */
  const linkIn = async (email: string, subject: string, prefix: string, timeoutMs?: number) => {
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith(subject), timeoutMs);
    const url = new RegExp(`https?://[^\\s"<>]+${prefix}/[A-Za-z0-9_-]+`).exec(`${mail.text} ${mail.html}`)?.[0];
    if (!url) throw new Error(`No ${prefix} link in "${mail.subject}":\n${mail.text}`);
    return new URL(url).pathname;
  };
  const lines = (price: string): [string, string][] => [
    ["description", "Full detail"],
    ["quantity", "1"],
    ["unitPrice", price],
    ["serviceId", ""],
    ["description", "Headlight restoration"],
    ["quantity", "2"],
    ["unitPrice", "45.50"],
    ["serviceId", ""],
  ];
  const estimate = async () => {
    const customer = await lead();
    const editor = await post("/admin/estimates", [["leadId", customer.id]]);
    const form: [string, string][] = [...lines("189.00"), ["vehicleId", ""], ["durationMinutes", "240"], ["validUntil", "2099-12-31"], ["message", "Thanks for asking!"]];
    await post(editor, [...form, ["intent", "send"]]);
    return linkIn(customer.email, "Estimate #", "/estimates");
  };
  const job = async (day: number) => {
    const customer = await lead();
    const page = await post("/admin/jobs/new", [
      ["lead", customer.id],
      ["date", businessDay(day)],
      ["startTime", "09:00"],
      ["durationMinutes", "120"],
      ["address", "12 Main St, Grand Rapids, MI"],
      ["notes", ""],
      ["vehicleId", ""],
    ]);
    return { page, email: customer.email, appointment: await linkIn(customer.email, "Appointment confirmed:", "/appointments") };
  };

  // First the done job: its review request waits for the background tick (15 s) while the rest is made.
  const done = await job(30);
  // A job of another day: Mark Done asks first (docs/decisions/0101), so the post confirms.
  await post(done.page, [["intent", "done"], ["confirm", "yes"]]);
  const scheduled = await job(31);

  const [open, accepted, declined] = [await estimate(), await estimate(), await estimate()];
  await post(accepted, [["intent", "accept"]]);
  await post(declined, [["intent", "decline"], ["reason", "We found someone closer."]]);

  const invoice = await post("/admin/invoices/new", [["job_id", scheduled.page.split("/").pop()!]]);
  await post(invoice, [...lines("240.00"), ["message", "Thank you!"], ["intent", "send"]]);
  const invoiceLink = await linkIn(scheduled.email, "Invoice #", "/invoices");
  await post(invoice, [["amount", "100.00"], ["method", "Cash"], ["date", businessDay(0)], ["note", ""], ["intent", "record-payment"]]);

  // A maintenance plan started for a customer (docs/decisions/0145): its page is linked from the plan's e-mail.
  const planSaved = await post("/admin/plans", [["intent", "plan"], ["name", "Styles Wash"], ["cadence", "weekly:2"], ["billing", "per_visit"], ["price", "49"], ["discountPercent", "0"], ["maxPauseWeeks", "4"]]);
  const planId = /#plan-(\d+)$/.exec(planSaved)?.[1];
  const planCustomer = await lead();
  const found = await (await app.fetch(`/admin/customers?q=${encodeURIComponent(planCustomer.email)}`, { headers: { cookie } })).text();
  const customerId = /\/admin\/customers\/(\d+)/.exec(found)?.[1];
  if (!planId || !customerId) throw new Error("No plan or customer to start a plan for");
  await post(`/admin/customers/${customerId}`, [["intent", "start-plan"], ["plan", planId], ["vehicleId", ""], ["startDate", businessDay(3)], ["startTime", "09:00"], ["durationMinutes", "60"], ["address", "12 Main St, Grand Rapids, MI"]]);
  const planLink = await linkIn(planCustomer.email, "Your plan has started:", "/plans");

  const care = /href="(\/care-guides\/[^"/]+)"/.exec(await (await app.fetch("/care-guides")).text())?.[1];
  if (!care) throw new Error("No care guide linked from /care-guides");

  return {
    "/care-guides/:slug": [care],
    "/estimates/:token": [open, accepted, declined],
    "/appointments/:token": [scheduled.appointment, done.appointment],
    "/invoices/:token": [invoiceLink],
    "/reviews/:token": [await linkIn(done.email, "How did we do", "/reviews", 45_000)],
    "/unsubscribe/:token": [await linkIn(done.email, "How did we do", "/unsubscribe")],
    "/plans/:token": [planLink],
    "/*": ["/no-such-page"],
  };
}

/** The business's day `days` from today (YYYY-MM-DD), in its time zone (the server's default). */
function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Detroit", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The URLs to visit for a route: its own path, or its samples when it has a parameter (none: the test fails). */
function urlsFor(pattern: string, samples: Samples): string[] {
  if (!/[:*]/.test(pattern)) return [pattern];
  const urls = samples[pattern];
  expect(urls?.length, `${pattern} has a parameter: add a sample URL for it to makeSamples() in tests/e2e/public-styles.test.ts`).toBeTruthy();
  return urls!;
}

interface Findings {
  /** Classes on elements with no rule in any of the page's style sheets, with the first element that has each. */
  unstyled: string[];
  /** Buttons whose background or contrast fails. */
  buttons: string[];
  /** Phone links broken over more than one line. */
  phones: string[];
}

/**
 * Looks at the page as it is rendered, in the browser: every class of every
 * element against the class selectors of every rule of document.styleSheets
 * (through @media, @layer, @supports and nested rules); every visible button
 * against the background it is painted on; every tel: link's lines.
 */
function inspect(): Findings {
  // CSS escapes in a serialized selector: `\:` or a hex code point (`\32 xl`).
  const unescape = (s: string) =>
    s.replace(/\\([0-9a-fA-F]{1,6}\s?|[\s\S])/g, (_, e: string) => (/^[0-9a-fA-F]/.test(e) ? String.fromCodePoint(parseInt(e, 16)) : e));
  const styled = new Set<string>();
  const walk = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) {
        for (const [, name] of rule.selectorText.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w\u00a0-\uffff-])+)/g)) styled.add(unescape(name!));
      }
      if ("cssRules" in rule && rule.cssRules) walk(rule.cssRules as CSSRuleList);
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules);

  // lucide-react names each icon in its class ("lucide lucide-phone"): a name, not a style.
  const exempt = (name: string) => /^lucide(-|$)/.test(name);
  const describe = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  const unstyled = new Map<string, string>();
  for (const el of document.querySelectorAll("body, body *")) {
    for (const name of el.classList) if (!styled.has(name) && !exempt(name) && !unstyled.has(name)) unstyled.set(name, describe(el));
  }

  type Rgba = [number, number, number, number];
  // Computed colours come in any space (Tailwind's are oklch): a canvas turns them into sRGB.
  const pixel = Object.assign(document.createElement("canvas"), { width: 1, height: 1 }).getContext("2d", { willReadFrequently: true })!;
  const parse = (color: string): Rgba => {
    pixel.clearRect(0, 0, 1, 1);
    pixel.fillStyle = color;
    pixel.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = pixel.getImageData(0, 0, 1, 1).data as unknown as [number, number, number, number];
    return [r, g, b, a / 255];
  };
  const over = (top: Rgba, below: Rgba): Rgba => {
    const a = top[3];
    return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  /**
   * What the element is painted on: the backgrounds under its centre, in paint
   * order, from its own down to the first opaque one (the canvas is white).
   * Under, not its ancestors: the fixed header's toggle lies over the hero,
   * not over the body that holds it. An element covered there (or not hit)
   * is read against its ancestors.
   */
  const background = (el: Element): Rgba => {
    const layers: Rgba[] = [];
    const box = el.getBoundingClientRect();
    const stack = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const ancestors: Element[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) ancestors.push(node);
    for (const node of stack.includes(el) ? stack.slice(stack.indexOf(el)) : ancestors) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
  };
  // A primary button, by its code: a background utility of its own (not a variant's, as hover:).
  const hasBackgroundClass = (el: Element) => [...el.classList].some((name) => /^bg-(?!transparent$|none$|clip-|origin-|no-repeat$|repeat|cover$|contain$|fixed$|local$|scroll$)/.test(name));
  const buttons: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>("button, input[type=submit], input[type=button], input[type=reset], a")) {
    const primary = hasBackgroundClass(el);
    if (el.tagName === "A" && !primary) continue;
    if ((el as HTMLButtonElement).disabled || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const style = getComputedStyle(el);
    const own = parse(style.backgroundColor);
    if (primary && own[3] === 0) buttons.push(`${describe(el)}: no background (${style.backgroundColor}), text ${style.color}`);
    const behind = background(el);
    const text = over(parse(style.color), behind);
    const [light, dark] = [luminance(text), luminance(behind)].sort((a, b) => b - a) as [number, number];
    const contrast = (light + 0.05) / (dark + 0.05);
    if (contrast < 4.5) buttons.push(`${describe(el)}: contrast ${contrast.toFixed(2)}:1 (text ${style.color} on rgb(${behind.slice(0, 3).map(Math.round).join(", ")}))`);
  }

  const phones: string[] = [];
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]')) {
    if (!link.checkVisibility()) continue;
    const lines = new Set<number>();
    const texts = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.top));
    }
    if (lines.size > 1) phones.push(`${describe(link)} is on ${lines.size} lines`);
  }
  return { unstyled: [...unstyled].map(([name, where]) => `.${name} on ${where}`), buttons, phones };
}

async function expectStyled(page: Page, url: string, { axe = false } = {}) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(url === "/no-such-page" ? 500 : 400);
  // Where the page ships scripts, look after hydration; a page that ships none is already final.
  if (await page.locator("script[type=module]").count()) await hydrated(page);
  // Colours are read once they rest: after hydration the header fades from opaque to transparent over the hero.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"));
  const found = await page.evaluate(inspect);
  expect.soft(found.unstyled, `${url}: classes with no rule in the page's CSS`).toEqual([]);
  expect.soft(found.buttons, `${url}: buttons without a visible background or with text under 4.5:1`).toEqual([]);
  expect.soft(found.phones, `${url}: phone numbers broken over lines`).toEqual([]);
  if (axe) await axeClean(page);
}

const routes = publicPageRoutes();

test("the route config yields the public and customer pages, and no dashboard page", () => {
  const patterns = routes.map((r) => r.pattern);
  for (const page of ["/", "/login", "/estimates/:token", "/appointments/:token", "/invoices/:token", "/reviews/:token", "/unsubscribe/:token"]) {
    expect(patterns).toContain(page);
  }
  expect(patterns.filter((p) => p.startsWith("/admin") || p.startsWith("/api"))).toEqual([]);
});

for (const javaScriptEnabled of [false, true]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });
      for (const route of routes) {
        test(`${route.pattern} (${route.file}) is styled by its own CSS`, async ({ page, samples }) => {
          // The customer pages (whose buttons and phone this issue changed) axe clean too; axe runs where script does.
          const axe = route.pattern.includes(":token");
          for (const url of urlsFor(route.pattern, samples)) await expectStyled(page, url, { axe });
        });
      }
    });
  }
}
