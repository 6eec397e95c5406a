import type { Page } from "@playwright/test";
import { axeClean } from "./axe";
import { marker, newDocumentFromLead } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoScripts, expectNoSidewaysScroll, hydrated, signIn, test, VIEWS } from "./fixtures";

/*
 * Issue 22 in the browser: the owner makes an invoice from a lead, writes its
 * lines, saves and sends it; records a payment (one refused first, with the
 * field named, and one dated two years back asked about), the customer opens the link from the e-mail and sees what is
 * paid and what is due, downloads the PDF; the rest is paid and the receipt
 * goes out. With JavaScript on and off, at 1280 and 390 px, axe clean.
 */

const line = (page: Page, n: number) => page.getByRole("group", { name: `Line ${n}` });

async function writeInvoice(page: Page, email: string): Promise<string> {
  await newDocumentFromLead(page, "Invoice", email);

  await page.getByLabel("Add a service").selectOption({ label: "Headlight Restoration ($89.00)" });
  await page.getByRole("button", { name: "Add Line" }).click();
  await expect(line(page, 1).getByLabel("Unit Price")).toHaveValue("89.00");
  await page.getByLabel("Add a service").selectOption({ label: "An empty line" });
  await page.getByRole("button", { name: "Add Line" }).click();
  await line(page, 2).getByLabel("Description").fill("Hand wax");
  await line(page, 2).getByLabel("Quantity").fill("2");
  await line(page, 2).getByLabel("Unit Price").fill("45.50");
  await page.getByRole("button", { name: "Add Line" }).click();
  await expect(line(page, 3)).toBeVisible();
  await line(page, 3).getByRole("button", { name: /^Remove/ }).click();
  await expect(line(page, 3)).toHaveCount(0);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Invoice saved.")).toBeVisible();
  // $89.00 + 2 × $45.50 = $180.00, no tax set.
  await expect(page.getByRole("definition").filter({ hasText: "$180.00" }).first()).toBeVisible();
  await axeClean(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole("button", { name: "Send Invoice" }).click();
  await expect(page.getByText(`Invoice sent to ${email}.`)).toBeVisible();
  return page.url();
}

async function recordPayment(page: Page, amount: string, method: string) {
  await page.getByLabel("Amount", { exact: true }).fill(amount);
  await page.getByLabel("Method", { exact: true }).selectOption(method);
  await page.getByRole("button", { name: "Record Payment" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("the owner invoices and records payments; the customer sees what is due; paid in full, a receipt", async ({ page, smtp }) => {
        test.setTimeout(120_000);
        await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
        const email = `${marker("inv")}@example.com`;
        const editor = await writeInvoice(page, email);
        const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Invoice #"));
        expect(mail.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
        const number = /#(\d+)/.exec(mail.subject)![1];
        const link = /https?:\/\/\S+\/invoices\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
        expect(link).toBeTruthy();

        // Sent: the lines are fixed; a payment larger than the balance is refused, naming the field.
        await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
        await recordPayment(page, "200", "Zelle");
        await expect(page.getByText("Amount cannot be more than the amount due, $180.00.")).toBeVisible();
        await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("200");
        // A date over a year back is asked about first; the answer records it (docs/decisions/0109).
        const today = await page.getByLabel("Date", { exact: true }).inputValue();
        await page.getByLabel("Date", { exact: true }).fill(`${Number(today.slice(0, 4)) - 2}-06-15`);
        await recordPayment(page, "80", "Cash");
        await expect(page.getByRole("heading", { name: /^This payment's date, \w+day, June 15, \d{4}, is more than a year ago\. Record it anyway\?$/ })).toBeVisible();
        await expect(page.getByText("Partly Paid", { exact: true })).toHaveCount(0);
        await axeClean(page);
        await page.getByRole("button", { name: "Yes, Record Payment" }).click();
        await expect(page.getByText("Payment recorded.")).toBeVisible();
        await expect(page.getByText("Partly Paid", { exact: true })).toBeVisible();
        const part = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith(`Payment received for invoice #${number}`));
        expect(part.text).toContain("We received your payment of $80.00");
        expect(part.text).toContain("The balance is $100.00.");
        await axeClean(page);
        await expectNoSidewaysScroll(page);

        const admin = await page.context().cookies();
        await page.context().clearCookies();
        await page.goto(new URL(link!).pathname);
        // Nothing to run: the page ships no JavaScript at all, whether the browser runs it or not.
        await expectNoScripts(page);
        await expect(page.getByRole("heading", { level: 1, name: `Invoice #${number}` })).toBeVisible();
        await expect(page.getByRole("cell", { name: "Hand wax" })).toBeVisible();
        await expect(page.getByText("Cash", { exact: false }).first()).toBeVisible();
        await expect(page.locator('[data-total="Amount Due"]')).toHaveText("$100.00");
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        const pdf = await page.request.get((await page.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!);
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
        await axeClean(page);
        await expectNoSidewaysScroll(page);

        await page.context().addCookies(admin);
        await page.goto(new URL(editor).pathname);
        await hydrated(page);
        await recordPayment(page, "100.00", "Card");
        await expect(page.getByText(/paid in full and the receipt is on its way/)).toBeVisible();
        await expect(page.getByRole("button", { name: "Record Payment" })).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Void" })).toHaveCount(0);
        const receipt = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith(`Receipt for invoice #${number}`));
        expect(receipt.text).toMatch(/ · Card: +\$100\.00/);

        await page.goto("/admin/invoices?status=paid");
        await expect(page.getByRole("link", { name: `#${number}` })).toBeVisible();
        await expect(page.getByRole("img", { name: /^Income per month/ })).toBeVisible();
        await axeClean(page);
        await expectNoSidewaysScroll(page);
      });
    });
  }
}

test("a wrong payment is deleted and kept in the history; a sent invoice without payments is voided, struck through", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
  await writeInvoice(page, `${marker("void")}@example.com`);
  await hydrated(page);
  await recordPayment(page, "10", "Check");
  await expect(page.getByText("Payment recorded.")).toBeVisible();
  await page.getByRole("button", { name: /^Delete payment of \$10\.00/ }).click();
  await expect(page.getByText("Payment deleted; it stays in the history.")).toBeVisible();
  await expect(page.getByText(/Deleted by/)).toBeVisible();
  await page.getByRole("button", { name: "Void" }).click();
  await expect(page.getByText("Invoice voided.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 }).locator("s")).toHaveText(/^Invoice #\d+$/);
});
