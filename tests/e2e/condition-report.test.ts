import { PDFParse } from "pdf-parse";
import sharp from "sharp";
import { SEED_SETTINGS } from "~/lib/business";
import { dayIn, timeIn } from "~/lib/time-zone";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { env } from "~/server/env.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { saveSettings } from "~/server/settings.server";
import { minutesFromNow } from "../helpers/appointments";
import type { AppServer } from "../helpers/app-server";
import { insertLead } from "../helpers/estimates";
import { startPreparedServer } from "../helpers/prepared-server";
import { axeClean } from "./axe";
import { ADMIN_EMAIL, expect, expectNoScripts, expectNoSidewaysScroll, hydrated, signIn, test as base, VIEWS } from "./fixtures";

/*
 * Issue 36's condition report in the browser at a phone's width
 * (docs/decisions/0136): the owner opens a job, notes an area, adds a photo
 * from the camera's file field, and the customer signs: with JavaScript on
 * the pad (drawn with the mouse) and their name typed, without it the typed
 * name in Customer Signature; the box ticked, Save Condition Report. The page
 * says it was saved and shows it, the customer's e-mail carries the PDF
 * (read back), and their appointment page shows the report. axe clean. The
 * jobs are booked the real way on the server's database before it starts.
 */

const PHONE = VIEWS.find((v) => v.name === "phone")!;
const DAY = 24 * 60;

interface Prepared {
  app: AppServer;
  jobs: Record<"js" | "nojs", { id: number; token: string; email: string }>;
}

const test = base.extend<object, { prepared: Prepared }>({
  prepared: [
    async ({ smtp }, use) => {
      const { app, prepared, stop } = await startPreparedServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: "1" }, async (db) => {
        await saveSettings(db, { ...SEED_SETTINGS, notifyEmail: ADMIN_EMAIL }, ADMIN_EMAIL);
        const zone = env().BUSINESS_TIME_ZONE;
        const jobs = {} as Prepared["jobs"];
        for (const [i, key] of (["js", "nojs"] as const).entries()) {
          const email = `condition.${key}@example.com`;
          const startsAt = minutesFromNow((2 + i) * DAY);
          const job = await scheduleJob(db, {
            from: await leadOrigin(db, await insertLead(db, { email })),
            input: { date: dayIn(startsAt, zone), startTime: timeIn(startsAt, zone), durationMinutes: 60, address: "12 Lake Dr, Grand Rapids", notes: "" },
            actor: ADMIN_EMAIL,
            origin: undefined,
          });
          jobs[key] = { id: job.id, token: job.token, email };
        }
        return jobs;
      });
      await use({ app, jobs: prepared });
      await stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ prepared }, use) => use(prepared.app.url),
});

const photo = async () => ({
  name: "front-bumper.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a6ea5" } }).jpeg().toBuffer(),
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, phone`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE.viewport });

    test("note an area, add a photo, the customer signs, Save Condition Report: saved, e-mailed as a PDF, on the customer's page", async ({ page, prepared, smtp }) => {
      test.setTimeout(120_000);
      const job = prepared.jobs[javaScriptEnabled ? "js" : "nojs"];
      const signer = javaScriptEnabled ? "Pat Driver" : "Sam Typed";
      await signIn(page, ADMIN_EMAIL, { returnUrl: `/admin/jobs/${job.id}` });
      await hydrated(page);
      // The report is made between Start Job and Finish Job.
      const section = page.getByRole("region", { name: "Condition Report" });
      await expect(section).toHaveCount(0);
      await page.getByRole("button", { name: "Start Job" }).click();
      await expect(page.getByRole("status")).toContainText("Job started");
      await hydrated(page);
      await expect(section.getByRole("heading", { name: "Condition Report" })).toBeVisible();
      await axeClean(page);
      await expectNoSidewaysScroll(page);

      await section.getByLabel("Front", { exact: true }).fill("Chip in the windshield, passenger side");
      const photos = section.getByLabel("Condition Photos");
      await expect(photos).toHaveAttribute("capture", "environment");
      await expect(photos).toHaveAttribute("accept", "image/*");
      await photos.setInputFiles([await photo()]);

      if (javaScriptEnabled) {
        // The pad takes the label; the name is still typed.
        const pad = section.getByRole("img", { name: "Customer Signature" });
        await expect(pad).toBeVisible();
        await pad.scrollIntoViewIfNeeded();
        const box = (await pad.boundingBox())!;
        await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
        await page.mouse.down();
        for (const [x, y] of [[0.25, 0.3], [0.4, 0.75], [0.6, 0.25], [0.85, 0.6]] as const) {
          await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 8 });
        }
        await page.mouse.up();
        await expect(pad).toHaveAttribute("data-signed", "yes");
        await section.getByLabel("Customer Name").fill(signer);
      } else {
        await expect(section.getByRole("img", { name: "Customer Signature" })).toHaveCount(0);
        await section.getByLabel("Customer Signature").fill(signer);
      }
      await section.getByLabel("The customer agrees this report is accurate").check();
      await section.getByRole("button", { name: "Save Condition Report" }).click();

      await expect(page.getByRole("status").filter({ hasText: "Condition report saved: the customer was e-mailed it as a PDF." })).toBeVisible({ timeout: 30_000 });
      await expect(section).toContainText(`Signed by ${signer} (${javaScriptEnabled ? "drawn signature and typed name" : "typed name"})`);
      await expect(section).toContainText("Chip in the windshield, passenger side");
      await expect(section.getByRole("img", { name: "Photo 1 of 1: front-bumper.jpg" })).toBeVisible();
      await expect(section.getByText(/^SHA-256 [0-9a-f]{64}$/)).toBeVisible();
      // A fresh form for another report, empty, folded away.
      await expect(section.getByText("New condition report")).toBeVisible();
      await expect(section.getByLabel("Front", { exact: true })).toHaveValue("");
      await axeClean(page);
      await expectNoSidewaysScroll(page);

      const mail = await smtp.waitFor((m) => m.to.includes(job.email) && m.subject.startsWith("Condition report:"), 30_000);
      const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
      expect(pdf, "the PDF is attached").toBeTruthy();
      const text = (await new PDFParse({ data: new Uint8Array(pdf!.content) }).getText()).text;
      expect(text).toContain("Chip in the windshield, passenger side");
      expect(text).toContain(javaScriptEnabled ? `Signed by ${signer}` : `Signed by typed name: ${signer}`);
      expect(text).toContain("front-bumper.jpg");

      await page.goto(`/appointments/${job.token}`);
      const report = page.getByRole("region", { name: "Condition report" });
      await expect(report).toContainText(`Signed by ${signer} on`);
      await expect(report).toContainText("Chip in the windshield, passenger side");
      await expect(report.getByRole("img", { name: "Photo 1 of 1" })).toBeVisible();
      await expect(report.getByRole("link", { name: "Download the report (PDF)" })).toHaveAttribute("href", `/appointments/${job.token}/condition-report.pdf`);
      await expectNoScripts(page);
      await axeClean(page);
      await expectNoSidewaysScroll(page);
    });
  });
}
