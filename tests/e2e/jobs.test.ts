import type { Page } from "@playwright/test";
import { axeClean, expectNoSeriousViolations } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import { ADMIN_EMAIL, expect, expectNoScripts, expectNoSidewaysScroll, hydrated, signIn, test, VIEWS } from "./fixtures";

/*
 * Issue 21 in the browser: the owner schedules a job from a lead, is refused a
 * time another job (with the travel buffer) holds, reschedules, says On My Way
 * and marks it done; another job is cancelled after the confirm step. With
 * JavaScript on and off, at 1280 and 390 px, axe clean.
 */

/** The business's day (America/Detroit, the app's default zone) `days` from today, YYYY-MM-DD. */
function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Detroit", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "Tuesday, December 1" (with the year when not this year's) of a business day: how the job page asks. */
function spokenDay(day: string): string {
  const noon = new Date(`${day}T17:00:00Z`);
  const sameYear = day.slice(0, 4) === businessDay(0).slice(0, 4);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", ...(sameYear ? {} : { year: "numeric" }), timeZone: "America/Detroit" }).format(noon);
}

async function scheduleFromLead(page: Page, leadId: number, date: string, time: string) {
  await page.goto(`/admin/leads/${leadId}`);
  await hydrated(page);
  await page.getByRole("link", { name: "Schedule Job" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs/new\\?lead=${leadId}$`));
  await hydrated(page);
  await expect(page.getByLabel("Duration (minutes)")).toHaveValue("120");
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Start Time").fill(time);
  await page.getByRole("button", { name: "Save Job" }).click();
}

let day = 30;

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("schedule from a lead, an overlap refused, reschedule, on my way, mark done, cancel", async ({ page, smtp }) => {
        test.setTimeout(120_000);
        const date = businessDay((day += 2));
        await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
        const first = `Holder ${marker("j")}`;
        const second = `Second ${marker("j")}`;
        const email = `${marker("job")}@example.com`;
        const [a, b] = await createRows(page, "quote_requests", [
          quoteRequest(first, { email: `${marker("hold")}@example.com`, service_address: "12 Main St, Grand Rapids, MI" }),
          quoteRequest(second, { email, service_address: "48 Lake Dr, Holland, MI" }),
        ]);

        // The first job, 10:00 for 120 minutes, at the lead's service address.
        await scheduleFromLead(page, a!.id, date, "10:00");
        await expect(page).toHaveURL(/\/admin\/jobs\/\d+(\?.*)?$/);
        const firstJob = page.url();
        await expect(page.getByRole("heading", { level: 2, name: `Job for ${first}` })).toBeVisible();
        await expect(page.getByText("12 Main St, Grand Rapids, MI")).toBeVisible();
        await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
        await axeClean(page);
        await expectNoSidewaysScroll(page);

        // 11:00 overlaps it: refused with the message, the values kept.
        await scheduleFromLead(page, b!.id, date, "11:00");
        await expect(page.getByRole("alert").first()).toContainText("overlaps");
        await expect(page.getByRole("alert").first()).toContainText(first);
        await expect(page.getByLabel("Start Time")).toHaveValue("11:00");
        await expect(page.getByLabel("Date")).toHaveValue(date);
        await expect(page.getByLabel("Address")).toHaveValue("48 Lake Dr, Holland, MI");
        await axeClean(page);
        await expectNoSidewaysScroll(page);
        // 12:30 (its end plus the 30-minute travel buffer) is free.
        await page.getByLabel("Start Time").fill("12:30");
        await page.getByRole("button", { name: "Save Job" }).click();
        await expect(page).toHaveURL(/\/admin\/jobs\/\d+(\?.*)?$/);
        await expect(page.getByRole("heading", { level: 2, name: `Job for ${second}` })).toBeVisible();
        await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Appointment confirmed:"));

        // Reschedule to 14:00.
        await hydrated(page);
        await page.getByLabel("Start Time").fill("14:00");
        await page.getByRole("button", { name: "Reschedule" }).click();
        await expect(page.getByRole("status")).toContainText("Saved");
        await expect(page.getByText(/2:00 PM – 4:00 PM/).first()).toBeVisible();
        await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Appointment changed:"));

        // On My Way, arriving in 20 minutes: the job is not today's, so it asks first, and nothing is sent before the answer.
        await hydrated(page);
        await page.getByLabel("Arriving in").selectOption("20");
        await page.getByRole("button", { name: "On My Way" }).click();
        await expect(page.getByRole("heading", { name: `This job is on ${spokenDay(date)}. Send On My Way now?` })).toBeVisible();
        await axeClean(page);
        await expectNoSidewaysScroll(page);
        // "Not Now" leaves it as it was.
        await page.getByRole("link", { name: "Not Now" }).click();
        // Gone once the page is back (pressing on before would cut its navigation short).
        await expect(page.getByRole("heading", { name: /Send On My Way now\?$/ })).toHaveCount(0);
        await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
        await hydrated(page);
        await page.getByLabel("Arriving in").selectOption("20");
        await page.getByRole("button", { name: "On My Way" }).click();
        await page.getByRole("button", { name: "Yes, Send On My Way" }).click();
        await expect(page.getByRole("status")).toContainText("on your way");
        await expect(page.getByRole("button", { name: "On My Way" })).toHaveCount(0);
        const onTheWay = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("On our way"));
        expect(onTheWay.subject).toContain("20 minutes");

        // Mark Done: asked first too; then no changes are offered any more.
        await hydrated(page);
        await page.getByRole("button", { name: "Mark Done" }).click();
        await expect(page.getByRole("heading", { name: `This job is on ${spokenDay(date)}. Mark it done now?` })).toBeVisible();
        await expect(page.getByText("On the way", { exact: true })).toBeVisible();
        await page.getByRole("button", { name: "Yes, Mark Done" }).click();
        await expect(page.getByRole("status")).toContainText("The job is done.");
        await expect(page.getByText("Done", { exact: true })).toBeVisible();
        for (const name of ["Reschedule", "Cancel Job", "On My Way", "Mark Done"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
        await axeClean(page);
        await expectNoSidewaysScroll(page);

        // The lead lists the job, and its history has the job's events; the lead is Completed.
        await page.getByRole("link", { name: `Lead: ${second}` }).click();
        await hydrated(page);
        await expect(page.getByRole("region", { name: "Jobs" }).getByRole("listitem")).toHaveCount(1);
        const history = page.getByRole("region", { name: "History" });
        await expect(history.getByText("Job scheduled")).toBeVisible();
        await expect(history.getByText("Job marked done")).toBeVisible();
        await expect(page.getByText("Completed").first()).toBeVisible();

        // Cancel the first job: a confirm step, then the time is free.
        await page.goto(firstJob);
        await hydrated(page);
        await page.getByRole("button", { name: "Cancel Job" }).click();
        await expect(page.getByRole("heading", { name: "Cancel this job?" })).toBeVisible();
        await axeClean(page);
        await page.getByRole("button", { name: "Yes, Cancel Job" }).click();
        await expect(page.getByRole("status")).toContainText("cancelled");
        await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
        await expect(page.getByRole("button", { name: "Cancel Job" })).toHaveCount(0);
      });
    });
  }
}

test("an accepted estimate's page has Schedule Job, prefilled with the estimate's duration", async ({ page, smtp }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
  const email = `${marker("est")}@example.com`;
  const [lead] = await createRows(page, "quote_requests", [quoteRequest(`Estimate Job ${marker("e")}`, { email })]);
  await page.goto(`/admin/leads/${lead!.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Create Estimate" }).click();
  await expect(page).toHaveURL(/\/admin\/estimates\/\d+$/);
  const editor = new URL(page.url()).pathname;
  await hydrated(page);
  await page.getByLabel("Add a service").selectOption({ label: "Headlight Restoration ($89.00)" });
  await page.getByRole("button", { name: "Add Line" }).click();
  await page.getByLabel("Duration (minutes)").fill("150");
  await page.getByRole("button", { name: "Send Estimate" }).click();
  await expect(page.getByText(`Estimate sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Schedule Job" })).toHaveCount(0);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Estimate #"));
  const link = /https?:\/\/\S+\/estimates\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname);
  // The customer's page is plain HTML (docs/decisions/0098): nothing to wait for.
  await expectNoScripts(page);
  await page.getByRole("button", { name: "Accept Estimate" }).click();
  await expect(page.getByText("You accepted this estimate.")).toBeVisible();

  await signIn(page, ADMIN_EMAIL, { returnUrl: editor });
  await hydrated(page);
  await page.getByRole("link", { name: "Schedule Job" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs/new\\?lead=${lead!.id}&estimate=\\d+$`));
  // The editor has a Duration too: the Schedule Job page is the one shown once its heading is.
  await expect(page.getByRole("heading", { level: 2, name: "Schedule Job" })).toBeVisible();
  await expect(page.getByLabel("Duration (minutes)")).toHaveValue("150");
  await expect(page.getByText(/Estimate #\d+\. The customer gets an e-mail/)).toBeVisible();
  await axeClean(page);
});
