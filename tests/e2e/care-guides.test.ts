import type { Browser, Page } from "@playwright/test";
import { createRows, marker, TINY_PNG } from "./admin-helpers";
import { expectNoSeriousViolations } from "./axe";
import { ADMIN_EMAIL, expect, hydrated, signIn, test, watchConsole } from "./fixtures";
import { SPEC_BOAT_SERVICES, SPEC_CAR_SERVICES } from "../helpers/spec-services";

// The home page's services from the `services` table, and the public care
// guides (issue 10, items 2, 5 and 8), with JavaScript on and off.

const CAR_TITLES = SPEC_CAR_SERVICES;
const BOAT_TITLES = SPEC_BOAT_SERVICES;

/**
 * An administrator's page in a context of its own (JavaScript on, whatever
 * the test's page has), for adding and removing rows through the table API.
 */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  watchConsole(context);
  const page = await context.newPage();
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
  return page;
}

async function deleteRows(page: Page, table: string, ids: number[]) {
  const origin = new URL(page.url()).origin;
  for (const id of ids) {
    const res = await page.request.delete(`/api/tables/${table}/${id}`, { headers: { Origin: origin } });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
}

async function upload(page: Page, kind: "media" | "file", name: string, mimeType: string, buffer: Buffer): Promise<string> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(`/api/upload/${kind}`, {
    multipart: { file: { name, mimeType, buffer } },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  const json = (await res.json()) as { media_url?: string; file_url?: string };
  return (json.media_url ?? json.file_url)!;
}

const TINY_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj " +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });
    test.beforeEach(({ page }) => {
    });

    test("the home page lists the seeded services, and a service added in the dashboard", async ({ page, browser }) => {
      await page.goto("/");
      const cars = page.locator("section#car-services");
      const boats = page.locator("section#boat-services");
      await expect(cars.getByRole("heading", { level: 2 })).toHaveText("Car Detailing Services");
      await expect(boats.getByRole("heading", { level: 2 })).toHaveText("Boat Detailing Services");
      await expect(cars.getByRole("heading", { level: 3 })).toHaveText(CAR_TITLES);
      await expect(boats.getByRole("heading", { level: 3 })).toHaveText(BOAT_TITLES);
      await expect(cars.locator("li svg").first()).toBeVisible();

      const admin = await adminPage(browser);
      const title = marker("Trailer Wash ");
      const [row] = await createRows(admin, "services", [
        { kind: "boat", title, description: "Road salt and grime off the trailer.", icon: "anchor", sort_order: 15 },
      ]);
      try {
        // The page cache notices the change within about a second.
        await expect(async () => {
          await page.goto("/");
          await expect(boats.getByRole("heading", { level: 3 }).nth(1)).toHaveText(title, { timeout: 500 });
        }).toPass({ timeout: 10_000 });
        await expect(cars.getByText(title)).toHaveCount(0);
        await hydrated(page);
      } finally {
        await deleteRows(admin, "services", [row!.id]);
        await admin.context().close();
      }
    });

    test("/care-guides lists published guides; a guide shows its body, cover and PDF", async ({ page, browser }) => {
      const admin = await adminPage(browser);
      const published = marker("Sealant Care ");
      const draft = marker("Draft Guide ");
      const cover = await upload(admin, "media", "cover.png", "image/png", TINY_PNG);
      const pdf = await upload(admin, "file", "sealant-guide.pdf", "application/pdf", TINY_PDF);
      const rows = await createRows(admin, "care_guides", [
        {
          title: published,
          summary: "How to keep the shine for months.",
          body: "<h2>The first week</h2><p>Keep it <strong>dry</strong> for 24 hours.</p><ol><li data-list=\"bullet\">No automatic washes</li></ol>",
          cover,
          pdf,
          product_web_url: "https://example.com/soap",
          contact_email: "care@example.com",
          reviewed_on: "2026-11-20",
          published: true,
        },
        { title: draft, summary: "Not ready.", body: "<p>Soon.</p>", published: false },
      ]);
      try {
        await page.goto("/care-guides");
        await hydrated(page);
        await expect(page.getByRole("heading", { level: 1, name: "Care Guides" })).toBeVisible();
        await expect(page).toHaveTitle(/^Care Guides \| /);
        const link = page.getByRole("link", { name: published });
        await expect(link).toBeVisible();
        await expect(page.getByText("How to keep the shine for months.")).toBeVisible();
        await expect(page.getByText(draft)).toHaveCount(0);

        await link.click();
        await expect(page).toHaveURL(/\/care-guides\/sealant-care-[a-z0-9]+$/);
        await expect(page.getByRole("heading", { level: 1, name: published })).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(`^${published} \\| Care Guides \\| `));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "How to keep the shine for months.");
        await expect(page.getByRole("heading", { level: 2, name: "The first week" })).toBeVisible();
        await expect(page.getByText("No automatic washes")).toBeVisible();
        // Quill's bullet list is drawn with bullets.
        await expect(page.getByRole("listitem").filter({ hasText: "No automatic washes" })).toHaveCSS("list-style-type", "disc");
        const coverImage = page.locator(`main img[src="${cover}"]`);
        await expect(coverImage).toBeVisible();
        expect(await coverImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        const download = page.getByRole("link", { name: "Download the PDF guide" });
        await expect(download).toHaveAttribute("href", pdf);
        const file = await page.request.get(pdf);
        expect(file.status()).toBe(200);
        expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
        await expect(page.getByRole("link", { name: /Shop the recommended products/ })).toHaveAttribute("href", "https://example.com/soap");
        await expect(page.getByRole("link", { name: "care@example.com" })).toHaveAttribute("href", "mailto:care@example.com");
        await expect(page.getByText("Last reviewed November 20, 2026")).toBeVisible();
        await expect(page.locator("body > header")).toBeVisible();
        await expect(page.locator("body > footer")).toBeVisible();

        // The draft's address is not found.
        const draftSlug = draft.toLowerCase().replace(/ /g, "-");
        const res = await page.goto(`/care-guides/${draftSlug}`);
        expect(res?.status()).toBe(404);

        // The sitemap lists the published guide, not the draft.
        const sitemap = await (await page.request.get("/sitemap.xml")).text();
        expect(sitemap).toContain(`${new URL(page.url()).origin}/care-guides/${published.toLowerCase().replace(/ /g, "-")}</loc>`);
        expect(sitemap).not.toContain(draftSlug);
      } finally {
        await deleteRows(admin, "care_guides", rows.map((r) => r.id));
        await admin.context().close();
      }
    });

    test("/care-guides pages its list with Previous and Next links; a page past the end says so", async ({ page, browser }) => {
      const admin = await adminPage(browser);
      const prefix = marker("Paged Guide ");
      // After the seeded guides (the owner's order), enough for a second page of 24.
      const rows = await createRows(
        admin,
        "care_guides",
        Array.from({ length: 30 }, (_, i) => ({ title: `${prefix} ${String(i + 1).padStart(2, "0")}`, body: "<p>Rinse first.</p>", sort_order: 1000 + i, published: true })),
      );
      try {
        await page.goto("/care-guides");
        const guides = page.getByRole("region", { name: "Guides" });
        const pager = guides.getByRole("navigation", { name: "Pagination" });
        await expect(guides.getByRole("listitem")).toHaveCount(24);
        await expect(pager).toContainText(/Page 1 of \d+/);
        await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
        const pages = Number((await pager.textContent())!.match(/Page 1 of (\d+)/)![1]);

        await pager.getByRole("link", { name: "Next" }).click();
        await expect(page).toHaveURL(/\/care-guides\?page=2$/);
        await expect(pager).toContainText(`Page 2 of ${pages}`);
        await expect(guides.getByRole("link", { name: `${prefix} 30` })).toBeVisible();
        await pager.getByRole("link", { name: "Previous" }).click();
        await expect(page).toHaveURL(/\/care-guides$/);
        await expect(pager).toContainText(`Page 1 of ${pages}`);

        const past = await page.goto(`/care-guides?page=${pages + 1}`);
        expect(past?.status()).toBe(404);
        await expect(page.getByRole("alert")).toHaveText(`There is no page “${pages + 1}” of the care guides.`);
        await page.getByRole("link", { name: `Go to the last page (${pages})` }).click();
        await expect(pager).toContainText(`Page ${pages} of ${pages}`);
      } finally {
        await deleteRows(admin, "care_guides", rows.map((r) => r.id));
        await admin.context().close();
      }
    });

    test("an unknown guide is the 404 page with the site's header and footer", async ({ page }) => {
      const res = await page.goto("/care-guides/no-such-guide");
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.locator("body > header").getByRole("navigation", { name: "Main" })).toBeAttached();
      await expect(page.locator("body > footer")).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();
    });

    test("the FAQ's Aftercare section and the footer link to the care guides", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      const faq = page.locator("section#faq");
      const aftercare = faq.getByRole("heading", { level: 3, name: "Aftercare" });
      await expect(aftercare).toBeVisible();
      const faqLink = faq.getByRole("link", { name: "Read our care guides" });
      // Right under the Aftercare heading.
      expect(await faqLink.evaluate((a) => a.previousElementSibling?.textContent)).toBe("Aftercare");
      await faqLink.click();
      await expect(page).toHaveURL(/\/care-guides$/);
      await expect(page.getByRole("heading", { level: 1, name: "Care Guides" })).toBeVisible();

      await page.goto("/about");
      await hydrated(page);
      await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Care Guides" }).click();
      await expect(page).toHaveURL(/\/care-guides$/);
      await expect(page.getByRole("heading", { level: 1, name: "Care Guides" })).toBeVisible();
    });
  });
}

