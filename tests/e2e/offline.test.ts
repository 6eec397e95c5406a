import type { BrowserContext, Page, Route } from "@playwright/test";
import sharp from "sharp";
import { SEED_SETTINGS } from "~/lib/business";
import { addDays, dayIn } from "~/lib/time-zone";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { env } from "~/server/env.server";
import { createEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { saveSettings } from "~/server/settings.server";
import { estimateForm, insertLead } from "../helpers/estimates";
import { startPreparedServer, type PreparedServer } from "../helpers/prepared-server";
import { ADMIN_EMAIL, allowConsoleError, expect, hydrated, signIn, test as base, VIEWS } from "./fixtures";

/*
 * Issue 36's offline work (docs/decisions/0141, 0142), on a phone: the owner
 * opens Today and a job with a signal; the connection goes (Playwright's
 * offline mode, and the service worker's own requests cut too: the former
 * does not reach a worker); Today reloads from the phone's copy; the whole
 * job is done offline (On My Way, Start Job, the condition report with a
 * photo and a drawn signature, a checklist step, before and after photos,
 * Finish Job with a payment and a tip), the page
 * counting the changes waiting; the connection returns, the count goes to
 * zero, and the database holds every change once. Also: the web manifest,
 * the worker not controlling a public or a customer page, and sign-out
 * clearing the kept pages and the queue.
 */

const PHONE = VIEWS.find((v) => v.name === "phone")!;
const CUSTOMER = "Olive Offline";
const CUSTOMER_EMAIL = "olive.offline@example.com";
const STEP = "Hand wash and dry";
// The target is 1 s; the bound leaves room for a busy 2-core machine running other tests.
const OFFLINE_RELOAD_BOUND_MS = 4_000;

interface Prepared {
  jobId: number;
  token: string;
  /** Tomorrow's job: On My Way on it asks first ("This job is on …"), which a post sent later cannot answer. */
  laterJobId: number;
}
const LATER_EMAIL = "tom.tomorrow@example.com";

const test = base.extend<object, { prepared: PreparedServer<Prepared> }>({
  prepared: [
    async ({ smtp }, use) => {
      const server = await startPreparedServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: "1" }, async (db) => {
        await saveSettings(db, { ...SEED_SETTINGS, notifyEmail: ADMIN_EMAIL, taxRate: "0" }, ADMIN_EMAIL);
        const lead = await insertLead(db, { email: CUSTOMER_EMAIL });
        await db.updateTable("quote_requests").set({ name: CUSTOMER }).where("id", "=", lead).execute();
        const from = await leadOrigin(db, lead);
        await db.updateTable("customers").set({ name: CUSTOMER }).where("id", "=", from.customerId).execute();
        // Priced, so Finish Job takes a payment on its invoice: $199 + 2 × $25.
        const estimate = await createEstimate(db, from, ADMIN_EMAIL);
        await saveEstimate(db, estimate, estimateForm([["Full detail", "1", "199"], ["Headlight restoration", "2", "25"]]));
        const job = await scheduleJob(db, {
          from,
          // Early today, so it is on Today whatever the hour the test runs.
          input: { date: dayIn(new Date(), env().BUSINESS_TIME_ZONE), startTime: "00:30", durationMinutes: 60, address: "12 Lake Dr, Grand Rapids, MI 49503", notes: "" },
          actor: ADMIN_EMAIL,
          origin: undefined,
        });
        await db.updateTable("jobs").set({ estimate_id: estimate }).where("id", "=", job.id).execute();
        await db.insertInto("job_checklist_steps").values({ job_id: job.id, position: 1, step: STEP }).execute();
        const later = await scheduleJob(db, {
          from: await leadOrigin(db, await insertLead(db, { email: LATER_EMAIL })),
          input: { date: addDays(dayIn(new Date(), env().BUSINESS_TIME_ZONE), 1), startTime: "10:00", durationMinutes: 60, address: "3 Pine St, Ada, MI 49301", notes: "" },
          actor: ADMIN_EMAIL,
          origin: undefined,
        });
        return { jobId: job.id, token: job.token, laterJobId: later.id };
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ prepared }, use) => use(prepared.app.url),
});

test.use({ viewport: PHONE.viewport });

/** The page's worker controls it (installed, its files precached, activated). */
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined);
/** Whether the worker kept `path` (the document) in a cache. */
const kept = (page: Page, path: string) => page.evaluate(async (p) => (await caches.match(p, { ignoreVary: true })) !== undefined, path);

