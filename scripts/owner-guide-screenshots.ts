/**
 * npm run docs:screenshots
 *
 * The screenshots of docs/owner-guide.md, taken from the real site: the
 * production server on the build (started as the tests start it,
 * tests/helpers/app-server.ts, with its own in-memory database and a real
 * SMTP server on 127.0.0.1), an administrator signed in through the e-mailed
 * code, a few realistic leads and photos added through the API, and Debian's
 * Chromium at /usr/bin/chromium (CHROMIUM_PATH for another; nothing downloads
 * a browser). Writes docs/owner-guide/*.png at 1280×800 (the lead's page at a
 * phone's 390×844). Fails on any error a page logs.
 */
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import sharp from "sharp";
import { signInByEmail, startAppServer } from "../tests/helpers/app-server";
import { startSmtpSink } from "../tests/helpers/smtp";

const ADMIN_EMAIL = "owner@example.com";
const OUT_DIR = path.resolve(import.meta.dirname, "../docs/owner-guide");
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const LEADS = [
  { name: "Maria Gonzalez", vehicle_type: "Minivan", phone: "6165550142", message: "2019 Odyssey after a road trip with two kids and a dog: sand and crumbs everywhere. Saturday morning if possible." },
  { name: "Dave Kowalski", vehicle_type: "Pontoon boat", phone: "6165550187", message: "22 ft pontoon on Reeds Lake, vinyl seats mildewed and the rails oxidised. Can you come to the dock?" },
  { name: "Priya Natarajan", vehicle_type: "SUV", phone: "6165550119", message: "Leasing return in three weeks: interior shampoo and a polish for light swirls.", status: "contacted" },
  { name: "Tom Berglund", vehicle_type: "Pickup truck", phone: "6165550163", message: "F-150 work truck, full detail plus engine bay.", status: "quoted" },
  { name: "Angela Reyes", vehicle_type: "Car", phone: "6165550171", message: "Ceramic coating on a new Mazda 3 before winter.", status: "booked" },
  { name: "Kevin O'Neill", vehicle_type: "Bass boat", phone: "6165550126", message: "Wax and carpet clean before the tournament season.", status: "completed" },
  { name: "Linda Park", vehicle_type: "Car", phone: "6165550158", message: "Headlight restoration only.", status: "lost", lost_reason: "Went with the dealership's package" },
];

const errors: string[] = [];
const say = (line: string) => process.stderr.write(line + "\n");

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const smtp = await startSmtpSink();
  say("Starting the production server (build/)…");
  const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL }, { withAppUrl: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const cookie = await signInByEmail(app, smtp, ADMIN_EMAIL);
    const desktop = await signedInContext(browser.newContext.bind(browser), app.url, cookie, DESKTOP);
    const page = await desktop.newPage();
    await page.goto("/admin");
    const api = apiOf(page, app.url);

    const leads = await seedLeads(api);
    await seedGallery(api, page, app.url);
    const faqId = await seedFaqHistory(api);
    const spam = await api("POST", "/api/tables/quote_requests", quote("Best SEO Services", { email: "seo@spam.example", vehicle_type: "Car", message: "We can rank your site #1 on Google." }));
    await api("DELETE", `/api/tables/quote_requests/${spam.id}`);

    await shoot(page, "/admin/leads", "01-leads-inbox");

    const phone = await signedInContext(browser.newContext.bind(browser), app.url, cookie, PHONE, true);
    const phonePage = await phone.newPage();
    await phonePage.goto(`/admin/leads/${leads[2]!.id}`);
    await hydrated(phonePage);
    await phonePage.getByRole("textbox", { name: "Add a note" }).fill("Called at 9. Wants the shampoo on the 14th, before the lease inspection on the 16th.");
    await phonePage.getByRole("button", { name: "Add Note" }).click();
    await phonePage.getByText("before the lease inspection").first().waitFor();
    // The whole page, top to bottom: contact links, status, notes and the history with the new note.
    await phonePage.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shoot(phonePage, null, "02-lead-on-a-phone", { fullPage: true });

    await shoot(page, "/admin/settings", "03-business-settings");
    await page.goto("/admin/gallery");
    await hydrated(page);
    // The thumbnails are loaded lazily: wait until each one has arrived.
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll("main img")] as HTMLImageElement[];
      return images.length >= 4 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    await shoot(page, null, "04-gallery");

    await page.goto(`/admin/faqs?edit=${faqId}&history=1`);
    await hydrated(page);
    await page.getByRole("dialog", { name: "History" }).getByRole("listitem").nth(2).waitFor();
    await shoot(page, null, "05-history");

    await shoot(page, "/admin/quote_requests/trash", "06-recently-deleted");

    await page.goto("/admin/faqs/import");
    await hydrated(page);
    await page.getByLabel("CSV file").setInputFiles({ name: "faqs.csv", mimeType: "text/csv", buffer: Buffer.from(FAQ_CSV) });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("main").getByRole("alert").first().waitFor();
    await shoot(page, null, "07-csv-import");

    await page.goto("/admin/tokens");
    await hydrated(page);
    await page.getByLabel("Name").fill("Monthly bookkeeping export");
    await page.getByLabel("Read only").check();
    await page.getByRole("button", { name: "Create Token" }).click();
    await page.getByText("it is shown only this once").waitFor();
    await shoot(page, null, "08-api-tokens");
  } finally {
    await browser.close();
    await app.stop();
    await smtp.stop();
  }
  if (errors.length) throw new Error(`The pages logged errors:\n${errors.join("\n")}`);
}

