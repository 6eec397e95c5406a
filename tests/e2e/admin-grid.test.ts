import type { Page } from "@playwright/test";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { expectNoSeriousViolations } from "./axe";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, signIn, test } from "./fixtures";

// Issue 11 items 3–5 in the browser: the phone layout (cards, the table menu,
// a full-screen form), the keyboard and the unsaved-changes guard, and the
// grid for reading (badges, links, View, filters, a search that works without JavaScript).

const PHONE = { width: 390, height: 844 };
const LONG_MESSAGE = `${"The gel coat has oxidised along the waterline and needs a full compound. ".repeat(4)}END-OF-MESSAGE`;

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
});

/** Three quote requests sharing a marker: one New, one Lost (with a long message), one Contacted. */
async function seedQuotes(page: Page, tag: string) {
  return createRows(page, "quote_requests", [
    quoteRequest(`Ann ${tag}`, { email: "ann@example.com", phone: "(616) 555-0101" }),
    quoteRequest(`Bob ${tag}`, { status: "lost", lost_reason: "Price", message: LONG_MESSAGE }),
    quoteRequest(`Cid ${tag}`, { status: "contacted" }),
  ]);
}

const serious = (violations: { impact?: string | null }[]) =>
  violations.filter((v) => v.impact === "serious" || v.impact === "critical");

/**
 * Controls in the table page's main area smaller than 44 × 44 px. Links inside
 * a line of text (a card's e-mail or phone value, its heading) are inline
 * targets, which WCAG 2.5.8 exempts.
 */
async function smallTapTargets(page: Page, scope = "main"): Promise<string[]> {
  return page.evaluate((scope) => {
    const controls = document.querySelectorAll(
      `${scope} a, ${scope} button, ${scope} input:not([type=hidden]), ${scope} select, ${scope} summary`,
    );
    return [...controls]
      .filter((el) => !el.closest("dd, h3"))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.width < 44 || box.height < 44);
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        return `${Math.round(box.width)}x${Math.round(box.height)} ${el.outerHTML.slice(0, 100)}`;
      });
  }, scope);
}

test.describe("reading the grid", () => {
  test("enum values are coloured badges with text; e-mail, phone and URL are links", async ({ page }) => {
    const tag = marker("badge");
    await seedQuotes(page, tag);
    await page.goto(`/admin/quote_requests?q=${tag}&sort=name:asc`);
    const bob = page.locator("tbody tr", { hasText: `Bob ${tag}` });
    const badge = bob.getByText("Lost", { exact: true });
    await expect(badge).toBeVisible();
    // The inbox's colour for Lost (a rose tint), not a plain cell.
    const background = await badge.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe("rgba(0, 0, 0, 0)");
    await expect(page.locator("tbody tr", { hasText: `Cid ${tag}` }).getByText("Contacted", { exact: true })).toBeVisible();

    const ann = page.locator("tbody tr", { hasText: `Ann ${tag}` });
    await expect(ann.getByRole("link", { name: "ann@example.com" })).toHaveAttribute("href", "mailto:ann@example.com");
    await expect(ann.getByRole("link", { name: "(616) 555-0101" })).toHaveAttribute("href", "tel:6165550101");
    // Long text is cut short in the grid.
    await expect(bob).not.toContainText("END-OF-MESSAGE");
    await expect(bob).toContainText("…");

    const guide = marker("Guide ");
    await createRows(page, "care_guides", [{ title: guide, body: "<p>x</p>", product_web_url: "https://example.com/wax" }]);
    await page.goto(`/admin/care_guides?q=${encodeURIComponent(guide)}`);
    const link = page.locator("tbody tr").getByRole("link", { name: "https://example.com/wax" });
    await expect(link).toHaveAttribute("href", "https://example.com/wax");
    await expect(link).toHaveAttribute("rel", /noopener/);
  });

  test("View shows the whole row read-only, by URL state, and Escape closes it", async ({ page }) => {
    const tag = marker("view");
    const [, bob] = await seedQuotes(page, tag);
    await page.goto(`/admin/quote_requests?q=${tag}`);
    const row = page.locator("tbody tr", { hasText: `Bob ${tag}` });
    await expect(row.getByRole("button", { name: "View" })).toBeVisible();
    await row.getByRole("button", { name: "View" }).click();
    await expect(page).toHaveURL(new RegExp(`view=${bob!.id}`));
    const dialog = page.getByRole("dialog", { name: "View Item" });
    await expect(dialog).toContainText("END-OF-MESSAGE");
    await expect(dialog).toContainText("Additional Details");
    await expect(dialog.getByText("Lost", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("textbox")).toHaveCount(0);
    await expectNoSeriousViolations(page, { include: "dialog" });

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/view=/);

    // A shared link opens it too, and Edit goes on to the form.
    await page.goto(`/admin/quote_requests?view=${bob!.id}`);
    await page.getByRole("dialog", { name: "View Item" }).getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Item" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Edit Item" }).getByLabel("Full Name")).toHaveValue(`Bob ${tag}`);

    // Read-only tables have View (and nothing else) too.
    await page.goto("/admin/auth_audit");
    await page.locator("tbody tr").first().getByRole("button", { name: "View" }).click();
    await expect(page.getByRole("dialog", { name: "View Item" })).toContainText("Outcome");
  });

  test("filters by an enum and a boolean, with search, in the URL and the export link", async ({ page }) => {
    const tag = marker("filter");
    await seedQuotes(page, tag);
    await page.goto(`/admin/quote_requests?q=${tag}`);
    await expect(page.locator("tbody tr")).toHaveCount(3);
    await page.getByLabel("Status").selectOption("lost");
    await expect(page).toHaveURL(/status=lost/);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(`Bob ${tag}`);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /status=lost/);
    // Sorting keeps the filter.
    await page.getByRole("button", { name: "Full Name", exact: true }).click();
    await expect(page).toHaveURL(/sort=name%3Aasc/);
    await expect(page).toHaveURL(/status=lost/);
    await expect(page.getByLabel("Status")).toHaveValue("lost");
    // Back to All: the parameter leaves the URL.
    await page.getByLabel("Status").selectOption("");
    await expect(page.locator("tbody tr")).toHaveCount(3);
    await expect(page).not.toHaveURL(/status=/);

    const guide = marker("Filtered ");
    await createRows(page, "care_guides", [
      { title: `${guide} on`, body: "<p>x</p>", published: true },
      { title: `${guide} off`, body: "<p>x</p>", published: false },
    ]);
    await page.goto(`/admin/care_guides?q=${encodeURIComponent(guide)}`);
    await page.getByLabel("Published").selectOption("false");
    await expect(page).toHaveURL(/published=false/);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(`${guide} off`);
  });
});

