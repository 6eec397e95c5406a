import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SEED_SETTINGS } from "~/lib/business";
import { decideEstimate, markViewed } from "~/server/estimates/decisions.server";
import { createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { businessToday } from "~/server/time-zone.server";
import { sendEstimate } from "~/server/estimates/send.server";
import { reloadEnv } from "~/server/env.server";
import { saveSettings } from "~/server/settings.server";
import { estimateForm } from "../helpers/estimates";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { stopBackgroundJobs } from "~/server/background.server";
import { useTestDatabase } from "../helpers/test-database-lifecycle";
import { leadOrigin } from "~/server/customers/work-origin.server";

// /admin/estimates as a list (lib/list-query): 25 a page, filtered by the
// status as shown (Expired once the Valid Until day has passed), searched by
// the customer's name or e-mail or the number, sorted by the column headers'
// links; a bad parameter is named in the banner, never a 500, and left out of
// every link. Estimates are made, sent and decided through the app's own functions.

const ADMIN = "owner@list.example";
const database = useTestDatabase({ QUOTE_NOTIFY_EMAIL: ADMIN, APP_URL: "https://list.example" });
const db = () => database.db;
const fetchRoute = inProcessFetch(db);

interface ListData {
  error?: string;
  status: string | null;
  q: string;
  total: number;
  rows: { number: number; customer: string; email: string; status: string; totalCents: number; total: string }[];
  filters: { label: string; href: string; current: boolean }[];
  sorts: Record<string, { href: string; ariaSort: string }>;
  pager: { page: number; pages: number; from: number; to: number; previous: string | null; next: string | null };
}

let mailbox: SmtpSink;
let cookie: string;
/** Numbers in the order they were made (ascending). */
const numbers: number[] = [];
const CUSTOMERS = [
  { name: "Avery Walker", email: "avery@walker.example" },
  { name: "blake Stone", email: "blake@stone.example" },
  { name: "Casey Moss", email: "casey_moss@moss.example" },
];

beforeAll(async () => {
  mailbox = await startSmtpSink();
  process.env.SMTP_URL = mailbox.url;
  reloadEnv();
  await saveSettings(db(), { ...SEED_SETTINGS, notifyEmail: ADMIN, taxRate: "0" }, ADMIN);
  cookie = await sessionCookieFor(db(), ADMIN, { admin: true });
  const leads = await db()
    .insertInto("quote_requests")
    .values(CUSTOMERS.map((c) => ({ ...c, phone: "(616) 555-0100", vehicle_type: "SUV", message: "A full detail, please.", status: "contacted" as const })))
    .returning("id")
    .execute();
  // 27 estimates, by i % 9: 1 and 3 sent (3 valid until today only), 2 viewed, 4 accepted, 5 declined, the rest drafts.
  for (let i = 0; i < 27; i++) {
    const id = await createEstimate(db(), await leadOrigin(db(), leads[i % 3]!.id), ADMIN);
    const kind = i % 9;
    const validUntil = kind === 3 ? businessToday() : "2099-12-31";
    // Totals: $10, $20, … by creation, except every fourth is $5 (ties broken by the number).
    const price = i % 4 === 3 ? "5" : String((i + 1) * 10);
    const saved = await saveEstimate(db(), id, estimateForm([["Full detail", "1", price]], { validUntil }));
    numbers.push(saved.number);
    if (kind >= 1 && kind <= 5) await sendEstimate(db(), id, ADMIN, "https://list.example");
    if (kind === 2) await markViewed(db(), await getEstimate(db(), id));
    if (kind === 4) await decideEstimate(db(), await getEstimate(db(), id), "accepted");
    if (kind === 5) await decideEstimate(db(), await getEstimate(db(), id), "declined", "Too far");
  }
}, 120_000);
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  // The outbox's work (kicked by each send) ends before the mail server does.
  await stopBackgroundJobs();
  await mailbox?.stop();
});

async function list(search: string): Promise<{ status: number; data: ListData; location: string | null }> {
  const res = await fetchRoute(`/admin/estimates${search}`, { headers: { cookie } });
  const location = res.headers.get("Location");
  return { status: res.status, data: location ? ({} as ListData) : ((await res.json()) as ListData), location };
}

const newestFirst = () => [...numbers].reverse();

