import type { Page } from "@playwright/test";
import { axeClean } from "./axe";
import { createRows, marker, newDocumentFromLead, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoScripts, expectNoSidewaysScroll, hydrated, signIn, test, VIEWS } from "./fixtures";

/*
 * Issue 20 in the browser: the owner writes an estimate from a lead (a
 * service line with its price, a free line, a removed one), saves and sends
 * it; the customer opens the link from the e-mail, downloads the PDF and
 * accepts or declines. With JavaScript on and off, at 1280 and 390 px, axe clean.
 */

const line = (page: Page, n: number) => page.getByRole("group", { name: `Line ${n}` });

async function writeEstimate(page: Page, email: string): Promise<string> {
  await newDocumentFromLead(page, "Estimate", email);

  // A service with its price, then an empty line filled in, then one removed.
  await page.getByLabel("Add a service").selectOption({ label: "Headlight Restoration ($89.00)" });
  await page.getByRole("button", { name: "Add Line" }).click();
  await expect(line(page, 1).getByLabel("Description")).toHaveValue("Headlight Restoration");
  await expect(line(page, 1).getByLabel("Unit Price")).toHaveValue("89.00");
  await expect(page.getByLabel("Duration (minutes)")).toHaveValue("60");
  await page.getByLabel("Add a service").selectOption({ label: "An empty line" });
  await page.getByRole("button", { name: "Add Line" }).click();
  await line(page, 2).getByLabel("Description").fill("Hand wax");
  await line(page, 2).getByLabel("Quantity").fill("2");
  await line(page, 2).getByLabel("Unit Price").fill("45.50");
  await page.getByRole("button", { name: "Add Line" }).click();
  await expect(line(page, 3)).toBeVisible();
  // The line's inputs carry the schema's attributes (LINE_CONSTRAINT; the form is noValidate, so the server's message answers).
  const empty = line(page, 3).getByLabel("Description");
  await expect(empty).toHaveAttribute("required", "");
  await expect(empty).toHaveAttribute("maxlength", "500");
  await expect(line(page, 3).getByLabel("Quantity")).toHaveAttribute("max", "999");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(empty).toHaveAccessibleDescription("Description on line 3 is required.");
  await line(page, 3).getByRole("button", { name: /^Remove/ }).click();
  await expect(line(page, 3)).toHaveCount(0);
  await expect(line(page, 2).getByLabel("Description")).toHaveValue("Hand wax");
  await page.getByLabel("Message to Customer").fill("Thanks for asking!");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Estimate saved.")).toBeVisible();
  // $89.00 + 2 × $45.50 = $180.00, no tax set.
  await expect(page.getByRole("definition").filter({ hasText: "$180.00" }).first()).toBeVisible();
  await axeClean(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole("button", { name: "Send Estimate" }).click();
  await expect(page.getByText(`Estimate sent to ${email}.`)).toBeVisible();
  return page.url();
}

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("the owner writes and sends an estimate; the customer downloads it and accepts", async ({ page, smtp }) => {
        // Without JavaScript every Add Line, Remove and Save is a page load.
        test.setTimeout(120_000);
        await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
        const email = `${marker("est")}@example.com`;
        const editor = await writeEstimate(page, email);
        const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Estimate #"));
        expect(mail.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
        const link = /https?:\/\/\S+\/estimates\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
        expect(link).toBeTruthy();

        await page.context().clearCookies();
        await page.goto(new URL(link!).pathname);
        // Plain HTML forms: the page ships no JavaScript at all, whether the browser runs it or not.
        await expectNoScripts(page);
        const number = /#(\d+)/.exec(mail.subject)![1];
        await expect(page.getByRole("heading", { level: 1, name: `Estimate #${number}` })).toBeVisible();
        await expect(page.getByRole("cell", { name: "Hand wax" })).toBeVisible();
        await expect(page.getByText("$180.00").last()).toBeVisible();
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        const pdf = await page.request.get(await page.getByRole("link", { name: "Download PDF" }).getAttribute("href").then((h) => h!));
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
        // The production build finds the fonts in node_modules (issue 33): the PDF embeds a subset of Noto Sans.
        expect((await pdf.body()).toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
        await axeClean(page);
        await expectNoSidewaysScroll(page);

        await page.getByRole("button", { name: "Accept Estimate" }).click();
        await expect(page.getByText("You accepted this estimate.")).toBeVisible();
        await expect(page.getByRole("button", { name: "Accept Estimate" })).toHaveCount(0);
        await smtp.waitFor((m) => m.subject.startsWith(`Estimate #${number} accepted`));

        // Book This Time: the free times as the radio group Time, each named with its day, then the appointment.
        const booking = page.getByRole("form", { name: "Choose a time" });
        await expect(booking).toBeVisible();
        const firstTime = booking.getByRole("radiogroup", { name: "Time" }).getByRole("radio").first();
        await expect(firstTime).toHaveAccessibleName(/^\w+day, \w+ \d+, \d{4}, \d+:\d\d [AP]M$/);
        await expect(firstTime).toBeVisible();
        await axeClean(page);
        await expectNoSidewaysScroll(page);
        await firstTime.check();
        await booking.getByLabel("Address").fill("45 Lake Dr, Grand Rapids, MI");
        await booking.getByRole("button", { name: "Book This Time" }).click();
        await expect(page.getByText("Your appointment is booked for")).toBeVisible();
        await expect(page.getByRole("button", { name: "Book This Time" })).toHaveCount(0);
        const confirmed = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Appointment confirmed:"));
        expect(confirmed.attachments.map((a) => a.contentType.split(";")[0])).toEqual(["text/calendar"]);
        // The owner is told (issue 32), with a link to the job.
        const booked = await smtp.waitFor((m) => m.subject.startsWith("New booking:") && m.text.includes(`Email:   ${email}`));
        expect(booked.text).toMatch(/\/admin\/jobs\/\d+/);
        await page.getByRole("link", { name: "See your appointment" }).click();
        await expect(page).toHaveURL(/\/appointments\/[A-Za-z0-9_-]+$/);
        await expect(page.getByRole("link", { name: "Add to calendar" })).toBeVisible();

        // The owner sees it decided: no longer editable, copied to change it.
        await signIn(page, ADMIN_EMAIL, { returnUrl: new URL(editor).pathname });
        await expect(page.getByText("The customer has accepted this estimate")).toBeVisible();
        await expect(page.getByRole("button", { name: "Copy to New Estimate" })).toBeVisible();
      });
    });
  }
}