/**
 * No connection: the pages' requests fail (setOffline), and so do the
 * worker's own, which Playwright's offline mode does not reach; returns how
 * many of the worker's requests were cut, and the way back online.
 */
async function goOffline(context: BrowserContext): Promise<{ cut: () => number; online: () => Promise<void> }> {
  let cut = 0;
  const handler = (route: Route) => {
    if (route.request().serviceWorker()) {
      cut++;
      return route.abort("internetdisconnected");
    }
    return route.fallback();
  };
  await context.route("**/*", handler);
  await context.setOffline(true);
  return {
    cut: () => cut,
    online: async () => {
      await context.unroute("**/*", handler);
      await context.setOffline(false);
    },
  };
}

const waitingText = /^\d+ changes? waiting to send$/;

test("a whole job offline: kept on the phone, counted, sent once when the connection returns", async ({ page, context, prepared, smtp }) => {
  test.setTimeout(180_000);
  const { jobId, token, laterJobId } = prepared.prepared;
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/today" });
  await hydrated(page);

  // The installable app: its manifest, named by the admin pages, scoped to them.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/admin.webmanifest");
  const manifestAnswer = await page.request.get(manifestHref!);
  expect(manifestAnswer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestAnswer.json()) as { scope: string; start_url: string; display: string; icons: { src: string; sizes: string }[] };
  expect(manifest).toMatchObject({ scope: "/admin/", start_url: "/admin/today", display: "standalone" });
  expect(manifest.icons.map((icon) => icon.sizes).sort()).toEqual(["192x192", "512x512"]);
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()["content-type"]).toBe("image/png");

  // With a signal: the worker takes over and keeps Today; the job is opened by its link (its data kept), and kept too.
  // The worker the page registered, active; then a page it can take over: one loaded at its address (the sign-in's page was made at /login and moved here).
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/admin/"))?.active?.state), { timeout: 30_000 })
    .toBe("activated");
  await page.goto("/admin/today");
  await hydrated(page);
  await expect.poll(() => controlled(page), { timeout: 30_000 }).toBe(true);
  // Today as a phone opens it with the app installed: every request of the page through the worker.
  await page.reload();
  await hydrated(page);
  await expect.poll(() => kept(page, "/admin/today"), { timeout: 30_000 }).toBe(true);
  const card = page.getByRole("listitem").filter({ hasText: CUSTOMER });
  await card.getByRole("link", { name: new RegExp(CUSTOMER) }).first().click();
  await expect(page.getByRole("heading", { level: 2, name: `Job for ${CUSTOMER}` })).toBeVisible();
  await expect.poll(() => kept(page, `/admin/jobs/${jobId}`), { timeout: 30_000 }).toBe(true);
  await page.goto(`/admin/jobs/${laterJobId}`);
  await hydrated(page);
  await expect.poll(() => kept(page, `/admin/jobs/${laterJobId}`), { timeout: 30_000 }).toBe(true);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Today" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Today" })).toBeVisible();

  const network = await goOffline(context);
  const started = Date.now();
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Today" })).toBeVisible();
  await expect(card).toBeVisible();
  const reloadMs = Date.now() - started;
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { response: Math.round(nav.responseEnd), domContentLoaded: Math.round(nav.domContentLoadedEventEnd) };
  });
  console.log(`Today reloaded offline: shown in ${reloadMs} ms (document from the worker at ${timing.response} ms, DOMContentLoaded at ${timing.domContentLoaded} ms)`);
  expect(reloadMs).toBeLessThan(OFFLINE_RELOAD_BOUND_MS);
  expect(network.cut(), "the worker tried the network and was cut off").toBeGreaterThan(0);
  await hydrated(page);

  // The job, offline, from its link: the whole visit.
  await card.getByRole("link", { name: new RegExp(CUSTOMER) }).first().click();
  await expect(page.getByRole("heading", { level: 2, name: `Job for ${CUSTOMER}` })).toBeVisible();
  const waiting = page.getByText(waitingText);
  const keptNote = page.getByRole("status").filter({ hasText: "Kept on this phone" });

  await page.getByRole("button", { name: "On My Way" }).click();
  await expect(keptNote).toBeVisible();
  await expect(waiting).toHaveText("1 change waiting to send");

  await page.getByRole("button", { name: "Start Job" }).click();
  await expect(waiting).toHaveText("2 changes waiting to send");
  const section = page.getByRole("region", { name: "Condition Report" });
  await expect(section.getByRole("heading", { name: "Condition Report" })).toBeVisible();
  await section.getByLabel("Front", { exact: true }).fill("Scratch on the bumper, left of the plate");
  await section.getByLabel("Condition Photos").setInputFiles([
    { name: "bumper.jpg", mimeType: "image/jpeg", buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#a53a3a" } }).jpeg().toBuffer() },
  ]);
  const pad = section.getByRole("img", { name: "Customer Signature" });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [[0.3, 0.3], [0.5, 0.8], [0.8, 0.4]] as const) await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 6 });
  await page.mouse.up();
  await expect(pad).toHaveAttribute("data-signed", "yes");
  await section.getByLabel("Customer Name").fill(CUSTOMER);
  await section.getByLabel("The customer agrees this report is accurate").check();
  await section.getByRole("button", { name: "Save Condition Report" }).click();
  await expect(waiting).toHaveText("3 changes waiting to send");
  // A fresh form, for another report if one is wanted.
  await expect(section.getByLabel("Front", { exact: true })).toHaveValue("");

  const checklist = page.getByRole("region", { name: "Checklist" });
  await checklist.getByLabel(STEP).check();
  await checklist.getByRole("button", { name: "Save Checklist" }).click();
  await expect(waiting).toHaveText("4 changes waiting to send");
  // The page as the kept save leaves it.
  await expect(checklist.getByLabel(STEP)).toBeChecked();
  await expect(checklist).toContainText("not sent yet");

  for (const [kind, colour] of [["Before", "#5a5a5a"], ["After", "#e0e0e0"]] as const) {
    const photo = { name: `${kind.toLowerCase()}.jpg`, mimeType: "image/jpeg", buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).jpeg().toBuffer() };
    await page.getByLabel(`${kind} Photos`, { exact: true }).setInputFiles([photo]);
    const upload = page.getByRole("button", { name: `Upload ${kind} Photos` });
    // Enabled again once the photo is made smaller in the browser.
    await expect(upload).toBeEnabled();
    await upload.click();
  }
  await expect(waiting).toHaveText("6 changes waiting to send");

  await page.getByLabel("Customer Sign-off").fill(CUSTOMER);
  await page.getByLabel("Amount").fill("249");
  await page.getByLabel("Method").selectOption("Card");
  await page.getByLabel("Tip").fill("20");
  await page.getByRole("button", { name: "Finish Job" }).click();
  await expect(waiting).toHaveText("7 changes waiting to send");
  await expect(page.getByRole("button", { name: "Finish Job" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "The work" })).toContainText(CUSTOMER);

  // Kept on the phone: a reload offline still shows them, and the job as they leave it.
  await page.reload();
  await hydrated(page);
  await expect(waiting).toHaveText("7 changes waiting to send");
  await expect(page.getByRole("region", { name: "The work" })).toContainText(CUSTOMER);

  // On My Way on tomorrow's job, offline: the server asks before it sends (another day), which a change sent later cannot answer.
  await page.goto(`/admin/jobs/${laterJobId}`);
  await hydrated(page);
  // This page was opened at its address, so the phone kept its document but not its data: the page's
  // look at the server after the click fails in the browser's log and it keeps showing what it has.
  allowConsoleError(/^Failed to load resource: net::ERR_FAILED$/);
  await page.getByRole("button", { name: "On My Way" }).click();
  await expect(waiting).toHaveText("8 changes waiting to send");
  await page.goto(`/admin/jobs/${jobId}`);
  await hydrated(page);

  // The connection returns: sent, once each; the page shows the server's job.
  await network.online();
  await expect(waiting).toHaveCount(0, { timeout: 60_000 });
  // The question is shown as not sent, with its words, never taken for done.
  await expect(page.getByRole("alert").filter({ hasText: /^Not sent \(on the way\): This job is on .+\. Send On My Way now\?/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "The work" })).toContainText(/Time on the job/, { timeout: 30_000 });
  const receipt = await smtp.waitFor((m) => m.to.includes(CUSTOMER_EMAIL) && /receipt/i.test(m.subject), 30_000);
  expect(receipt.text).toContain("$20.00 tip");

  // The worker keeps to the admin pages: a public page and a customer's page are not its.
  const other = await context.newPage();
  for (const path of ["/", `/appointments/${token}`]) {
    await other.goto(path);
    expect(await other.evaluate(() => navigator.serviceWorker.controller), `${path} is not controlled by the worker`).toBeNull();
  }
  await other.close();

  // Sign-out on a shared phone: the kept pages and the queue go.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);
  await expect.poll(async () => (await page.evaluate(() => indexedDB.databases())).map((d) => d.name)).not.toContain("offline-queue");
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  // In the database: every change once.
  const found = await prepared.readAfterStop(async (db) => {
    const job = await db.selectFrom("jobs").select(["status", "signed_off_name", "started_at"]).where("id", "=", jobId).executeTakeFirstOrThrow();
    const events = await db.selectFrom("job_events").select("kind").where("job_id", "=", jobId).orderBy("id").execute();
    const reports = await db.selectFrom("condition_reports").select(["signed_name", "photos", "signature_upload", "areas"]).where("job_id", "=", jobId).execute();
    const payments = await db
      .selectFrom("payments as p")
      .innerJoin("invoices as i", "i.id", "p.invoice_id")
      .select(["p.amount_cents", "p.tip_cents", "p.method"])
      .where("i.job_id", "=", jobId)
      .execute();
    const mails = await db.selectFrom("email_outbox").select("kind").where("to_address", "=", CUSTOMER_EMAIL).execute();
    const ticked = await db.selectFrom("job_checklist_steps").select("step").where("job_id", "=", jobId).where("done_at", "is not", null).execute();
    const photos = await db.selectFrom("job_photos").select("kind").where("job_id", "=", jobId).orderBy("id").execute();
    const later = await db.selectFrom("jobs").select("status").where("id", "=", laterJobId).executeTakeFirstOrThrow();
    const laterMails = await db.selectFrom("email_outbox").select("kind").where("to_address", "=", LATER_EMAIL).execute();
    return { job, events: events.map((e) => e.kind), reports, payments, mails: mails.map((m) => m.kind).sort(), ticked: ticked.map((t) => t.step), photos: photos.map((p) => p.kind), later: later.status, laterMails: laterMails.map((m) => m.kind) };
  });
  expect(found.job).toMatchObject({ status: "done", signed_off_name: CUSTOMER });
  expect(found.events.filter((kind) => kind !== "scheduled")).toEqual(["on_the_way", "started", "done"]);
  expect(found.reports).toHaveLength(1);
  expect(found.reports[0]).toMatchObject({ signed_name: CUSTOMER, photos: [expect.any(String)], signature_upload: expect.any(String) });
  expect(found.payments.map((p) => ({ amount: Number(p.amount_cents), tip: Number(p.tip_cents), method: p.method }))).toEqual([{ amount: 24900, tip: 2000, method: "Card" }]);
  expect(found.ticked).toEqual([STEP]);
  expect(found.photos).toEqual(["before", "after"]);
  expect({ status: found.later, mails: found.laterMails }).toEqual({ status: "scheduled", mails: ["job_confirmed"] });
  console.log(`In the database: events ${found.events.join(", ")}; e-mails to the customer: ${found.mails.join(", ")}`);
  // Booked (before the test), then one of each: On My Way, the condition report's PDF, the receipt.
  expect(found.mails).toEqual(["invoice_receipt", "job_condition_report", "job_confirmed", "job_on_the_way"]);
});
