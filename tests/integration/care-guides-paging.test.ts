import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "~/server/env.server";
import { CARE_GUIDES_PAGE_SIZE } from "~/routes/care-guides";
import { inProcessFetch } from "../helpers/routes";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// /care-guides pages its list (issue 18: 1,002 guides made one 1.68 MB page),
// ?page=N with Previous / Next links; the sitemap still lists every guide.
// The rendered links, with and without JavaScript: tests/e2e/care-guides.test.ts.

const database = useTestDatabase();
const db = () => database.db;
const fetchRoute = inProcessFetch(db);

const GUIDES = 1_002;
const PAGES = Math.ceil(GUIDES / CARE_GUIDES_PAGE_SIZE);

interface ListData {
  path: string;
  guides: { slug: string; title: string }[];
  pager: { page: number; pages: number; from: number; to: number; total: number; previous: string | null; next: string | null } | null;
  notice: { text: string; link: { href: string; label: string } } | null;
}

async function listPage(search: string): Promise<{ status: number; data: ListData }> {
  const res = await fetchRoute(`/care-guides${search}`);
  return { status: res.status, data: (await res.json()) as ListData };
}

const slugOf = (n: number) => `guide-${String(n).padStart(4, "0")}`;

beforeAll(async () => {
  await db().deleteFrom("care_guides").execute();
  // In the owner's order: sort_order, then id; one draft among them stays off every page.
  const rows = Array.from({ length: GUIDES }, (_, i) => ({ title: `Guide ${i + 1}`, slug: slugOf(i + 1), sort_order: i + 1, published: true }));
  for (let i = 0; i < rows.length; i += 250) await db().insertInto("care_guides").values(rows.slice(i, i + 250)).execute();
  await db().insertInto("care_guides").values({ title: "Draft", slug: "draft-guide", sort_order: 0, published: false }).execute();
});

describe("/care-guides", () => {
  it("shows the first page of guides, with a Next link and no Previous", async () => {
    const { status, data } = await listPage("");
    expect(status).toBe(200);
    expect(data.guides.map((g) => g.slug)).toEqual(Array.from({ length: CARE_GUIDES_PAGE_SIZE }, (_, i) => slugOf(i + 1)));
    expect(data.pager).toEqual({
      page: 1,
      pages: PAGES,
      from: 1,
      to: CARE_GUIDES_PAGE_SIZE,
      total: GUIDES,
      previous: null,
      next: "/care-guides?page=2",
      // pagerInfo's own fields, which the page does not use.
      hasPrevious: false,
      hasNext: true,
      visible: true,
    });
    expect(data.path).toBe("/care-guides");
  });

  it("gives ?page=N that page, linking both ways; page 1 of the links is the bare address", async () => {
    const { status, data } = await listPage("?page=2");
    expect(status).toBe(200);
    expect(data.guides[0]!.slug).toBe(slugOf(CARE_GUIDES_PAGE_SIZE + 1));
    expect(data.pager).toMatchObject({ page: 2, previous: "/care-guides", next: "/care-guides?page=3" });
    expect(data.path).toBe("/care-guides?page=2");
  });

  it("ends on the last page with the remaining guides and no Next link", async () => {
    const { status, data } = await listPage(`?page=${PAGES}`);
    expect(status).toBe(200);
    expect(data.guides).toHaveLength(GUIDES - (PAGES - 1) * CARE_GUIDES_PAGE_SIZE);
    expect(data.guides.at(-1)!.slug).toBe(slugOf(GUIDES));
    expect(data.pager).toMatchObject({ page: PAGES, from: (PAGES - 1) * CARE_GUIDES_PAGE_SIZE + 1, to: GUIDES, next: null });
  });

  it("answers a page past the end with a 404 that says so and links to the last page", async () => {
    const { status, data } = await listPage(`?page=${PAGES + 1}`);
    expect(status).toBe(404);
    expect(data.guides).toEqual([]);
    expect(data.pager).toBeNull();
    expect(data.notice).toEqual({
      text: `There is no page “${PAGES + 1}” of the care guides.`,
      link: { href: `/care-guides?page=${PAGES}`, label: `Go to the last page (${PAGES})` },
    });
  });

  it("answers a page that is not a page number with a 404 that links to the first page", async () => {
    for (const page of ["0", "-1", "two", "1.5", "99999999999"]) {
      const { status, data } = await listPage(`?page=${encodeURIComponent(page)}`);
      expect(status, page).toBe(404);
      expect(data.notice, page).toEqual({
        text: `There is no page “${page.slice(0, 20)}” of the care guides.`,
        link: { href: "/care-guides", label: "Go to the first page" },
      });
    }
  });

  it("keeps every published guide in the sitemap", async () => {
    process.env.APP_URL = "https://shine.example";
    reloadEnv();
    const res = await fetchRoute("/sitemap.xml").finally(() => {
      delete process.env.APP_URL;
      reloadEnv();
    });
    const xml = await res.text();
    const guides = [...xml.matchAll(/<loc>https:\/\/shine\.example\/care-guides\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(guides).toHaveLength(GUIDES);
    expect(guides).not.toContain("draft-guide");
  });
});

afterAll(async () => {
  await db().deleteFrom("care_guides").execute();
});
