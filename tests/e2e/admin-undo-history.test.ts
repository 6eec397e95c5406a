import type { Page } from "@playwright/test";
import { createRows, marker } from "./admin-helpers";
import { expectNoSeriousViolations } from "./axe";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, hydrated, signIn, test, VIEWS } from "./fixtures";

/*
 * Undo, Recently deleted and History in the dashboard (issue 11, items 1, 2
 * and the status messages of 4; issue 17: the delete confirmation names its
 * row, History from View, the seeded rows' first entry), with JavaScript on
 * and off, on a desktop and on a 390×844 phone. Each test makes its own FAQ
 * rows with a unique marker and looks at them through a search (?q=marker).
 */

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
});

const faq = (question: string, answer = "First answer") => ({ question, answer, category: "General Questions" });
const main = (page: Page) => page.getByRole("main");
const status = (page: Page) => main(page).getByRole("status");
/** The row's question where it shows: the grid on a desktop, a card on a phone (the other is hidden). */
const shown = (page: Page, text: string) => main(page).getByText(text, { exact: true }).filter({ visible: true });

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("Delete asks in the app's own dialog, then 'Deleted. Undo' brings the row back", async ({ page }) => {
        const tag = marker("undo");
        const question = `Undo me ${tag}?`;
        const [row] = await createRows(page, "faqs", [faq(question)]);
        // The browser's own confirm() is never used.
        const browserDialogs: string[] = [];
        page.on("dialog", (dialog) => {
          browserDialogs.push(dialog.message());
          void dialog.dismiss();
        });
        await page.goto(`/admin/faqs?q=${tag}`);
        await hydrated(page);

        await main(page).getByRole("button", { name: "Delete" }).filter({ visible: true }).click();
        const confirm = page.getByRole("alertdialog", { name: "Delete Item" });
        await expect(confirm).toContainText("Are you sure you want to delete this item?");
        // It names the row: its question and id, read out with the question.
        await expect(confirm).toContainText(`${question} #${row!.id}`);
        await expect(confirm).toHaveAccessibleDescription(`Are you sure you want to delete this item? ${question} #${row!.id}`);
        if (javaScriptEnabled) await expectNoSeriousViolations(page);
        await expectNoSidewaysScroll(page);
        await confirm.getByRole("button", { name: "Delete" }).click();

        await expect(status(page)).toHaveText("Deleted. Undo");
        await expect(shown(page, question)).toHaveCount(0);
        await expect(page).toHaveURL(new RegExp(`q=${tag}`));
        if (javaScriptEnabled) await expectNoSeriousViolations(page);
        await expectNoSidewaysScroll(page);

        await status(page).getByRole("button", { name: "Undo" }).click();
        await expect(status(page)).toHaveText("Restored.");
        await expect(shown(page, question)).toHaveCount(1);
        expect(browserDialogs).toEqual([]);

        if (javaScriptEnabled) {
          // The message goes after 10 seconds, and with it from the URL.
          await expect(status(page)).toHaveText("", { timeout: 15_000 });
          await expect(page).not.toHaveURL(/done=/);
        }
      });

      test("a typed link to delete a row on another page names that row too", async ({ page }) => {
        const tag = marker("named");
        const question = `Name me ${tag}?`;
        const [row] = await createRows(page, "faqs", [faq(question)]);
        // The list shows no row (a search that finds nothing): the page fetches the one to delete.
        await page.goto(`/admin/faqs?q=nothing${tag}&delete=${row!.id}`);
        await hydrated(page);
        const confirm = page.getByRole("alertdialog", { name: "Delete Item" });
        await expect(confirm).toContainText(`${question} #${row!.id}`);
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await expect(confirm).toHaveCount(0);
        await expect(page).not.toHaveURL(/delete=/);
      });

      test("Recently deleted lists a deleted row, and Restore puts it back", async ({ page }) => {
        const tag = marker("trash");
        const question = `Trash me ${tag}?`;
        const [row] = await createRows(page, "faqs", [faq(question)]);
        const origin = new URL(page.url()).origin;
        expect((await page.request.delete(`/api/tables/faqs/${row!.id}`, { headers: { Origin: origin } })).ok()).toBe(true);

        await page.goto(`/admin/faqs?q=${tag}`);
        await hydrated(page);
        await main(page).getByRole("link", { name: "Recently deleted" }).click();
        await expect(page).toHaveURL(/\/admin\/faqs\/trash$/);
        await expect(main(page).getByRole("heading", { name: "Recently deleted: FAQs" })).toBeVisible();
        const card = main(page).getByRole("listitem").filter({ hasText: question });
        await expect(card).toContainText(`deleted`);
        await expect(card).toContainText(ADMIN_EMAIL);
        if (javaScriptEnabled) await expectNoSeriousViolations(page);
        await expectNoSidewaysScroll(page);

        await hydrated(page);
        await card.getByRole("button", { name: "Restore" }).click();
        await expect(status(page)).toHaveText("Restored.");
        await expect(main(page).getByRole("listitem").filter({ hasText: question })).toHaveCount(0);

        await page.goto(`/admin/faqs?q=${tag}`);
        await expect(shown(page, question)).toHaveCount(1);
      });

      test("History lists the row's versions, and Restore this version brings one back", async ({ page }) => {
        const tag = marker("hist");
        const question = `Versioned ${tag}?`;
        const [row] = await createRows(page, "faqs", [faq(question, "First answer")]);
        const origin = new URL(page.url()).origin;
        for (const answer of ["Second answer", "Third answer"]) {
          const res = await page.request.put(`/api/tables/faqs/${row!.id}`, { data: { answer }, headers: { Origin: origin } });
          expect(res.ok()).toBe(true);
        }

        await page.goto(`/admin/faqs?q=${tag}`);
        await hydrated(page);
        await main(page).getByRole("button", { name: "Edit" }).filter({ visible: true }).click();
        const edit = page.getByRole("dialog", { name: "Edit Item" });
        await edit.getByRole("button", { name: "History" }).click();

        const history = page.getByRole("dialog", { name: "History" });
        const versions = history.getByRole("listitem");
        await expect(versions).toHaveCount(3);
        await expect(versions.nth(0)).toContainText("Updated");
        await expect(versions.nth(0)).toContainText(ADMIN_EMAIL);
        await expect(versions.nth(0)).toContainText("Second answer");
        await expect(versions.nth(0)).toContainText("Third answer");
        await expect(versions.nth(0)).toContainText("Current version");
        await expect(versions.nth(2)).toContainText("Created");
        await expect(history.getByRole("button", { name: "Restore this version" })).toHaveCount(2);
        if (javaScriptEnabled) await expectNoSeriousViolations(page);
        await expectNoSidewaysScroll(page);

        // The first version: the answer as it was created.
        await versions.nth(2).getByRole("button", { name: "Restore this version" }).click();
        await expect(status(page)).toHaveText("Version restored.");
        await expect(page.getByRole("dialog")).toHaveCount(0);
        const restored = await page.request.get(`/api/tables/faqs/${row!.id}`);
        expect(await restored.json()).toMatchObject({ answer: "First answer" });

        // The restore is a version of its own.
        await main(page).getByRole("button", { name: "Edit" }).filter({ visible: true }).click();
        await page.getByRole("dialog", { name: "Edit Item" }).getByRole("button", { name: "History" }).click();
        await expect(page.getByRole("dialog", { name: "History" }).getByRole("listitem").first()).toContainText("Earlier version restored");
      });

      test("View has History too: the same versions, and closing it goes back to View", async ({ page }) => {
        const tag = marker("viewhist");
        const question = `Viewed ${tag}?`;
        const [row] = await createRows(page, "faqs", [faq(question, "First answer")]);
        const origin = new URL(page.url()).origin;
        const res = await page.request.put(`/api/tables/faqs/${row!.id}`, { data: { answer: "Second answer" }, headers: { Origin: origin } });
        expect(res.ok()).toBe(true);

        await page.goto(`/admin/faqs?q=${tag}`);
        await hydrated(page);
        await main(page).getByRole("button", { name: "View" }).filter({ visible: true }).click();
        const view = page.getByRole("dialog", { name: "View Item" });
        await expect(view).toContainText("Second answer");
        if (javaScriptEnabled) await expectNoSeriousViolations(page);
        await expectNoSidewaysScroll(page);
        await view.getByRole("button", { name: "History" }).click();

        const history = page.getByRole("dialog", { name: "History" });
        const versions = history.getByRole("listitem");
        await expect(versions).toHaveCount(2);
        await expect(versions.nth(0)).toContainText("Updated");
        await expect(versions.nth(0)).toContainText(ADMIN_EMAIL);
        await expect(versions.nth(0)).toContainText("Current version");
        await expect(versions.nth(1)).toContainText("Created");
        await expect(page).toHaveURL(new RegExp(`view=${row!.id}&history=1`));
        if (javaScriptEnabled) await expectNoSeriousViolations(page);
        await expectNoSidewaysScroll(page);

        // Closing the history goes back to the row's View.
        await history.getByRole("button", { name: "Close" }).click();
        await expect(view).toBeVisible();
        await expect(page).not.toHaveURL(/history=/);

        // And its Restore this version works as from Edit.
        await view.getByRole("button", { name: "History" }).click();
        await versions.nth(1).getByRole("button", { name: "Restore this version" }).click();
        await expect(status(page)).toHaveText("Version restored.");
        await expect(page.getByRole("dialog")).toHaveCount(0);
        const restored = await page.request.get(`/api/tables/faqs/${row!.id}`);
        expect(await restored.json()).toMatchObject({ answer: "First answer" });
      });

      test("a row the first start seeded was 'Added at first start'", async ({ page }) => {
        const seeded = "What areas do you serve?";
        const found = await page.request.get(`/api/tables/faqs?q=${encodeURIComponent(seeded)}`);
        const { rows } = (await found.json()) as { rows: { id: number; question: string }[] };
        const row = rows.find((r) => r.question === seeded);
        expect(row, "the seeded question").toBeDefined();

        await page.goto(`/admin/faqs?edit=${row!.id}`);
        await hydrated(page);
        await page.getByRole("dialog", { name: "Edit Item" }).getByRole("button", { name: "History" }).click();
        const versions = page.getByRole("dialog", { name: "History" }).getByRole("listitem");
        // The oldest entry: the seeding's create (other tests may have edited the row since).
        await expect(versions.last()).toContainText("Created");
        await expect(versions.last()).toContainText("Added at first start");
        await expect(page.getByRole("dialog", { name: "History" })).not.toContainText("unknown (not signed in)");
      });

      test("a save says so in the status region", async ({ page }) => {
        const tag = marker("saved");
        await createRows(page, "faqs", [faq(`Save me ${tag}?`)]);
        await page.goto(`/admin/faqs?q=${tag}`);
        await hydrated(page);
        await main(page).getByRole("button", { name: "Edit" }).filter({ visible: true }).click();
        await page.getByRole("dialog", { name: "Edit Item" }).getByRole("button", { name: "Update" }).click();
        await expect(status(page)).toHaveText("Saved.");
        if (javaScriptEnabled && view.name === "desktop") {
          // An export (with JavaScript it is fetched, so it can say when it is done).
          await main(page).getByRole("link", { name: "Export CSV" }).click();
          await expect(status(page)).toHaveText("Exported faqs.csv.");
        }
      });
    });
  }
}