test.describe("keyboard", () => {
  test("/ focuses the search box, but not while typing in a field", async ({ page }) => {
    await page.goto("/admin/testimonials");
    const search = page.getByRole("searchbox", { name: "Search" });
    await expect(search).toHaveAttribute("aria-keyshortcuts", "/");
    await page.locator("h2#table-title").click();
    await page.keyboard.press("/");
    await expect(search).toBeFocused();
    await page.keyboard.type("a/b");
    await expect(search).toHaveValue("a/b");
  });

  test("Escape closes a dialog; Ctrl+Enter saves the form", async ({ page }) => {
    const tag = marker("keys");
    await seedQuotes(page, tag);
    await page.goto(`/admin/quote_requests?q=${tag}&sort=name:asc`);
    await page.locator("tbody tr", { hasText: `Ann ${tag}` }).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Item" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/edit=/);

    await page.locator("tbody tr", { hasText: `Ann ${tag}` }).getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Vehicle Type").fill("Pontoon");
    await page.keyboard.press("Control+Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("tbody tr", { hasText: `Ann ${tag}` })).toContainText("Pontoon");

    // The same checks as the button: an invalid form is not sent.
    await page.locator("tbody tr", { hasText: `Ann ${tag}` }).getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Full Name").fill("");
    await page.keyboard.press("Meta+Enter");
    await expect(dialog.getByText("Full Name is required")).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("a form with unsaved changes asks before Escape, Cancel, the backdrop or Back close it", async ({ page }) => {
    const tag = marker("dirty");
    await seedQuotes(page, tag);
    await page.goto(`/admin/quote_requests?q=${tag}&sort=name:asc`);
    await page.locator("tbody tr", { hasText: `Ann ${tag}` }).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Item" });
    const field = dialog.getByLabel("Vehicle Type");
    await field.fill("Half typed");
    const prompt = dialog.getByRole("alertdialog", { name: "Discard unsaved changes?" });

    // Escape asks; Keep editing keeps the typing.
    await page.keyboard.press("Escape");
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await prompt.getByRole("button", { name: "Keep editing" }).click();
    await expect(prompt).toHaveCount(0);
    await expect(field).toHaveValue("Half typed");

    // A second Escape while asking means "keep editing" too.
    await page.keyboard.press("Escape");
    await expect(prompt).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(prompt).toHaveCount(0);
    await expect(dialog).toBeVisible();

    // A click on the backdrop asks.
    await page.mouse.click(5, 5);
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Keep editing" }).click();

    // The browser's Back asks.
    await page.goBack();
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Keep editing" }).click();
    await expect(page).toHaveURL(/edit=/);
    await expect(field).toHaveValue("Half typed");

    // Leaving the page (a reload) gets the browser's own question.
    // (From a script: page.reload() would wait for a load that the answer "stay" cancels.)
    const asked = page.waitForEvent("dialog");
    const reloading = page.evaluate(() => location.reload()).catch(() => undefined);
    const question = await asked;
    expect(question.type()).toBe("beforeunload");
    await question.dismiss();
    await reloading;
    await expect(field).toHaveValue("Half typed");
    await expect(page).toHaveURL(/edit=/);

    // Cancel asks; Discard closes without saving.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await prompt.getByRole("button", { name: "Discard changes" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("tbody tr", { hasText: `Ann ${tag}` })).not.toContainText("Half typed");

    // An unchanged form closes at once, without asking.
    await page.locator("tbody tr", { hasText: `Ann ${tag}` }).getByRole("button", { name: "Edit" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the grid is a list of cards with 44 px actions, and nothing scrolls sideways", async ({ page }) => {
    const tag = marker("card");
    await seedQuotes(page, tag);
    await page.goto(`/admin/quote_requests?q=${tag}&sort=name:asc`);
    await expect(page.getByRole("table")).toBeHidden();
    const cards = page.getByRole("list", { name: "Quote Requests rows" }).getByRole("article");
    await expect(cards).toHaveCount(3);
    const ann = cards.filter({ has: page.getByRole("heading", { name: `Ann ${tag}` }) });
    await expect(ann).toHaveCount(1);
    // The key fields: the status badge and the contact details, as links.
    await expect(ann.getByText("New", { exact: true })).toBeVisible();
    await expect(ann.getByRole("link", { name: "ann@example.com" })).toHaveAttribute("href", "mailto:ann@example.com");
    await expect(ann.getByRole("link", { name: "(616) 555-0101" })).toHaveAttribute("href", "tel:6165550101");
    for (const name of ["View", "Edit", "Delete"]) await expect(ann.getByRole("button", { name })).toBeVisible();

    await expectNoSidewaysScroll(page);
    expect(await smallTapTargets(page)).toEqual([]);
    await expectNoSeriousViolations(page);

    // The other tables too, read-only ones and long values included.
    for (const table of ["care_guides", "email_outbox", "auth_audit", "users", "gallery"]) {
      await page.goto(`/admin/${table}`);
      await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await smallTapTargets(page), table).toEqual([]);
    }
  });

  test("the table list is a menu", async ({ page }) => {
    await page.goto("/admin/quote_requests");
    const nav = page.getByRole("navigation", { name: "Database Tables" });
    await expect(nav.getByRole("link", { name: "Testimonials" })).toBeHidden();
    await nav.locator("summary").click();
    await expect(nav.getByRole("link", { name: "Quote Requests" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Testimonials" }).click();
    await expect(page).toHaveURL(/\/admin\/testimonials$/);
    await expect(nav.locator("summary")).toContainText("Testimonials");
    // Closed again after the choice.
    await expect(nav.getByRole("link", { name: "FAQs" })).toBeHidden();
  });

  test("the form and the View dialog fill the screen", async ({ page }) => {
    await page.goto("/admin/testimonials");
    await page.getByRole("button", { name: "Add New" }).click();
    const form = page.getByRole("dialog", { name: "Add New Item" });
    await expect(form).toBeVisible();
    await expect.poll(() => form.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await smallTapTargets(page, "dialog .border-t")).toEqual([]);
    await expectNoSeriousViolations(page, { include: "dialog" });
    await form.getByRole("button", { name: "Cancel" }).click();

    const tag = marker("phoneview");
    await seedQuotes(page, tag);
    await page.goto(`/admin/quote_requests?q=${tag}`);
    await page.getByRole("article").first().getByRole("button", { name: "View" }).click();
    const view = page.getByRole("dialog", { name: "View Item" });
    await expect.poll(() => view.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await expectNoSidewaysScroll(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search, filters and View work as plain forms", async ({ page }) => {
    const tag = marker("nojsgrid");
    await seedQuotes(page, tag);
    await page.goto("/admin/quote_requests");
    await page.getByRole("searchbox", { name: "Search" }).fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(page.locator("tbody tr")).toHaveCount(3);

    await page.getByLabel("Status").selectOption("contacted");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/status=contacted/);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(`Cid ${tag}`);
    await expect(page.getByLabel("Status")).toHaveValue("contacted");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /status=contacted/);

    await page.getByLabel("Status").selectOption("lost");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.locator("tbody tr").getByRole("button", { name: "View" }).click();
    await expect(page).toHaveURL(/view=\d+/);
    const dialog = page.getByRole("dialog", { name: "View Item" });
    await expect(dialog).toContainText("END-OF-MESSAGE");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/status=lost/);
  });

  test("on a phone: cards and the table menu without JavaScript", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const tag = marker("nojsphone");
    await seedQuotes(page, tag);
    await page.goto(`/admin/quote_requests?q=${tag}`);
    await expect(page.getByRole("article")).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    const nav = page.getByRole("navigation", { name: "Database Tables" });
    await nav.locator("summary").click();
    await nav.getByRole("link", { name: "FAQs" }).click();
    await expect(page).toHaveURL(/\/admin\/faqs$/);
  });
});