test("a service added in the dashboard's Services table shows on the home page, with its icon", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/services" });
  await expect(page.getByRole("heading", { name: "Services" })).toBeVisible();
  await page.getByRole("button", { name: "Add New" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  const title = marker("Hull Waxing ");
  await dialog.getByLabel("Kind").selectOption({ label: "Boat" });
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Description").fill("Two coats of marine wax, buffed by hand.");
  await dialog.getByLabel("Icon").selectOption({ label: "Sailboat" });
  await dialog.getByLabel("Sort Order").fill("5");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const boats = page.locator("section#boat-services");
  try {
    await expect(async () => {
      await page.goto("/");
      await expect(boats.getByRole("heading", { level: 3 }).first()).toHaveText(title, { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    // Drawn with the chosen icon (lucide's class names the icon).
    await expect(boats.locator("li").first().locator("svg")).toHaveClass(/lucide-sailboat/);
  } finally {
    const list = await page.request.get(`/api/tables/services?q=${encodeURIComponent(title)}`);
    const { rows } = (await list.json()) as { rows: { id: number }[] };
    expect(rows).toHaveLength(1);
    await deleteRows(page, "services", rows.map((r) => r.id));
  }
});

test("axe finds no serious violations on /care-guides and a guide page", async ({ page, browser }) => {
  const admin = await adminPage(browser);
  const title = marker("Axe Guide ");
  const cover = await upload(admin, "media", "cover.png", "image/png", TINY_PNG);
  const [row] = await createRows(admin, "care_guides", [
    {
      title,
      summary: "Checked for accessibility.",
      body: '<h2>Wash</h2><p>Use a <a href="https://example.com">pH-neutral soap</a>.</p><blockquote>Never in direct sun.</blockquote>',
      cover,
      pdf: "/uploads/none.pdf",
      product_web_url: "https://example.com/soap",
      contact_email: "care@example.com",
      reviewed_on: "2026-11-01",
      published: true,
    },
  ]);
  try {
    for (const path of ["/care-guides", `/care-guides/${title.toLowerCase().replace(/ /g, "-")}`]) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      await expectNoSeriousViolations(page, { label: path });
    }
  } finally {
    await deleteRows(admin, "care_guides", [row!.id]);
    await admin.context().close();
  }
});
