import { SEED_SETTINGS } from "~/lib/business";
import { depositFor } from "~/lib/deposits";
import { dayIn, timeIn } from "~/lib/time-zone";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { decideEstimate } from "~/server/estimates/decisions.server";
import { createEstimate, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { sendEstimate } from "~/server/estimates/send.server";
import type { DB } from "~/server/db.server";
import { env } from "~/server/env.server";
import { holdForDeposit } from "~/server/jobs/deposit-holds.server";
import { heldUntilText, jobDeposit } from "~/server/jobs/deposit-records.server";
import { releaseExpiredHolds } from "~/server/jobs/deposit-releases.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { getDepositPolicy, saveSettings } from "~/server/settings.server";
import { minutesFromNow } from "../helpers/appointments";
import type { AppServer } from "../helpers/app-server";
import { estimateForm, insertLead } from "../helpers/estimates";
import { startPreparedServer } from "../helpers/prepared-server";
import { axeClean } from "./axe";
import { ADMIN_EMAIL, expect, expectNoScripts, expectNoSidewaysScroll, signIn, test as base, VIEWS } from "./fixtures";

/*
 * Issue 35's deposits in the browser (docs/decisions/0132): the customer's
 * appointment page says Deposit due (the amount, how to pay, until when), the
 * owner sees the job waiting on the schedule and presses Record Deposit on
 * its page, and the customer's page then says Deposit received; a booking
 * whose hold ran out says it was released, with the way to book again. With
 * JavaScript on and off, at 1280 and 390 px, axe clean. The jobs are booked
 * the way the online booking does (scheduleJob with depositFor's amount) on
 * the server's database before it starts.
 */

const CASES = [true, false].flatMap((javaScriptEnabled) => VIEWS.map((view) => ({ javaScriptEnabled, view, key: `${javaScriptEnabled ? "js" : "nojs"}-${view.name}` })));
const INSTRUCTIONS = "Zelle to pay@shine.example";
const DAY = 24 * 60;

interface HeldJob {
  id: number;
  token: string;
  email: string;
  day: string;
  heldUntil: string;
}
interface Prepared {
  app: AppServer;
  jobs: Record<string, { held: HeldJob; released: { token: string } }>;
}

let n = 0;
/**
 * A $200 booking of an accepted estimate (so Create Invoice copies its line),
 * held for depositFor's $50 (or, `heldHoursAgo` hours ago, released since).
 */
async function book(db: DB, startsAt: Date, heldHoursAgo?: number): Promise<HeldJob> {
  const zone = env().BUSINESS_TIME_ZONE;
  const email = `deposit.${++n}@example.com`;
  const lead = await insertLead(db, { email });
  const estimateId = await createEstimate(db, await leadOrigin(db, lead), ADMIN_EMAIL);
  await saveEstimate(db, estimateId, estimateForm([["Full detail", "1", "200"]], { durationMinutes: "60" }));
  await sendEstimate(db, estimateId, ADMIN_EMAIL, undefined);
  await decideEstimate(db, await getEstimate(db, estimateId), "accepted");
  const depositCents = heldHoursAgo === undefined ? depositFor(await getDepositPolicy(db), 20_000) : null;
  const job = await scheduleJob(db, {
    from: await leadOrigin(db, lead),
    estimateId,
    input: { date: dayIn(startsAt, zone), startTime: timeIn(startsAt, zone), durationMinutes: 60, address: "12 Lake Dr, Grand Rapids", notes: "" },
    actor: "online booking",
    origin: undefined,
    depositCents,
  });
  if (heldHoursAgo !== undefined) await holdForDeposit(db, job.id, 5_000, new Date(Date.now() - heldHoursAgo * 3_600_000));
  return { id: job.id, token: job.token, email, day: dayIn(startsAt, zone), heldUntil: heldUntilText((await jobDeposit(db, job.id))!) };
}

const test = base.extend<object, { prepared: Prepared }>({
  prepared: [
    async ({ smtp }, use) => {
      const { app, prepared, stop } = await startPreparedServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: "1" }, async (db) => {
        await saveSettings(db, { ...SEED_SETTINGS, notifyEmail: ADMIN_EMAIL, paymentInstructions: INSTRUCTIONS, depositAbove: "150", depositPercent: "25" }, ADMIN_EMAIL);
        const jobs: Prepared["jobs"] = {};
        let i = 0;
        for (const c of CASES) {
          const held = await book(db, minutesFromNow((3 + i) * DAY));
          const released = await book(db, minutesFromNow((3 + i) * DAY + 180), 25);
          jobs[c.key] = { held, released: { token: released.token } };
          i++;
        }
        expect(await releaseExpiredHolds(db)).toBe(CASES.length);
        return jobs;
      });
      await use({ app, jobs: prepared });
      await stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ prepared }, use) => use(prepared.app.url),
});

