import sharp from "sharp";
import { exifTags } from "../helpers/private-photo";
import { axeClean, expectNoSeriousViolations } from "./axe";
import { createRows, marker, quoteRequest } from "./admin-helpers";
import type { Page } from "@playwright/test";
import { ADMIN_EMAIL, expect, expectNoScripts, expectNoSidewaysScroll, hydrated, signIn, test, watchConsole } from "./fixtures";

/*
 * Issue 36's checklist and before and after photos on a phone (390 px), with
 * JavaScript: the owner schedules a job from a lead and presses Start Job
 * (the field work is done between Start Job and Finish Job), gives it a
 * package's checklist, ticks a step and saves it (with who and when),
 * uploads a before and an after photo taken by a "camera" bigger than the
 * browser may send (the file stored is at most 2,000 px: the browser made it
 * smaller), and finishes the job; the customer's appointment page (no
 * JavaScript) shows the photos; the owner publishes the pair to the gallery
 * with the customer's consent. Without JavaScript the same forms post as
 * they are. axe clean.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The business's day (America/Detroit) `days` from today, YYYY-MM-DD. */
function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Detroit", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A phone camera's photo: 3000x2250, noisy enough to weigh ~3 MB, with a GPS position in its EXIF. */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const width = 3000;
  const height = 2250;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = ((i % (width * 3)) * 200) / (width * 3) + (state % 55);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "42/1 57/1 3000/100", GPSLongitudeRef: "W", GPSLongitude: "85/1 40/1 1200/100" } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Start Job on the job's page: its checklist and photos forms show until Finish Job. */
async function startJob(page: Page) {
  await expect(page.getByRole("button", { name: "Upload Before Photos" })).toHaveCount(0);
  await page.getByRole("button", { name: "Start Job" }).click();
  await expect(page.getByRole("status").first()).toContainText("Job started");
}

