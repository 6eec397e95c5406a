import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { customerLinks, type CustomerLinks } from "../helpers/customer-links";
import { routeOf, routePatterns } from "../helpers/routes";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

/*
 * Issue 33's edges of a request, on the production server (the edge is
 * Express's, server/react-router-handler.ts), every route read from
 * app/routes.ts so that a new one is covered:
 * - 5: a control character (NUL above all: PostgreSQL cannot store it) in a
 *   path parameter is a 404; in a query string, a form (urlencoded or
 *   multipart) or a JSON body it is cleaned away, never a 500 and never
 *   stored (docs/decisions/0107).
 * - 6: RFC 8058's one-click unsubscribe works from a mail provider's origin;
 *   every other state-changing request from there is still refused.
 * - 7: past the limit of unknown tokens, an address gets 429 for known tokens too.
 * - 8: a customer page's 404 and 429 are private and never indexed; the 429
 *   says when to come back (docs/decisions/0113).
 */

const OWNER = "owner@example.com";
const MAIL_PROVIDER = "https://mail.google.com";
/** What each field gets: a NUL and an ESC in it. */
const CONTROLS = "\u0000\u001b";
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

let smtp: SmtpSink;
let app: AppServer;
let links: CustomerLinks;
let cookie: string;
let clients = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // TRUST_PROXY: each request says its client address, so that each test has its own rate limits.
  app = await startAppServer(
    { SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, REVIEW_REQUEST_MINUTES: "0.01", BUSINESS_TIME_ZONE: "America/Detroit", TRUST_PROXY: "1" },
    { withAppUrl: true },
  );
  cookie = await signInByEmail(app, smtp, OWNER);
  links = await customerLinks(app, smtp, cookie);
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