for (const { javaScriptEnabled, view, key } of CASES) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
    test.use({ javaScriptEnabled, viewport: view.viewport });

    test("Deposit due on the customer's page, waiting on the schedule, Record Deposit on the job's page, then Deposit received", async ({ page, prepared, smtp }) => {
      const { held } = prepared.jobs[key]!;
      await page.goto(`/appointments/${held.token}`);
      await expectNoScripts(page);
      const due = page.getByRole("region", { name: "Deposit due: $50.00" });
      await expect(due).toContainText(`We hold this time for you until ${held.heldUntil}. If your deposit has not reached us by then, the time is released for other customers.`);
      await expect(due.getByRole("heading", { name: "How to pay" })).toBeVisible();
      await expect(due.getByText(INSTRUCTIONS)).toBeVisible();
      await axeClean(page);
      await expectNoSidewaysScroll(page);

      await signIn(page, ADMIN_EMAIL, { returnUrl: `/admin/schedule?week=${held.day}` });
      await expect(page.getByRole("link", { name: /Waiting for deposit until/ }).first()).toBeVisible();
      await page.goto(`/admin/jobs/${held.id}`);
      const section = page.getByRole("region", { name: "Deposit due" });
      await expect(section).toContainText(`$50.00 is due. The booking is held until ${held.heldUntil}`);
      await axeClean(page);
      await expectNoSidewaysScroll(page);
      await section.getByLabel("Method").selectOption("Venmo");
      await section.getByRole("button", { name: "Record Deposit" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Deposit recorded" })).toBeVisible();
      const received = page.getByRole("region", { name: "Deposit received" });
      await expect(received).toContainText(`$50.00 by Venmo, recorded`);
      await expect(received).toContainText("It will be credited on the job's invoice when the invoice is sent.");
      await expect(page.getByRole("button", { name: "Record Deposit" })).toHaveCount(0);
      await axeClean(page);

      // Sent, the job's invoice has the deposit among its payments (docs/decisions/0133), typed once.
      await page.getByRole("button", { name: "Create Invoice" }).click();
      await expect(page).toHaveURL(/\/admin\/invoices\/\d+/);
      await page.getByRole("button", { name: "Send Invoice" }).click();
      await expect(page.getByText(`Invoice sent to ${held.email}.`)).toBeVisible();
      const number = (await page.title()).match(/^Invoice #(\d+)/)![1]!;
      await page.goto(`/admin/jobs/${held.id}`);
      await expect(page.getByRole("region", { name: "Deposit received" })).toContainText(`Credited on invoice #${number}.`);
      await expect(page.getByRole("region", { name: "Deposit received" }).getByRole("link", { name: `invoice #${number}` })).toBeVisible();
      const sent = await smtp.waitFor((m) => m.to.includes(held.email) && m.subject.startsWith(`Invoice #${number}`), 30_000);
      expect(sent.text).toContain("Already paid: $50.00. Amount due: $150.00.");
      const link = new URL(sent.text.match(/https?:\/\/\S+\/invoices\/[\w-]+/)![0]!);
      await page.goto(link.pathname);
      await expectNoScripts(page);
      const payments = page.getByRole("region", { name: "Payments" });
      await expect(payments).toContainText("Venmo (deposit)");
      await expect(payments).toContainText("$50.00");
      await expect(page.locator('[data-total="Amount Due"]')).toHaveText("$150.00");
      await axeClean(page);
      await expectNoSidewaysScroll(page);

      await page.goto(`/appointments/${held.token}`);
      await expect(page.getByRole("region", { name: "Deposit received" })).toContainText("We received your deposit of $50.00 on");
      await expect(page.getByRole("region", { name: /Deposit due/ })).toHaveCount(0);
      await axeClean(page);
      await smtp.waitFor((m) => m.to.includes(held.email) && m.subject.startsWith("Deposit received:"), 30_000);
    });

    test("a booking whose hold ran out says it was released, with the way to book again", async ({ page, prepared }) => {
      await page.goto(`/appointments/${prepared.jobs[key]!.released.token}`);
      await expectNoScripts(page);
      await expect(page.getByRole("status")).toContainText("This booking was released: its deposit of $50.00 had not reached us by");
      await expect(page.getByRole("link", { name: "Book again online" })).toHaveAttribute("href", "/book");
      await expect(page.getByRole("button", { name: "Cancel Appointment" })).toHaveCount(0);
      await axeClean(page);
      await expectNoSidewaysScroll(page);
    });
  });
}