test("tick a step, upload before and after photos made smaller in the browser, finish, the customer sees them, publish with consent", async ({ page, browser, smtp }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
  const name = `Field ${marker("f")}`;
  const email = `${marker("field")}@example.com`;
  const [lead] = await createRows(page, "quote_requests", [quoteRequest(name, { email, service_address: "12 Main St, Grand Rapids, MI" })]);

  // A job from the lead, far enough ahead to be nobody else's time.
  await page.goto(`/admin/jobs/new?lead=${lead!.id}`);
  await hydrated(page);
  await page.getByLabel("Date").fill(businessDay(120 + Math.floor(Math.random() * 200)));
  await page.getByLabel("Start Time").fill("07:00");
  await page.getByRole("button", { name: "Save Job" }).click();
  await expect(page).toHaveURL(/\/admin\/jobs\/\d+(\?.*)?$/);
  const jobUrl = new URL(page.url()).pathname;
  const confirmation = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Appointment confirmed:"));
  const appointment = /\/appointments\/[A-Za-z0-9_-]+/.exec(confirmation.text)![0];

  await hydrated(page);
  await startJob(page);
  // No package, so no checklist: the owner gives it the Full Detail's.
  const checklist = page.getByRole("region", { name: "Checklist" });
  await expect(checklist).toContainText("There is no checklist for this job");
  await hydrated(page);
  await checklist.getByLabel("Package").selectOption({ label: "Full Detail" });
  await checklist.getByRole("button", { name: "Use This Checklist" }).click();
  const first = checklist.getByRole("checkbox", { name: "Walk around the vehicle with the customer" });
  await expect(first).toBeVisible();
  await hydrated(page);
  await first.check();
  await checklist.getByRole("button", { name: "Save Checklist" }).click();
  await expect(page.getByRole("status").first()).toContainText("Checklist saved.");
  await expect(checklist.getByText(`Done by ${ADMIN_EMAIL}`)).toBeVisible();
  await expect(checklist).toContainText("1 of 10 done");
  await axeClean(page);
  await expectNoSidewaysScroll(page);
  // Saved: a new page still has it.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("checkbox", { name: "Walk around the vehicle with the customer" })).toBeChecked();

  // A before and an after photo, each 3000 px wide as the camera took it.
  for (const [kind, seed] of [
    ["Before", 7],
    ["After", 11],
  ] as const) {
    const photo = await cameraPhoto(seed);
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const field = page.getByLabel(`${kind} Photos`, { exact: true });
    await expect(field).toHaveAttribute("capture", "environment");
    await field.setInputFiles({ name: `IMG_${seed}.jpg`, mimeType: "image/jpeg", buffer: photo });
    // The browser puts the smaller photo in the field in place of the camera's.
    await expect.poll(() => field.evaluate((input) => (input as HTMLInputElement).files?.[0]?.size ?? 0), { timeout: 30_000 }).toBeLessThanOrEqual(1024 * 1024);
    await page.getByRole("button", { name: `Upload ${kind} Photos` }).click();
    await expect(page.getByRole("status").first()).toContainText("Photos uploaded.", { timeout: 30_000 });
    await expect(page.getByRole("img", { name: new RegExp(`^${kind} photo 1 of 1, taken by ${ADMIN_EMAIL}`) })).toBeVisible();
  }
  // What was stored is what the browser sent: at most 2,000 px and about 1 MB, without the location.
  const originals = await page.getByRole("link").filter({ has: page.getByRole("img", { name: /photo 1 of 1/ }) }).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  expect(originals).toHaveLength(2);
  for (const url of originals) {
    const bytes = await (await page.request.get(url)).body();
    const meta = await sharp(bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2000);
    expect(bytes.length).toBeLessThanOrEqual(1.1 * 1024 * 1024);
    // No EXIF beyond the orientation: no GPS block.
    expect(meta.exif ? exifTags(meta.exif).filter((tag) => tag !== 0x0112) : []).toEqual([]);
  }
  await axeClean(page);
  await expectNoSidewaysScroll(page);

  // Before it is done, the customer sees no photos.
  // The customer's page ships no script (checked below): axe, injected, runs on it all the same.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  watchConsole(customer);
  const customerPage = await customer.newPage();
  await customerPage.goto(appointment);
  await expect(customerPage.getByRole("heading", { name: "Your appointment" })).toBeVisible();
  await expect(customerPage.getByRole("heading", { name: "Before Photos" })).toHaveCount(0);

  // Finish Job, with the customer's sign-off.
  await hydrated(page);
  await page.getByLabel("Customer Sign-off").fill("Field Customer");
  await page.getByRole("button", { name: "Finish Job" }).click();
  await expect(page.getByRole("status").first()).toContainText("Job finished and signed off");
  // Finished: what was done stays, the forms go.
  await expect(page.getByRole("button", { name: "Upload Before Photos" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save Checklist" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Checklist" })).toContainText("Walk around the vehicle with the customer");

  // The customer's page now shows them, without a script.
  await customerPage.goto(appointment);
  for (const kind of ["Before", "After"]) {
    await expect(customerPage.getByRole("heading", { name: `${kind} Photos` })).toBeVisible();
    const image = customerPage.getByRole("img", { name: `${kind} photo 1 of 1` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expectNoScripts(customerPage);
  await expectNoSeriousViolations(customerPage);
  await expectNoSidewaysScroll(customerPage);
  await customer.close();

  // Publish to Gallery: refused without the consent, published with it.
  await page.goto(jobUrl);
  await hydrated(page);
  const caption = `Driveway detail ${marker("g")}`;
  await page.getByLabel("Caption").fill(caption);
  await page.getByRole("button", { name: "Publish to Gallery" }).click();
  await expect(page.getByText(/^Tick “Customer agrees to share these photos” to publish them/)).toBeVisible();
  await hydrated(page);
  await page.getByRole("checkbox", { name: "Customer agrees to share these photos" }).check();
  await page.getByRole("button", { name: "Publish to Gallery" }).click();
  await expect(page.getByRole("status").first()).toContainText("Published: the pair now shows in the gallery.");
  await expect(page.getByText(`the customer's consent recorded by ${ADMIN_EMAIL}`)).toBeVisible();
  await axeClean(page);
  await expectNoSidewaysScroll(page);

  await page.goto("/gallery");
  await expect(page.getByText(caption)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Start Job, Save Checklist saves the ticks, Upload sends the original, which the server takes and shows by a small copy", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/leads" });
    const name = `Plain ${marker("f")}`;
    const [lead] = await createRows(page, "quote_requests", [quoteRequest(name, { service_address: "3 Oak Ave, Grand Rapids, MI" })]);
    await page.goto(`/admin/jobs/new?lead=${lead!.id}`);
    await page.getByLabel("Date").fill(businessDay(120 + Math.floor(Math.random() * 200)));
    await page.getByLabel("Start Time").fill("06:00");
    await page.getByRole("button", { name: "Save Job" }).click();
    await expect(page).toHaveURL(/\/admin\/jobs\/\d+(\?.*)?$/);
    await startJob(page);

    const checklist = page.getByRole("region", { name: "Checklist" });
    await checklist.getByLabel("Package").selectOption({ label: "Interior Detail" });
    await checklist.getByRole("button", { name: "Use This Checklist" }).click();
    await page.getByRole("checkbox", { name: "Remove floor mats and personal items" }).check();
    await page.getByRole("checkbox", { name: "Vacuum seats, carpets and trunk" }).check();
    await page.getByRole("button", { name: "Save Checklist" }).click();
    await expect(page.getByRole("status").first()).toContainText("Checklist saved.");
    await expect(page.getByRole("region", { name: "Checklist" })).toContainText("2 of 7 done");
    await expect(page.getByText(`Done by ${ADMIN_EMAIL}`)).toHaveCount(2);

    const photo = await cameraPhoto(3);
    await page.getByLabel("Before Photos", { exact: true }).setInputFiles({ name: "IMG_3.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Upload Before Photos" }).click();
    await expect(page.getByRole("status").first()).toContainText("Photos uploaded.");
    const thumb = page.getByRole("img", { name: new RegExp(`^Before photo 1 of 1, taken by ${ADMIN_EMAIL}`) });
    await expect(thumb).toBeVisible();
    // The original as sent (its location taken out), shown by a copy the server made.
    const src = await thumb.getAttribute("src");
    expect(src).toMatch(/-\d+w\.webp$/);
    const copy = await sharp(await (await page.request.get(src!)).body()).metadata();
    expect(copy.width).toBeLessThanOrEqual(640);
    // A file that is not a photo: refused by name, beside the field.
    await page.getByLabel("After Photos", { exact: true }).setInputFiles({ name: "notes.txt", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
    await page.getByRole("button", { name: "Upload After Photos" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "notes.txt: This file is not an image" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
