import type { BrowserContext, Page } from "@playwright/test";
import { appointmentWhen } from "~/server/jobs/job-mail.server";
import { minutesFromNow, parseCalendar, scheduleAt } from "../helpers/appointments";
import type { AppServer } from "../helpers/app-server";
import { startPreparedServer } from "../helpers/prepared-server";
import { axeClean } from "./axe";
import { expect, expectNoScripts, expectNoSidewaysScroll, test as base, VIEWS } from "./fixtures";

/*
 * Issue 21 in the browser: the customer's appointment page from the link in
 * their e-mail: the appointment, Add to calendar, and Cancel Appointment
 * with its confirmation, or the request to call once it is too late. With
 * JavaScript on and off, at 1280 and 390 px, axe clean. The jobs are
 * scheduled the real way (scheduleJob) on the server's database before it
 * starts: the owner's job pages are not what this file tests.
 */

const CASES = [true, false].flatMap((javaScriptEnabled) => VIEWS.map((view) => ({ javaScriptEnabled, view, key: `${javaScriptEnabled ? "js" : "nojs"}-${view.name}` })));

interface Prepared {
  app: AppServer;
  /** By case key: a job the customer may still cancel, and one too close to cancel online. */
  jobs: Record<string, { open: { token: string; when: string; name: string }; late: { token: string } }>;
  twoTabs: { token: string };
}

const DAY = 24 * 60;

let customers = 0;
/** Each test is another customer, on a phone of their own: a client address of its own, as the proxy in front says. */
const asNewCustomer = (context: BrowserContext) => context.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${++customers}` });

const test = base.extend<object, { prepared: Prepared }>({
  prepared: [
    async ({ smtp }, use) => {
      const { app, prepared, stop } = await startPreparedServer(
        // Behind one proxy: each test is a customer of its own address (the cancellations are limited per address).
        { SMTP_URL: smtp.url, TRUST_PROXY: "1" },
        async (db) => {
          const jobs: Prepared["jobs"] = {};
          let i = 0;
          for (const c of CASES) {
            const open = await scheduleAt(db, minutesFromNow(3 * DAY + i * 180));
            const late = await scheduleAt(db, minutesFromNow(120 + i * 120));
            jobs[c.key] = { open: { token: open.token, when: appointmentWhen(open), name: open.customer.name }, late: { token: late.token } };
            i++;
          }
          return { jobs, twoTabs: { token: (await scheduleAt(db, minutesFromNow(5 * DAY))).token } };
        },
      );
      await use({ app, ...prepared });
      await stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ prepared }, use) => use(prepared.app.url),
});

for (const { javaScriptEnabled, view, key } of CASES) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${view.name}`, () => {
    test.use({ javaScriptEnabled, viewport: view.viewport });

    test("the customer sees the appointment, adds it to the calendar and cancels it", async ({ page, context, prepared, smtp }) => {
      await asNewCustomer(context);
      const { open } = prepared.jobs[key]!;
      await page.goto(`/appointments/${open.token}`);
      // Plain HTML forms: the page ships no JavaScript at all, whether the browser runs it or not.
      await expectNoScripts(page);
      await expect(page.getByRole("heading", { level: 1, name: "Your appointment" })).toBeVisible();
      await expect(page.getByText(open.when)).toBeVisible();
      await expect(page.getByText("12 Lake Dr, Grand Rapids")).toBeVisible();
      await expect(page.getByText("About 1 hour")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      // The page's own classes are in the inlined public stylesheet (app/styles/public-sources.ts finds its modules).
      expect(await page.getByRole("main").evaluate((el) => getComputedStyle(el).paddingTop)).toBe("32px");
      await axeClean(page);
      await expectNoSidewaysScroll(page);

      const ics = await page.request.get((await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href"))!);
      expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(ics.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.ics"$/);
      const calendar = parseCalendar(await ics.text());
      expect(calendar.events).toHaveLength(1);
      expect(calendar.events[0]!.location).toBe("12 Lake Dr, Grand Rapids");

      // The confirmation is required: an unticked press stays on the page and cancels nothing.
      await page.getByRole("button", { name: "Cancel Appointment" }).click();
      await expect(page.getByRole("checkbox", { name: "Yes, cancel my appointment" })).toBeVisible();
      expect(await page.getByRole("checkbox", { name: "Yes, cancel my appointment" }).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
      await page.getByRole("checkbox", { name: "Yes, cancel my appointment" }).check();
      await page.getByRole("button", { name: "Cancel Appointment" }).click();
      await expect(page.getByText(/Your appointment is cancelled/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel Appointment" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
      await axeClean(page);
      await expectNoSidewaysScroll(page);
      await smtp.waitFor((m) => m.subject.startsWith(`Appointment cancelled by ${open.name}:`), 30_000);
    });

    test("too close to the start, the page asks to call instead", async ({ page, context, prepared }) => {
      await asNewCustomer(context);
      await page.goto(`/appointments/${prepared.jobs[key]!.late.token}`);
      await expectNoScripts(page);
      await expect(page.getByText(/It is too late to cancel online/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel Appointment" })).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("link", { name: /\(\d{3}\) \d{3}-\d{4}/ })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
      await expect(page.getByRole("link", { name: "Add to calendar" })).toBeVisible();
      await axeClean(page);
      await expectNoSidewaysScroll(page);
    });
  });
}

test("two tabs: the second press finds the appointment already cancelled", async ({ page, context, prepared }) => {
  await asNewCustomer(context);
  const other = await context.newPage();
  for (const p of [page, other]) {
    await p.goto(`/appointments/${prepared.twoTabs.token}`);
    await expectNoScripts(p);
    await p.getByRole("checkbox", { name: "Yes, cancel my appointment" }).check();
  }
  await page.getByRole("button", { name: "Cancel Appointment" }).click();
  await expect(page.getByText(/Your appointment is cancelled/)).toBeVisible();
  await other.getByRole("button", { name: "Cancel Appointment" }).click();
  await expect(other.getByText("This appointment had already been cancelled.", { exact: false })).toBeVisible();
});