/** A client address of its own (X-Forwarded-For, believed with TRUST_PROXY=1). */
const newClient = () => {
  const n = ++clients;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** A request from `client` (a new address unless given), as the owner when `admin`. */
function send(pathname: string, init: RequestInit & { admin?: boolean; client?: string } = {}) {
  const { admin, client, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("x-forwarded-for", client ?? newClient());
  if (admin) headers.set("cookie", cookie);
  return app.fetch(pathname, { ...rest, headers });
}

// ---------------------------------------------------------------------------
// The customer's pages: one-click unsubscribe, the address's limit, headers.

const TOKEN_ROUTES = routePatterns().filter((r) => r.path.includes(":token"));
const LINK_OF: Record<string, keyof CustomerLinks> = {
  estimates: "estimate",
  appointments: "appointment",
  invoices: "invoice",
  reviews: "review",
  unsubscribe: "unsubscribe",
  plans: "plan",
};

/** The route's address for `token`: the sample page's own token unless another is given. */
function tokenPath(pattern: string, token?: string): string {
  const kind = LINK_OF[pattern.split("/")[0]!];
  expect(kind, `${pattern}: make a page of it in tests/helpers/customer-links.ts and name it in LINK_OF`).toBeDefined();
  return "/" + pattern.replace(":token", token ?? links[kind!].split("/").pop()!);
}

function expectPrivate(res: Response, what: string) {
  expect(res.headers.get("cache-control") ?? "", `${what}: Cache-Control`).toMatch(/no-store/);
  expect(res.headers.get("x-robots-tag"), `${what}: X-Robots-Tag`).toBe("noindex");
}

describe("the customer's token pages", () => {
  it("are all read from the routes", () => {
    expect(TOKEN_ROUTES.map((r) => r.path)).toEqual(
      expect.arrayContaining(["estimates/:token", "estimates/:token/pdf", "appointments/:token", "appointments/:token/calendar.ics", "invoices/:token", "invoices/:token/pdf", "reviews/:token", "unsubscribe/:token"]),
    );
  });

  it("answer a known token, privately and never indexed", async () => {
    for (const { path } of TOKEN_ROUTES) {
      const res = await send(tokenPath(path));
      expect(res.status, path).toBe(200);
      expectPrivate(res, path);
      await res.body?.cancel();
    }
  });

  it("answer an unknown token 404, privately and never indexed", async () => {
    for (const { path } of TOKEN_ROUTES) {
      const res = await send(tokenPath(path, "x".repeat(32)));
      expect(res.status, path).toBe(404);
      expectPrivate(res, path);
      await res.body?.cancel();
    }
  });

  it("past the limit of unknown tokens, refuse the address every token, known ones too, saying when to come back (429)", async () => {
    const guesser = newClient();
    // Twenty guesses spread over the pages: the limit is the address's, whatever page it guesses on.
    for (let i = 0; i < 20; i++) {
      const res = await send(tokenPath(TOKEN_ROUTES[i % TOKEN_ROUTES.length]!.path, `guess${i}`), { client: guesser });
      expect(res.status, `guess ${i}`).toBe(404);
      await res.body?.cancel();
    }
    for (const { path } of TOKEN_ROUTES) {
      for (const token of [undefined, "another-guess"]) {
        const what = `${path} with ${token ? "an unknown" : "a known"} token`;
        const res = await send(tokenPath(path, token), { client: guesser });
        expect(res.status, what).toBe(429);
        expect(res.headers.get("retry-after"), `${what}: Retry-After`).toMatch(/^[1-9]\d*$/);
        expect(Number(res.headers.get("retry-after")), what).toBeLessThanOrEqual(600);
        expectPrivate(res, what);
        const body = await res.text();
        if (res.headers.get("content-type")?.startsWith("text/html")) expect(body, what).toContain("Too many tries");
      }
    }
    // Another address is served as before.
    const other = await send(links.estimate);
    expect(other.status).toBe(200);
    await other.body?.cancel();
  });

  it("take RFC 8058's one-click unsubscribe from a mail provider's own origin", async () => {
    const oneClick = await send(links.unsubscribe, {
      method: "POST",
      headers: { origin: MAIL_PROVIDER, "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You are unsubscribed");
    const page = await send(links.unsubscribe);
    expect(await page.text()).toContain("You are unsubscribed");
  });

  it("refuse every other state-changing request from that origin", async () => {
    const token = links.unsubscribe.split("/").pop()!;
    const refused: [string, RequestInit][] = [
      [links.review, { body: new URLSearchParams({ stars: "5", text: "Forged" }) }],
      [links.estimate, { body: new URLSearchParams({ intent: "accept" }) }],
      [links.appointment, { body: new URLSearchParams({ intent: "cancel", confirm: "yes" }) }],
      // React Router's data request for the same page is another address.
      [`/unsubscribe/${token}.data`, { body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }],
      ["/api/send-otp", { body: JSON.stringify({ email: OWNER }), headers: { "content-type": "application/json" } }],
    ];
    for (const [pathname, init] of refused) {
      const headers = new Headers(init.headers);
      headers.set("origin", MAIL_PROVIDER);
      const res = await send(pathname, { ...init, method: "POST", headers });
      expect(res.status, pathname).toBe(403);
      await res.body?.cancel();
    }
  });
});

// ---------------------------------------------------------------------------
// Control characters.

/** A sample value for each kind of path parameter, for the parameters not under test. */
const SAMPLE_PARAMS: Record<string, string> = { table: "faqs", kind: "image", id: "1", token: "x", slug: "x", file: "x.ics", name: "x.png", "*": "x" };

describe("control characters in a path parameter", () => {
  it("are a 404 on every route with parameters, GET and POST, before any route runs", async () => {
    const withParams = routePatterns().filter((r) => /(^|\/)(:|\*)/.test(r.path));
    expect(withParams.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const { path } of withParams) {
      const params = path.split("/").filter((s) => s.startsWith(":") || s === "*");
      for (const param of params) {
        const pathname =
          "/" +
          path
            .split("/")
            .map((s) => (s === param ? `x%00${encodeURIComponent(CONTROLS.slice(1))}y` : s.startsWith(":") || s === "*" ? SAMPLE_PARAMS[s.replace(/^:/, "")] ?? "x" : s))
            .join("/");
        for (const method of ["GET", "POST"]) {
          const res = await send(pathname, { admin: true, method, ...(method === "POST" ? { body: new URLSearchParams({ a: "b" }) } : {}) });
          const body = await res.text();
          if (res.status !== 404) failures.push(`${method} ${pathname} (${path}): ${res.status} ${body.slice(0, 120)}`);
          else if (pathname.startsWith("/api/")) expect(JSON.parse(body), pathname).toEqual({ error: expect.any(String) });
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

/** A page found by following links, and the HTML it answered. */
interface Page {
  url: string;
  route: string;
  html: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const unescapeHtml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? whole),
  );
const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*"([^"]*)")?/g)].map((m) => [m[1]!.toLowerCase(), unescapeHtml(m[2] ?? "")]));

/** Same-site addresses the page links to, without their fragments. */
function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)]
    .map((m) => unescapeHtml(m[1]!).split("#")[0]!)
    .filter((href) => href.startsWith("/") && !href.startsWith("//"));
}

/** A form of a page as its HTML has it. */
interface HtmlForm {
  method: "get" | "post";
  /** The address it is sent to (path and query). */
  action: string;
  /** Its controls in order, but the submit buttons. */
  controls: { kind: string; type: string; name: string; value: string; checked: boolean }[];
  /** Its submit buttons that have a name: [name, value]. */
  buttons: [string, string][];
}

/** The page's forms that send to this site. */
function htmlForms(page: Page): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const [, open, inner] of page.html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const form = attributes(open!);
    const action = new URL(form.action || page.url, `http://site${page.url}`);
    if (action.host !== "site") continue;
    const found: HtmlForm = { method: (form.method ?? "").toLowerCase() === "post" ? "post" : "get", action: action.pathname + action.search, controls: [], buttons: [] };
    for (const [, kind, attributeText, content] of inner!.matchAll(/<(input|textarea|select|button)\b([^>]*)>(?:([\s\S]*?)<\/\1>)?/g)) {
      const attrs = attributes(attributeText!);
      const type = (attrs.type ?? "").toLowerCase();
      if (!attrs.name || "disabled" in attrs) continue;
      if ((kind === "button" && (type === "" || type === "submit")) || (kind === "input" && type === "submit")) {
        found.buttons.push([attrs.name, attrs.value ?? ""]);
        continue;
      }
      let value = attrs.value ?? "";
      if (kind === "textarea") value = unescapeHtml(content ?? "");
      if (kind === "select") {
        const options = [...(content ?? "").matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)].map(([, o, text]) => ({ attrs: attributes(o!), text: unescapeHtml(text!) }));
        const chosen = options.find((o) => "selected" in o.attrs) ?? options[0];
        value = chosen ? (chosen.attrs.value ?? chosen.text) : "";
      }
      if (kind !== "button") found.controls.push({ kind: kind!, type, name: attrs.name, value, checked: "checked" in attrs });
    }
    forms.push(found);
  }
  return forms;
}

/** The addresses a page's GET forms lead to, one for each of their named buttons (a table's View, Edit, Delete). */
function getFormLinks(page: Page): string[] {
  return htmlForms(page)
    .filter((form) => form.method === "get")
    .flatMap((form) => {
      const fields = form.controls.filter((c) => c.kind !== "input" || !["checkbox", "radio"].includes(c.type) || c.checked).map((c) => [c.name, c.value]);
      const [path, query = ""] = form.action.split("?");
      const base = [...new URLSearchParams(query), ...fields];
      return (form.buttons.length ? form.buttons : [undefined]).map((button) => `${path}?${new URLSearchParams(button ? [...base, button] : base)}`);
    });
}

interface FormToSend {
  action: string;
  fields: [string, string][];
  /** The names of the fields given control characters. */
  filled: string[];
}

const TYPED = new Set(["", "text", "search", "email", "tel", "url", "password"]);
const SAMPLE_TEXT: Record<string, string> = { email: "nul.test@example.com", tel: "6165550199", url: "https://example.com/page", "": "Nul Test" };

/** `value` (or a sample for the field's type) with control characters in it. */
const withControls = (value: string, type: string) => {
  const text = value || (SAMPLE_TEXT[type] ?? SAMPLE_TEXT[""]!);
  return `${text.slice(0, 1)}${CONTROLS[0]}${text.slice(1)}${CONTROLS[1]}`;
};

/**
 * The page's POST forms as a person would send them: what they hold, each
 * field one types in (text, e-mail, phone, textarea...) with control
 * characters in it, the first radio button of a group none is checked in,
 * and the first submit button that has a name. Forms with nothing to type
 * in (Delete, Mark Done...) are left alone.
 */
function postForms(page: Page): FormToSend[] {
  const found: FormToSend[] = [];
  for (const form of htmlForms(page).filter((f) => f.method === "post")) {
    const fields: [string, string][] = [];
    const filled: string[] = [];
    const radios = new Map<string, { value: string; checked: boolean }[]>();
    for (const { kind, type, name, value, checked } of form.controls) {
      if (kind === "textarea" || (kind === "input" && TYPED.has(type))) {
        fields.push([name, withControls(value, type)]);
        filled.push(name);
      } else if (type === "radio") radios.set(name, [...(radios.get(name) ?? []), { value: value || "on", checked }]);
      else if (type === "checkbox") {
        if (checked) fields.push([name, value || "on"]);
      } else if (!["file", "button", "reset", "image"].includes(type)) fields.push([name, value]);
    }
    for (const [name, options] of radios) fields.push([name, (options.find((o) => o.checked) ?? options[0]!).value]);
    if (form.buttons[0]) fields.push(form.buttons[0]);
    if (filled.length) found.push({ action: form.action, fields, filled });
  }
  return found;
}

// A GET that signs out (the API's logout, for scripts): never followed.
const NOT_FOLLOWED = new Set(["/api/logout"]);
const LIST_STATE = new Set(["sort", "page"]);
const MOST_PAGES = 150;

/**
 * The site as the owner can reach it by links and GET forms (a table's View,
 * Edit...): from the home page, the dashboard, the sign-in page and the
 * customer's pages. One address per route and dialog: a table's list and its
 * edit dialog are two, two tables' lists one (the table API's test below
 * writes to every table).
 */
async function crawl(): Promise<Page[]> {
  const queue = ["/", "/admin", "/login", ...Object.values(links)];
  const seen = new Set<string>();
  const pages: Page[] = [];
  while (queue.length && pages.length < MOST_PAGES) {
    const url = queue.shift()!;
    const { pathname, searchParams } = new URL(url, "http://site");
    const route = routeOf(pathname);
    // One address per route and dialog (?new, ?edit, ?view...): a list's order, page or empty filter is not another page.
    const names = [...searchParams].filter(([name, value]) => value && !LIST_STATE.has(name)).map(([name]) => name);
    const key = `${route?.file}?${[...new Set(names)].sort().join("&")}`;
    if (!route || seen.has(key) || NOT_FOLLOWED.has(pathname)) continue;
    seen.add(key);
    const res = await send(url, { admin: true });
    const location = res.headers.get("location");
    if (location) queue.unshift(location);
    if (!res.headers.get("content-type")?.startsWith("text/html")) {
      await res.body?.cancel();
      continue;
    }
    const html = await res.text();
    expect(res.status, `GET ${url}`).toBeLessThan(500);
    const page = { url, route: route.path, html };
    pages.push(page);
    queue.push(...linksIn(html), ...getFormLinks(page));
  }
  return pages;
}

describe("control characters in a query string, a form or a JSON body", () => {
  let pages: Page[] = [];

  it("are cleaned from the query string of every page the links lead to", async () => {
    pages = await crawl();
    // The home page, the dashboard's lists, a customer's, a lead's, a job's pages, the settings, a table...
    expect(pages.length).toBeGreaterThan(25);
    const query = "q=a%00b&page=1%00&sort=%1b&week=%00&done=%00&outcome=%00&kind=%00&returnUrl=%00&email=%00&tab=%00&edit=%00&view=%00&history=%00";
    const failures: string[] = [];
    for (const page of pages) {
      const url = `${page.url}${page.url.includes("?") ? "&" : "?"}${query}`;
      const res = await send(url, { admin: true });
      const html = await res.text();
      if (res.status >= 500) failures.push(`GET ${url}: ${res.status}`);
      else if (CONTROL_IN_TEXT.test(withoutScripts(html))) failures.push(`GET ${url}: a control character in the page`);
    }
    expect(failures).toEqual([]);
    // A search for NUL searches for nothing.
    const search = await send("/admin/customers?q=%00", { admin: true });
    expect(search.status).toBe(200);
    await search.body?.cancel();
  }, 300_000);

  it("are cleaned from every form of those pages, sent urlencoded and as multipart", async () => {
    const forms = pages.flatMap((page) => postForms(page).map((form) => ({ ...form, page: page.url })));
    // The quote form, the review form, the customer's and the vehicle's forms, the settings, a note...
    expect(forms.length).toBeGreaterThanOrEqual(12);
    expect(forms.some((f) => f.page === links.review)).toBe(true);
    expect(forms.some((f) => f.action.startsWith("/admin/settings"))).toBe(true);
    expect(forms.some((f) => /^\/admin\/customers\/\d+/.test(f.action))).toBe(true);
    const failures: string[] = [];
    const answered = new Map<number, number>();
    for (const form of forms) {
      for (const encoding of ["urlencoded", "multipart"]) {
        const body = encoding === "urlencoded" ? new URLSearchParams(form.fields) : new FormData();
        if (body instanceof FormData) for (const [name, value] of form.fields) body.append(name, value);
        const res = await send(form.action, { admin: true, method: "POST", body });
        answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
        const text = await res.text();
        if (res.status >= 500) failures.push(`POST ${form.action} (${encoding}, from ${form.page}; ${form.filled.join(", ")}): ${res.status} ${text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // Not all refused: the forms did their work with the cleaned text.
    expect((answered.get(200) ?? 0) + (answered.get(303) ?? 0) + (answered.get(302) ?? 0)).toBeGreaterThan(10);
  }, 300_000);

  it("are cleaned from every string of a JSON body: the table API and the public endpoints", async () => {
    const json = (pathname: string, body: unknown, admin = false) =>
      send(pathname, { admin, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const tables = (await (await send("/api/admin/schemas", { admin: true })).json()) as string[];
    const failures: string[] = [];
    let created = 0;
    for (const table of tables) {
      const schema = (await (await send(`/api/admin/schemas/${table}`, { admin: true })).json()) as { readOnly?: boolean; properties: Record<string, JsonProperty> };
      if (schema.readOnly) continue;
      const res = await json(`/api/tables/${table}`, rowWithControls(schema.properties), true);
      if (res.status === 201) created++;
      if (res.status >= 500) failures.push(`POST /api/tables/${table}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      else await res.body?.cancel();
    }
    const quote = await json("/api/forms/submit", {
      formId: "quote",
      name: `Nul${CONTROLS}Quote`,
      email: `nul${CONTROLS}@example.com`,
      phone: "6165550177",
      vehicle_type: "Sedan",
      message: `Hello${CONTROLS}`,
    });
    if (quote.status >= 500) failures.push(`POST /api/forms/submit: ${quote.status}`);
    for (const [pathname, body] of [
      ["/api/send-otp", { email: `owner${CONTROLS}@example.com` }],
      ["/api/verify-otp", { email: `owner${CONTROLS}@example.com`, otp: `12${CONTROLS}3456` }],
    ] as const) {
      const res = await json(pathname, body);
      if (res.status >= 500) failures.push(`POST ${pathname}: ${res.status}`);
      await res.body?.cancel();
    }
    expect(failures).toEqual([]);
    expect(created).toBeGreaterThan(3);
  });

  it("and so none is stored: no row of a table, no page shows one", async () => {
    const tables = (await (await send("/api/admin/schemas", { admin: true })).json()) as string[];
    for (const table of tables) {
      const res = await send(`/api/tables/${table}?limit=100`, { admin: true });
      expect(res.status, table).toBe(200);
      expect(stringsIn(await res.json()).filter((text) => CONTROL_IN_TEXT.test(text)), table).toEqual([]);
    }
    // The customer's, the lead's, the settings... as the forms above left them.
    for (const page of pages) {
      const res = await send(page.url, { admin: true });
      expect(withoutScripts(await res.text()), page.url).not.toMatch(CONTROL_IN_TEXT);
    }
  }, 120_000);
});

const withoutScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");
const stringsIn = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(stringsIn) : [];

interface JsonProperty {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  readOnly?: boolean;
  minimum?: number;
}

/** A row for the table API: every text column with control characters in it, the others a plain value. */
function rowWithControls(properties: Record<string, JsonProperty>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(properties)) {
    const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== "null") : prop.type;
    if (prop.readOnly || name === "id") continue;
    if (prop.enum) row[name] = prop.enum.find((v) => v !== null);
    else if (type === "boolean") row[name] = false;
    else if (type === "integer" || type === "number") row[name] = prop.minimum ?? 1;
    else if (type === "string" && !["date", "date-time", "media_url", "file_url"].includes(prop.format ?? "")) {
      row[name] = prop.format === "email" ? `nul${CONTROLS}@example.com` : `Nul${CONTROLS} text`;
    }
  }
  return row;
}
