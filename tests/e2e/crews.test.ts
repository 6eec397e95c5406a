import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { addDays, dayIn, localInstant } from "~/lib/time-zone";
import { isoWeekday } from "~/lib/work-week";
import { openDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { insertCustomer, insertJob } from "../helpers/schedule-jobs";
import { axeClean } from "./axe";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, hydrated, signIn, test as base } from "./fixtures";

/*
 * Crews (issue 37, docs/decisions/0148, 0149) in the browser: with two
 * technicians, the owner's /admin/schedule is a table with a column per
 * person and Unassigned (side by side at 1280 px, each day a card at 390 px),
 * axe clean, with and without JavaScript; a technician's week is their own,
 * and their account page has their own calendar feed, reset-able.
 */

const ZONE = "America/Detroit";
const today = dayIn(new Date(), ZONE);
const monday = addDays(today, 1 - isoWeekday(today));
const at = (day: string, hour: number) => new Date(localInstant(day, hour * 60, ZONE)!);
const ANN = "ann.crew@example.com";
const BEN = "ben.crew@example.com";
const seeded = { ann: 0, ben: 0, nobody: 0 };

const test = base.extend<{}, { app: AppServer }>({
  app: [
    async ({ smtp }, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-crews-"));
      const opened = openDatabase({ url: "", dataDir, timeZone: ZONE });
      await migrateToLatest(opened.db);
      await sql`INSERT INTO users (email, name, role) VALUES (${ANN}, 'Ann Able', 'technician'), (${BEN}, '', 'technician')`.execute(opened.db);
      const ids = await opened.db.selectFrom("users").select(["id", "email"]).execute();
      const idOf = (email: string) => ids.find((u) => u.email === email)!.id;
      const ada = await insertCustomer(opened.db, "Ada Crewjob", "1 Elm St, Grandville, MI 49418");
      const bob = await insertCustomer(opened.db, "Bob Crewjob");
      const cy = await insertCustomer(opened.db, "Cy Nobodys");
      seeded.ann = await insertJob(opened.db, ada, at(monday, 10), { address: "12 Main St, Holland, MI 49423", assignedTo: idOf(ANN) });
      seeded.ben = await insertJob(opened.db, bob, at(monday, 10), { address: "9 Lake Dr, Saugatuck", assignedTo: idOf(BEN) });
      seeded.nobody = await insertJob(opened.db, cy, at(addDays(monday, 1), 13));
      await opened.close();
      const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, BUSINESS_TIME_ZONE: ZONE }, { dataDir, embeddedOnDisk: true });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

const VIEWS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("the owner's week has a column per person, then Unassigned", async ({ page }) => {
        test.setTimeout(90_000);
        await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/schedule" });
        await hydrated(page);
        const table = page.getByRole("table", { name: /^Schedule Jobs by person, week of/ });
        await expect(table).toBeVisible();
        // The owner signed in holds the Owner role too, so does jobs: a column of their own.
        await expect(table.getByRole("columnheader")).toHaveText(["Day", "Ann Able", BEN, ADMIN_EMAIL, "Unassigned"]);
        await expect(table.getByRole("rowheader")).toHaveCount(7);

        // Each job in its person's cell of its day's row.
        const mondayRow = table.getByRole("row").filter({ has: page.locator(`time[datetime="${monday}"]`) });
        const cells = mondayRow.getByRole("cell");
        await expect(cells).toHaveCount(4);
        await expect(cells.nth(0).getByRole("link", { name: /^Ada Crewjob/ })).toHaveAttribute("href", `/admin/jobs/${seeded.ann}`);
        await expect(cells.nth(1).getByRole("link", { name: /^Bob Crewjob/ })).toHaveAttribute("href", `/admin/jobs/${seeded.ben}`);
        await expect(cells.nth(2)).toContainText("No jobs");
        await expect(cells.nth(3)).toContainText("No jobs");
        const tuesday = table.getByRole("row").filter({ has: page.locator(`time[datetime="${addDays(monday, 1)}"]`) });
        await expect(tuesday.getByRole("cell").nth(3).getByRole("link", { name: /^Cy Nobodys/ })).toHaveAttribute("href", `/admin/jobs/${seeded.nobody}`);
        await expect(table.locator('[aria-current="date"]')).toHaveCount(1);

        // Side by side on a wide screen; one below the other, each named, on a phone.
        const first = (await cells.nth(0).boundingBox())!;
        const second = (await cells.nth(1).boundingBox())!;
        if (view.name === "desktop") {
          expect(second.y).toBe(first.y);
          expect(second.x).toBeGreaterThan(first.x);
          await expect(cells.nth(0).getByText("Ann Able")).toBeHidden();
        } else {
          expect(second.y).toBeGreaterThan(first.y);
          await expect(cells.nth(0).getByText("Ann Able")).toBeVisible();
          await expect(cells.nth(1).getByText(BEN)).toBeVisible();
        }
        await expectNoSidewaysScroll(page);
        await axeClean(page);
      });
    });
  }
}

test("a technician sees their own week and copies, then resets, their own calendar feed", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ANN, { returnUrl: "/admin/schedule" });
  await hydrated(page);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Ada Crewjob/ })).toBeVisible();
  await expect(page.getByText("Bob Crewjob")).toHaveCount(0);

  await page.goto("/admin/account");
  await hydrated(page);
  const address = page.getByRole("textbox", { name: "Your calendar feed address" });
  const before = await address.inputValue();
  expect(before).toMatch(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
  const feed = await page.request.get(new URL(before).pathname);
  expect(feed.status()).toBe(200);
  const ics = await feed.text();
  expect(ics).toContain(`job-${seeded.ann}@`);
  expect(ics).not.toContain(`job-${seeded.ben}@`);
  await axeClean(page);

  await page.getByRole("button", { name: "Reset feed address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The feed address was reset" })).toBeVisible();
  const after = await address.inputValue();
  expect(after).not.toBe(before);
  expect((await page.request.get(new URL(before).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(after).pathname)).status()).toBe(200);
});
