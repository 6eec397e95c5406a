import { beforeAll, describe, expect, it } from "vitest";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// /admin/leads reads its URL with the one list parser of every list
// (lib/list-query): a bad page, sort, status or search is refused as the
// tables refuse it, named in the page's banner, never a 500; the rest of the
// view still shows, and no link carries what was refused.

const database = useTestDatabase();
const db = () => database.db;
const fetchRoute = inProcessFetch(db);

interface InboxData {
  error?: string;
  status: string | null;
  q: string;
  total: number;
  leads: { name: string }[];
  filters: { label: string; href: string; current: boolean }[];
  pager: { page: number; pages: number; previous: string | null; next: string | null };
}

let admin: string;
const TAG = "inboxroute";

beforeAll(async () => {
  admin = await sessionCookieFor(db(), "owner@example.com", { admin: true });
  await db().deleteFrom("quote_requests").execute();
  const base = Date.now() - 100 * 3600_000;
  const rows = Array.from({ length: 27 }, (_, i) => ({
    name: `${TAG} ${String(i).padStart(2, "0")}`,
    email: `inbox${i}@example.com`,
    phone: "6165550100",
    vehicle_type: "Car",
    message: "Interior, please.",
    status: i % 9 === 0 ? ("contacted" as const) : ("new" as const),
    created_at: new Date(base + i * 3600_000),
  }));
  await db().insertInto("quote_requests").values(rows).execute();
});

async function inbox(search: string): Promise<{ status: number; data: InboxData; location: string | null }> {
  const res = await fetchRoute(`/admin/leads${search}`, { headers: { cookie: admin } });
  const location = res.headers.get("Location");
  return { status: res.status, data: location ? ({} as InboxData) : ((await res.json()) as InboxData), location };
}

describe("/admin/leads reads its URL as every list does", () => {
  it("pages 25 at a time, the links keeping the search and the status", async () => {
    const { status, data } = await inbox(`?q=${TAG}&status=new`);
    expect(status).toBe(200);
    expect(data.error).toBeUndefined();
    expect(data.total).toBe(24);
    expect(data.pager).toMatchObject({ page: 1, pages: 1, previous: null, next: null });
    const all = await inbox(`?q=${TAG}`);
    expect(all.data.pager).toMatchObject({ page: 1, pages: 2, previous: null, next: `/admin/leads?page=2&q=${TAG}` });
    const second = await inbox(`?q=${TAG}&page=2`);
    expect(second.data.leads.map((l) => l.name)).toEqual([`${TAG} 01`, `${TAG} 00`]);
    expect(second.data.pager).toMatchObject({ previous: `/admin/leads?q=${TAG}`, next: null });
    // A status link goes back to page 1 and keeps the search.
    expect(second.data.filters.find((f) => f.label.startsWith("Contacted"))).toEqual({
      label: "Contacted (3)",
      href: `/admin/leads?q=${TAG}&status=contacted`,
      current: false,
    });
    expect(second.data.filters.at(-1)).toEqual({ label: "All", href: `/admin/leads?q=${TAG}`, current: true });
  });

  it("refuses a bad page, sort, status or search with the tables' message, still listing the rest of the view", async () => {
    for (const [search, error] of [
      ["page=abc", "page must be a whole number from 1"],
      ["page=0", "page must be a whole number from 1"],
      ["page=99999999999", "page must be a whole number from 1"],
      ["sort=name:asc", "name cannot be sorted"],
      ["sort=nope:desc", "Unknown sort field: nope"],
      ["status=closed", "status must be one of: new, contacted, quoted, booked, completed, lost"],
      ["status=new&status=lost", "status can be filtered by one value only"],
      [`q=${"x".repeat(201)}`, "Search terms are at most 200 characters"],
      ["q=a%00b", "Search terms cannot contain a NUL character"],
    ]) {
      const searched = search!.startsWith("q=");
      const { status, data } = await inbox(searched ? `?${search}` : `?${search}&q=${TAG}`);
      expect(status, search).toBe(200);
      expect(data.error, search).toBe(error);
      if (!searched) {
        // The refused parameter is left out; the search it came with stays, in every link.
        expect(data.q, search).toBe(TAG);
        expect(data.total, search).toBe(27);
        for (const href of [...data.filters.map((f) => f.href), data.pager.next]) expect(href, search).not.toMatch(/sort=|page=(abc|0)|closed/);
      }
    }
  });

  it("sends a page past the end to the last page, keeping the view", async () => {
    const { status, location } = await inbox(`?q=${TAG}&page=9`);
    expect(status).toBe(302);
    expect(location).toBe(`/admin/leads?page=2&q=${TAG}`);
  });
});