describe("/admin/estimates pages, filters, searches and sorts", () => {
  it("shows the newest 25 first, then the rest on page 2, the pager's links keeping the view", async () => {
    const first = await list("");
    expect(first.status).toBe(200);
    expect(first.data.error).toBeUndefined();
    expect(first.data.total).toBe(27);
    expect(first.data.rows.map((r) => r.number)).toEqual(newestFirst().slice(0, 25));
    expect(first.data.pager).toMatchObject({ page: 1, pages: 2, from: 1, to: 25, previous: null, next: "/admin/estimates?page=2" });
    const second = await list("?page=2");
    expect(second.data.rows.map((r) => r.number)).toEqual(newestFirst().slice(25));
    expect(second.data.pager).toMatchObject({ page: 2, from: 26, to: 27, previous: "/admin/estimates", next: null });
    expect(second.data.rows[0]).toMatchObject({ customer: "blake Stone", email: "blake@stone.example", status: "sent", total: "$20.00" });
  });

  it("filters by status with counts of the current search, each link back on page 1", async () => {
    const { data } = await list("?page=2");
    expect(data.filters.map((f) => f.label)).toEqual(["All (27)", "Draft (12)", "Sent (6)", "Viewed (3)", "Accepted (3)", "Declined (3)", "Expired (0)"]);
    expect(data.filters[0]).toMatchObject({ href: "/admin/estimates", current: true });
    const drafts = await list("?status=draft");
    expect(drafts.data.total).toBe(12);
    expect(drafts.data.rows.every((r) => r.status === "draft")).toBe(true);
    expect(drafts.data.pager.pages).toBe(1);
    expect(drafts.data.filters.find((f) => f.current)?.label).toBe("Draft (12)");
    // Blake Stone's are i % 3 == 1: i = 1, 10, 19 sent, 4, 13, 22 accepted, 7, 16, 25 drafts.
    const stones = await list("?q=stone&status=accepted");
    expect(stones.data.total).toBe(3);
    expect(stones.data.rows.every((r) => r.customer === "blake Stone" && r.status === "accepted")).toBe(true);
    expect(stones.data.filters.map((f) => f.label)).toEqual(["All (9)", "Draft (3)", "Sent (3)", "Viewed (0)", "Accepted (3)", "Declined (0)", "Expired (0)"]);
    expect(stones.data.filters.find((f) => f.label.startsWith("Draft"))?.href).toBe("/admin/estimates?q=stone&status=draft");
  });

  it("searches the customer's name and e-mail (case and LIKE wildcards as typed) and the number", async () => {
    const byName = await list("?q=WALKER");
    expect(byName.data.total).toBe(9);
    expect(byName.data.rows.every((r) => r.customer === "Avery Walker")).toBe(true);
    expect((await list("?q=stone.example")).data.total).toBe(9);
    expect((await list("?q=avery%20walker")).data.total).toBe(9);
    expect((await list("?q=avery%20stone")).data.total).toBe(0);
    // "_" is a character to find, not LIKE's any-character.
    expect((await list("?q=casey_moss")).data.total).toBe(9);
    expect((await list("?q=y_w")).data.total).toBe(0);
    expect((await list("?q=%25")).data.total).toBe(0);
    const number = numbers[5]!;
    for (const q of [String(number), `%23${number}`]) {
      const found = await list(`?q=${q}`);
      expect(found.data.rows.map((r) => r.number), q).toEqual([number]);
    }
  });

  it("sorts by the column headers' links, toggling the direction, ties by number", async () => {
    const first = await list("");
    expect(first.data.sorts.number).toEqual({ label: "Estimate", href: "/admin/estimates?sort=number%3Aasc", ariaSort: "descending" });
    const ascending = await list("?sort=number:asc");
    expect(ascending.data.rows.map((r) => r.number)).toEqual(numbers.slice(0, 25));
    expect(ascending.data.pager.next).toBe("/admin/estimates?page=2&sort=number%3Aasc");
    const cheapest = await list("?sort=total_cents:asc");
    const totals = cheapest.data.rows.map((r) => r.totalCents);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(cheapest.data.rows.slice(0, 6).map((r) => r.number)).toEqual(numbers.filter((_, i) => i % 4 === 3));
    expect(cheapest.data.sorts.total_cents!.href).toBe("/admin/estimates?sort=total_cents%3Adesc");
    const byCustomer = await list("?sort=customer:asc&status=draft");
    // Sorted without regard to case: Avery, blake, Casey.
    expect([...new Set(byCustomer.data.rows.map((r) => r.customer))]).toEqual(["Avery Walker", "blake Stone", "Casey Moss"]);
    expect(byCustomer.data.filters[0]!.href).toBe("/admin/estimates?sort=customer%3Aasc");
  });

  it("lists a sent estimate past its Valid Until day as Expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 86_400_000);
    const expired = await list("?status=expired");
    expect(expired.data.total).toBe(3);
    expect(expired.data.rows.every((r) => r.status === "expired")).toBe(true);
    expect((await list("?status=sent")).data.total).toBe(3);
    expect((await list("")).data.filters.map((f) => f.label)).toContain("Expired (3)");
  });

  it("refuses a bad page, sort, status or search with the list's message, never a 500, leaving it out of every link", async () => {
    for (const [search, error] of [
      ["page=abc", "page must be a whole number from 1"],
      ["page=0", "page must be a whole number from 1"],
      ["page=-3", "page must be a whole number from 1"],
      ["page=99999999999", "page must be a whole number from 1"],
      ["sort=status:asc", "status cannot be sorted"],
      ["sort=nope:desc", "Unknown sort field: nope"],
      ["sort=number:sideways", "sort must be field:asc or field:desc"],
      ["status=closed", "status must be one of: draft, sent, viewed, accepted, declined, expired"],
      ["status=draft&status=sent", "status can be filtered by one value only"],
      [`q=${"x".repeat(201)}`, "Search terms are at most 200 characters"],
      ["q=a%00b", "Search terms cannot contain a NUL character"],
    ]) {
      const searched = search!.startsWith("q=");
      const { status, data } = await list(searched ? `?${search}` : `?${search}&q=example`);
      expect(status, search).toBe(200);
      expect(data.error, search).toBe(error);
      if (!searched) {
        expect(data.q, search).toBe("example");
        expect(data.total, search).toBe(27);
        const links = [...data.filters.map((f) => f.href), ...Object.values(data.sorts).map((s) => s.href), data.pager.next];
        for (const href of links) expect(href, search).not.toMatch(/page=(abc|0|-)|sideways|nope|status:|closed|status=draft&status/);
      }
    }
  });

  it("sends a page past the end to the last page, keeping the view", async () => {
    const { status, location } = await list("?q=example&sort=number:asc&page=9");
    expect(status).toBe(302);
    expect(location).toBe("/admin/estimates?page=2&sort=number%3Aasc&q=example");
    expect((await list("?status=draft&page=4")).location).toBe("/admin/estimates?status=draft");
  });
});
