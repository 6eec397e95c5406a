// @ci-once: what the HTTP server does with a request, whatever the database; CI's second pass, on the embedded database, skips it.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipsScripts } from "~/lib/no-scripts";
import routeConfig from "~/routes";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { customerLinks, type CustomerLinks } from "../helpers/customer-links";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

/*
 * Issue 32: the customer's pages need no JavaScript and ship none (ui-contract,
 * "The customer's side, polished"). Every route of app/routes.ts whose module
 * declares NO_SCRIPTS (app/lib/no-scripts.ts) is fetched from the production
 * server on a real page of its own, and on its error pages (an unknown link,
 * then too many of them): no <script> but JSON-LD, no modulepreload. A route
 * that declares it without a page made here fails, so a new one is covered.
 */

const OWNER = "owner@example.com";
const CUSTOMER_ROUTES = ["estimates/:token", "appointments/:token", "invoices/:token", "reviews/:token", "unsubscribe/:token", "plans/:token"];
// The page of each no-script route, made through the server's own routes (tests/helpers/customer-links.ts).
const SAMPLES: Record<string, keyof CustomerLinks> = {
  "estimates/:token": "estimate",
  "appointments/:token": "appointment",
  "invoices/:token": "invoice",
  "reviews/:token": "review",
  "unsubscribe/:token": "unsubscribe",
  "plans/:token": "plan",
};

const appDirectory = path.resolve(import.meta.dirname, "../../app");
const flatten = (entries: RouteConfigEntry[], prefix = ""): { path: string; file: string }[] =>
  entries.flatMap((e) => {
    const full = [prefix, e.path ?? ""].filter(Boolean).join("/");
    return [{ path: full, file: e.file }, ...flatten(e.children ?? [], full)];
  });

/** The routes whose module declares that its page ships no JavaScript, by path. */
async function noScriptRoutes(): Promise<string[]> {
  const found: string[] = [];
  for (const route of flatten(routeConfig)) {
    const module = (await import(path.join(appDirectory, route.file))) as { handle?: unknown };
    if (!shipsScripts([{ handle: module.handle }])) found.push(route.path);
  }
  return found;
}

/** What in the HTML would load or run JavaScript: any <script> but JSON-LD, any modulepreload. */
function scriptsIn(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>|<link\b[^>]*modulepreload[^>]*>/gi)].map((m) => m[0]).filter((tag) => !/type="application\/ld\+json"/i.test(tag));
}

let smtp: SmtpSink;
let app: AppServer;
let links: CustomerLinks;
let routes: string[];
let ip = 0;

beforeAll(async () => {
  routes = await noScriptRoutes();
  smtp = await startSmtpSink();
  // TRUST_PROXY: each request below says its client address, so the rate limits are the test's to reach.
  app = await startAppServer(
    { SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, REVIEW_REQUEST_MINUTES: "0.01", BUSINESS_TIME_ZONE: "America/Detroit", TRUST_PROXY: "1" },
    { withAppUrl: true },
  );
  links = await customerLinks(app, smtp, await signInByEmail(app, smtp, OWNER));
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

/** GET as a customer would, from a client address of its own. */
const get = (pathname: string, clientIp = `203.0.113.${++ip}`) => app.fetch(pathname, { headers: { "x-forwarded-for": clientIp } });

describe("pages that ship no JavaScript", () => {
  it("are declared by the five customer routes", () => {
    expect(routes).toEqual(expect.arrayContaining(CUSTOMER_ROUTES));
  });

  it("the check finds the scripts of a page that has them (/)", async () => {
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(scriptsIn(await home.text()).length).toBeGreaterThan(0);
  });

  it("each such route's page: no <script> but JSON-LD, no modulepreload", async () => {
    for (const route of routes) {
      const sample = SAMPLES[route];
      expect(sample, `${route} declares NO_SCRIPTS: make a page of it in tests/helpers/customer-links.ts and list it in SAMPLES`).toBeDefined();
      const res = await get(links[sample!]);
      expect(res.status, route).toBe(200);
      expect(res.headers.get("link") ?? "", route).not.toMatch(/modulepreload/);
      expect(scriptsIn(await res.text()), route).toEqual([]);
    }
  });

  it("their error pages too: an unknown link (404), then too many of them (429)", async () => {
    for (const route of routes) {
      const wrong = links[SAMPLES[route]!].replace(/[^/]+$/, "x".repeat(32));
      const client = `198.51.100.${++ip}`;
      const missing = await get(wrong, client);
      expect(missing.status, route).toBe(404);
      expect(scriptsIn(await missing.text()), route).toEqual([]);
      let limited: Response | undefined;
      for (let i = 0; i < 40 && !limited; i++) {
        const res = await get(wrong, client);
        if (res.status === 429) limited = res;
        else await res.body?.cancel();
      }
      expect(limited?.status, `${route} refuses too many wrong links`).toBe(429);
      const html = await limited!.text();
      expect(html, route).toContain("Too many tries");
      expect(scriptsIn(html), route).toEqual([]);
    }
  });

  it("the answers to their forms too: a review with mistakes (400), the unsubscribe done", async () => {
    const post = (pathname: string, fields: Record<string, string>) =>
      app.fetch(pathname, { method: "POST", body: new URLSearchParams(fields), headers: { "x-forwarded-for": `192.0.2.${++ip}` } });
    const rejected = await post(links.review, { text: "No stars given." });
    expect(rejected.status).toBe(400);
    const rejectedHtml = await rejected.text();
    expect(rejectedHtml).toContain("Please correct the highlighted fields");
    expect(scriptsIn(rejectedHtml)).toEqual([]);
    const done = await post(links.unsubscribe, { intent: "unsubscribe" });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toContain("You are unsubscribed");
    expect(scriptsIn(doneHtml)).toEqual([]);
  });
});