/** A browser context with the administrator's session cookies, watched for page errors. */
async function signedInContext(
  newContext: (options: object) => Promise<BrowserContext>,
  baseURL: string,
  cookieHeader: string,
  viewport: { width: number; height: number },
  isMobile = false,
): Promise<BrowserContext> {
  const context = await newContext({ baseURL, viewport, isMobile, hasTouch: isMobile, deviceScaleFactor: 1 });
  await context.addCookies(
    cookieHeader.split(/;\s*/).map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: baseURL })),
  );
  context.on("console", (message) => {
    // A 4xx the page asked for and handles (the CSV import's refusal) is no fault.
    if (message.type() === "error" && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  context.on("weberror", (error) => errors.push(`Uncaught: ${String(error.error())}`));
  return context;
}

type Api = (method: string, pathname: string, body?: unknown) => Promise<{ id: number }>;

/** The table API with the page's session (the Origin header passes the same-origin check). */
function apiOf(page: Page, origin: string): Api {
  return async (method, pathname, body) => {
    const response = await page.request.fetch(pathname, { method, headers: { Origin: origin }, ...(body === undefined ? {} : { data: body }) });
    if (!response.ok()) throw new Error(`${method} ${pathname} answered ${response.status()}: ${await response.text()}`);
    return response.status() === 204 ? { id: 0 } : response.json();
  };
}

function quote(name: string, extra: Record<string, unknown>) {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`;
  return { name, email, phone: "6165550100", ...extra };
}

/** The leads in the order they arrived, each moved to its status as the owner would (so the history records it). */
async function seedLeads(api: Api): Promise<{ id: number }[]> {
  const created = [];
  for (const { status, lost_reason, ...lead } of LEADS) {
    const row = await api("POST", "/api/tables/quote_requests", quote(lead.name, lead));
    if (status) await api("PUT", `/api/tables/quote_requests/${row.id}`, { status, ...(lost_reason ? { lost_reason } : {}) });
    created.push(row);
  }
  return created;
}

/** Two before/after pairs with made-up photos (a dull and a glossy gradient), one published. */
async function seedGallery(api: Api, page: Page, origin: string): Promise<void> {
  const photo = (glossy: boolean, hue: [number, number, number]) => {
    const [width, height] = [640, 480];
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const shade = glossy ? 0.6 + 0.4 * Math.sin((x + y) / 90) ** 2 : 0.45 + 0.1 * ((x * y) % 7) / 7;
        hue.forEach((c, i) => (pixels[(y * width + x) * 3 + i] = Math.round(c * shade)));
      }
    return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
  };
  const upload = async (name: string, buffer: Buffer) => {
    const response = await page.request.post("/api/upload/image", { multipart: { file: { name, mimeType: "image/jpeg", buffer } }, headers: { Origin: origin } });
    if (response.status() !== 201) throw new Error(`Upload of ${name} answered ${response.status()}: ${await response.text()}`);
    return ((await response.json()) as { media_url: string }).media_url;
  };
  const pairs = [
    { caption: "Oxidised gel coat restored", service: "Oxidation Removal", kind: "boat", hue: [240, 240, 235], published: true },
    { caption: "Swirl marks polished out", service: "Paint Correction", kind: "car", hue: [150, 20, 30], published: false },
  ] as const;
  for (const [i, pair] of pairs.entries()) {
    const before = await upload(`before-${i}.jpg`, await photo(false, [...pair.hue]));
    const after = await upload(`after-${i}.jpg`, await photo(true, [...pair.hue]));
    await api("POST", "/api/tables/gallery", {
      before_image: before,
      after_image: after,
      caption: pair.caption,
      service: pair.service,
      kind: pair.kind,
      customer_consent: pair.published,
      published: pair.published,
      sort_order: i,
    });
  }
}

/** An FAQ answered three times over, so its History has versions to show. */
async function seedFaqHistory(api: Api): Promise<number> {
  const faq = await api("POST", "/api/tables/faqs", {
    question: "Do you need water and power on site?",
    answer: "Yes, an outdoor tap and a socket.",
    category: "General Questions",
  });
  await api("PUT", `/api/tables/faqs/${faq.id}`, { answer: "No: the van carries its own water tank and generator." });
  await api("PUT", `/api/tables/faqs/${faq.id}`, { answer: "No: the van carries its own water tank and a quiet generator. Call {phone} if parking is tight." });
  return faq.id;
}

// A spreadsheet's FAQ sheet with one mistake: the import refuses all of it and says where.
const FAQ_CSV = [
  "question,answer,category",
  "How long does a full detail take?,About four hours for a car and a day for a boat.,General Questions",
  "Do you clean boat canvas?,Yes: bimini tops and mooring covers.,Not a category",
].join("\n");

async function hydrated(page: Page): Promise<void> {
  // React attaches its fiber to the elements it hydrates; one more frame for effects.
  await page.waitForFunction(() => [...document.body.children].some((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/** Goes to `pathname` (unless null: the page as it is) and saves what the viewport shows. */
async function shoot(page: Page, pathname: string | null, name: string, { fullPage = false } = {}): Promise<void> {
  if (pathname) {
    await page.goto(pathname);
    await hydrated(page);
  }
  const file = path.join(OUT_DIR, `${name}.png`);
  const png = await page.screenshot({ animations: "disabled", caret: "hide", fullPage });
  // A palette PNG: a screen of text and flat colours stays sharp at a fraction of the size.
  await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(file);
  say(`${path.relative(process.cwd(), file)}  ${Math.round(statSync(file).size / 1024)} KB`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    say(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
