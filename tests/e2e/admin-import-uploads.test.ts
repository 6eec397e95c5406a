import type { Page } from "@playwright/test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRows, marker, TINY_PNG } from "./admin-helpers";
import { expectNoSeriousViolations } from "./axe";
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, hydrated, signIn, test, VIEWS } from "./fixtures";

/*
 * CSV import and uploads in the dashboard (issue 11, items 7 and 8): the
 * import page with an error report by line and column and then a successful
 * import, with JavaScript on and off, on a desktop and on a 390×844 phone;
 * an upload's progress in percent, its original name, and a refused file's
 * reason (the upload field needs JavaScript).
 */

// Each test signs in, uploads and runs axe more than once: more than the default on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin" });
});

const main = (page: Page) => page.getByRole("main");

const csvFile = (text: string) => ({ name: "faqs.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${text}`) });

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("Import CSV reports problems by line and column, imports nothing, then imports a fixed file", async ({ page }) => {
        const tag = marker("imp");
        const [existing] = await createRows(page, "faqs", [{ question: `Old question ${tag}?`, answer: "Old answer", category: "General Questions" }]);
        await page.goto(`/admin/faqs?q=${tag}`);
        await hydrated(page);
        await main(page).getByRole("button", { name: "Import CSV" }).click();
        await expect(page).toHaveURL(/\/admin\/faqs\/import\b/);
        await expect(page.getByRole("heading", { name: "Import CSV into FAQs" })).toBeVisible();
        await hydrated(page);

        const bad = [
          "id,question,answer,category",
          `${existing!.id},Changed ${tag}?,New answer,General Questions`,
          `,Added ${tag}?,,General Questions`,
          `,Another ${tag}?,An answer,Weather`,
        ].join("\r\n");
        await page.getByLabel("CSV file").setInputFiles(csvFile(bad));
        await page.getByRole("button", { name: "Import", exact: true }).click();
        const report = main(page).getByRole("alert");
        await expect(report).toContainText("Nothing was imported");
        const rows = report.getByRole("row");
        await expect(rows).toHaveCount(3); // the header and two problems
        await expect(rows.nth(1)).toHaveText(/^3\s*answer\s*Answer is required$/);
        await expect(rows.nth(2)).toHaveText(/^4\s*category\s*Category must be one of the valid options$/);
        await expectNoSidewaysScroll(page);
        // axe runs in the page: with JavaScript (the markup is the same server-rendered page).
        if (javaScriptEnabled) await expectNoSeriousViolations(page);

        // Nothing was stored: the first line's change did not happen either.
        const before = await page.request.get(`/api/tables/faqs/${existing!.id}`);
        expect(((await before.json()) as { question: string }).question).toBe(`Old question ${tag}?`);

        const good = [
          "id,question,answer,category",
          `${existing!.id},Changed ${tag}?,New answer,General Questions`,
          `,"Added ${tag}, with a comma?","Line one\nLine two",Aftercare`,
        ].join("\r\n");
        await page.getByLabel("CSV file").setInputFiles(csvFile(good));
        await page.getByRole("button", { name: "Import", exact: true }).click();
        await expect(main(page).getByRole("status")).toHaveText(/Imported 2 rows: 1 added, 1 updated\./);
        await expect(main(page).getByRole("alert")).toHaveCount(0);
        await expectNoSidewaysScroll(page);
        // axe runs in the page: with JavaScript (the markup is the same server-rendered page).
        if (javaScriptEnabled) await expectNoSeriousViolations(page);

        await main(page).getByRole("link", { name: "Show FAQs" }).click();
        await expect(page).toHaveURL(/\/admin\/faqs$/);
        await page.goto(`/admin/faqs?q=${tag}`);
        await expect(main(page).getByText(`Changed ${tag}?`, { exact: true }).filter({ visible: true })).toBeVisible();
        await expect(main(page).getByText(`Added ${tag}, with a comma?`, { exact: true }).filter({ visible: true })).toBeVisible();
      });
    });
  }
}

for (const view of VIEWS) {
  test.describe(`uploads, ${view.name}`, () => {
    test.use({ viewport: view.viewport });

    test("an upload shows its progress in percent and then its original name; a refused file says why", async ({ page }) => {
      await page.goto("/admin/care_guides?new=1");
      await hydrated(page);
      const dialog = page.getByRole("dialog", { name: "Add New Item" });
      const cover = dialog.getByLabel("Cover Image");

      // A refused type names the types the field takes.
      await cover.setInputFiles({ name: "guide.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1") });
      await expect(dialog.getByRole("alert")).toHaveText(
        "File type not allowed. Only images (JPEG, PNG, GIF, WebP, AVIF, SVG) and videos (MP4, WebM, Ogg, AVI, MOV) can be uploaded here",
      );
      await expect(cover).toHaveAttribute("aria-invalid", "true");
      // Too large: said with the limit in MB, before a byte is sent.
      // From a file on disk: the browser reads it itself, where a buffer this size crosses the protocol as base64.
      const huge = path.join(mkdtempSync(path.join(tmpdir(), "huge-upload-")), "huge.png");
      writeFileSync(huge, Buffer.concat([TINY_PNG, Buffer.alloc(25 * 1024 * 1024)]));
      await cover.setInputFiles(huge);
      await expect(dialog.getByRole("alert")).toHaveText("File too large: the limit is 25 MB");
      await expectNoSeriousViolations(page);

      // A slow connection, so the progress can be seen moving.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
      const name = `Before & after ${marker("p")}.pdf`;
      const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), Buffer.alloc(1_500_000, 0x20)]);
      // Every percentage the progress bar and its text show, as they change.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progressSeen: string[] }).progressSeen = seen;
        new MutationObserver(() => {
          const bar = document.querySelector('[role="progressbar"]');
          const text = bar?.parentElement?.querySelector('[role="status"]')?.textContent;
          if (bar) seen.push(`${bar.getAttribute("aria-valuenow")}|${text}`);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      await dialog.getByLabel("PDF Guide").setInputFiles({ name, mimeType: "application/pdf", buffer: pdf });
      const progress = dialog.getByRole("progressbar", { name: "Upload progress" });
      await expect(progress).toBeVisible();
      await expectNoSeriousViolations(page);
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

      // Done: the field shows the file by its own name, which the download keeps.
      const link = dialog.getByRole("link", { name });
      await expect(link).toBeVisible({ timeout: 30_000 });
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
      // Some percentage between the start and the end was shown, in the bar and in words.
      const between = seen.map((s) => s.split("|")).filter(([n]) => Number(n) > 0 && Number(n) < 100);
      expect(between.length, seen.join(", ")).toBeGreaterThan(0);
      expect(between.every(([n, text]) => text === `Uploading... ${n}%`), seen.join(", ")).toBe(true);
      const href = await link.getAttribute("href");
      const served = await page.request.get(href!);
      expect(served.headers()["content-disposition"]).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      await expectNoSidewaysScroll(page);
    });
  });
}
