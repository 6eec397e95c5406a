import type { Page } from "@playwright/test";
import { axeClean } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoScripts, expectNoSidewaysScroll, hydrated, signIn, test, VIEWS } from "./fixtures";

/*
 * Issue 32, the owner's screens, in the browser with JavaScript on and off at
 * 1280 and 390 px, axe clean: Schedule Job from an accepted estimate proposes
 * a free time that saves as proposed; the job page says what to do (the
 * estimate's lines, the total, a link to the estimate, the vehicle, the
 * customer's notes); the estimate is not offered for a second job; Create
 * Invoice opens the job's invoice once it has one, and a second needs Create
 * Another Invoice.
 */

/** A lead with a message, an estimate of one service sent and accepted by the customer: the estimate's editor path. */
async function acceptedEstimate(page: Page, smtp: { waitFor: (f: (m: { to: string[]; subject: string; text: string }) => boolean) => Promise<{ text: string }> }, name: string) {
  const email = `${marker("ws")}@example.com`;
  const [lead] = await createRows(page, "quote_requests", [
    quoteRequest(name, { email, vehicle_type: "Pickup truck", message: "Dog hair in the back seat.", service_address: "5 Birch Ln, Grand Rapids, MI" }),
  ]);
  await page.goto(`/admin/leads/${lead!.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Create Estimate" }).click();
  await expect(page).toHaveURL(/\/admin\/estimates\/\d+$/);
  const editor = new URL(page.url()).pathname;
  await hydrated(page);
  await page.getByLabel("Add a service").selectOption({ label: "Headlight Restoration ($89.00)" });
  await page.getByRole("button", { name: "Add Line" }).click();
  await page.getByLabel("Duration (minutes)").fill("90");
  await page.getByRole("button", { name: "Send Estimate" }).click();
  await expect(page.getByText(`Estimate sent to ${email}.`)).toBeVisible();
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Estimate #"));
  const link = /https?:\/\/\S+\/estimates\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname);
  // The customer's page is plain HTML (docs/decisions/0098): nothing to wait for.
  await expectNoScripts(page);
  await page.getByRole("button", { name: "Accept Estimate" }).click();
  await expect(page.getByText("You accepted this estimate.")).toBeVisible();
  await page.context().addCookies(cookies);
  return editor;
}

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("Schedule Job proposes a free time, the job page says what to do, the estimate gets one job, the job one invoice unless asked", async ({ page, smtp }) => {
        test.setTimeout(150_000);
        await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
        const name = `Work ${marker("w")}`;
        const editor = await acceptedEstimate(page, smtp, name);

        // Schedule Job from the estimate: the proposed time saves as it is (free, and not past).
        await page.goto(editor);
        await hydrated(page);
        await page.getByRole("link", { name: "Schedule Job" }).click();
        await expect(page).toHaveURL(/\/admin\/jobs\/new\?lead=\d+&estimate=\d+$/);
        await hydrated(page);
        const number = (await page.getByText(/Estimate #\d+/).first().textContent())!.match(/#(\d+)/)![1]!;
        const date = await page.getByLabel("Date").inputValue();
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Detroit" }).format(new Date());
        expect(date >= today).toBe(true);
        await expect(page.getByLabel("Duration (minutes)")).toHaveValue("90");
        await page.getByRole("button", { name: "Save Job" }).click();
        await expect(page.getByRole("heading", { level: 2, name: `Job for ${name}` })).toBeVisible();
        const jobPath = new URL(page.url()).pathname;

        // What to do: the lines, the total, the estimate, the vehicle, the customer's notes.
        const work = page.getByRole("region", { name: "What to do" });
        await expect(work.getByRole("cell", { name: "Headlight Restoration" })).toBeVisible();
        await expect(work.getByRole("definition").filter({ hasText: "$89.00" })).toBeVisible();
        await expect(work.getByRole("link", { name: `Estimate #${number}` })).toHaveAttribute("href", editor);
        await expect(work.getByText("Dog hair in the back seat.")).toBeVisible();
        await expect(page.getByRole("region", { name: "The job" }).getByText("Pickup truck")).toBeVisible();
        await axeClean(page);
        await expectNoSidewaysScroll(page);

        // The estimate has its job: Schedule Job for it again says so and does not offer it.
        await page.goto(editor);
        await hydrated(page);
        await page.getByRole("link", { name: "Schedule Job" }).click();
        await expect(page).toHaveURL(/\/admin\/jobs\/new\?lead=\d+&estimate=\d+$/);
        await expect(page.getByRole("status").filter({ hasText: `Estimate #${number} already has a job` })).toBeVisible();
        await expect(page.locator('input[name="estimate"]')).toHaveCount(0);
        await axeClean(page);
        await page.getByRole("link", { name: "open that job" }).click();
        await expect(page).toHaveURL(new RegExp(`${jobPath}$`));

        // Create Invoice makes the draft; the job then links it and offers only Create Another Invoice.
        await hydrated(page);
        await page.getByRole("button", { name: "Create Invoice" }).click();
        await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
        const invoice = new URL(page.url()).pathname;
        const invoiceNumber = (await page.getByRole("heading", { level: 2, name: /^Invoice #\d+$/ }).textContent())!.replace("Invoice ", "");
        await page.goto(jobPath);
        await hydrated(page);
        await expect(page.getByRole("button", { name: "Create Invoice" })).toHaveCount(0);
        await expect(page.getByRole("link", { name: `Invoice ${invoiceNumber}` })).toHaveAttribute("href", invoice);
        await axeClean(page);
        await expectNoSidewaysScroll(page);
        await page.getByRole("button", { name: "Create Another Invoice" }).click();
        await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
        expect(new URL(page.url()).pathname).not.toBe(invoice);
      });
    });
  }
}