test("a decline with a reason makes the lead Lost, shown in its history", async ({ page, smtp }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
  const email = `${marker("dec")}@example.com`;
  await writeEstimate(page, email);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Estimate #"));
  const link = /https?:\/\/\S+\/estimates\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  const admin = page.context().cookies();
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname);
  await expectNoScripts(page);
  await page.getByLabel("Reason (optional)").fill("Found someone closer");
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText(/You declined this estimate/)).toBeVisible();
  await page.context().addCookies(await admin);
  await page.goto("/admin/estimates?status=declined");
  await page.getByRole("link", { name: /^#\d+$/ }).first().click();
  await page.getByRole("link", { name: /^Lead:/ }).click();
  await expect(page.getByText("Reason: Declined estimate")).toBeVisible();
  await expect(page.getByRole("region", { name: "History" }).getByText(/declined/).first()).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the estimates list, ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("pages 25 at a time through a search", async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/estimates" });
      const name = `Pager ${marker("pg")}`;
      const [lead] = await createRows(page, "quote_requests", [quoteRequest(name)]);
      const origin = new URL(page.url()).origin;
      // 26 drafts through the lead page's Create Estimate (its POST, without opening each editor).
      for (let i = 0; i < 26; i++) {
        const res = await page.request.post("/admin/estimates", { form: { leadId: String(lead!.id) }, headers: { Origin: origin }, maxRedirects: 0 });
        expect(res.status()).toBe(303);
      }
      await page.goto("/admin/estimates");
      await hydrated(page);
      await page.getByLabel("Search estimates").fill(name);
      await page.getByRole("button", { name: "Search" }).click();
      const pager = page.getByRole("navigation", { name: "Pagination" });
      await expect(pager).toContainText("Showing 1 to 25 of 26 estimates");
      await expect(page.getByRole("link", { name: /^#\d+$/ })).toHaveCount(25);
      await pager.getByRole("link", { name: "Next" }).click();
      await expect(pager).toContainText("Page 2 of 2");
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page.getByRole("link", { name: /^#\d+$/ })).toHaveCount(1);
      await expect(page.getByRole("link", { name })).toBeVisible();
      await axeClean(page);
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a service's Starting Price, ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("is typed in dollars, refused with a clear message when it is no amount, and stored in cents", async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/services?new=1" });
      const dialog = page.getByRole("dialog", { name: "Add New Item" });
      const title = `Priced ${marker("svc")}`;
      await dialog.getByLabel("Kind").selectOption({ label: "Car" });
      await dialog.getByLabel("Title").fill(title);
      await dialog.getByLabel("Starting Price").fill("12.345");
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      const message = "Starting Price must be an amount in dollars from $0.00 to $100,000.00, like 149.00";
      await expect(page.getByRole("dialog", { name: "Add New Item" }).getByText(message, { exact: true })).toBeVisible();
      await page.getByRole("dialog", { name: "Add New Item" }).getByLabel("Starting Price").fill("1,249.50");
      await page.getByRole("dialog", { name: "Add New Item" }).getByRole("button", { name: "Create", exact: true }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const row = await page.request.get(`/api/tables/services?q=${encodeURIComponent(title)}`);
      const rows = ((await row.json()) as { rows: { id: number; price_cents: number }[] }).rows;
      expect(rows.map((r) => r.price_cents)).toEqual([124_950]);
      // The service would show on the public pages that later tests read: it goes again.
      const origin = new URL(page.url()).origin;
      expect((await page.request.delete(`/api/tables/services/${rows[0]!.id}`, { headers: { Origin: origin } })).status()).toBe(200);
    });
  });
}
