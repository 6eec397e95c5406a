import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { expect, hydrated, test } from "./fixtures";
import { seedBusiness } from "../helpers/seed-business";

// The first-start settings.
const business = seedBusiness;

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Resolves once the section's top edge rests just below the fixed header. */
async function expectScrolledTo(page: Page, id: string) {
  await expect
    .poll(() => page.evaluate((id) => Math.round(document.getElementById(id)?.getBoundingClientRect().top ?? -9999), id), {
      message: `#${id} should be scrolled to the top of the viewport`,
    })
    .toBeGreaterThanOrEqual(-2);
  await expect
    .poll(() => page.evaluate((id) => Math.round(document.getElementById(id)?.getBoundingClientRect().top ?? -9999), id))
    .toBeLessThanOrEqual(90);
}

/** A marker that survives client-side navigation but not a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as any).__sameDocument = true));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as any).__sameDocument === true);


test.describe("home page", () => {
  test("has header, the sections in the spec's order, each with its id and heading, and the footer", async ({ page }) => {
    await page.goto("/");
    const order = await page.evaluate(() =>
      [...document.querySelectorAll("body > header, main > section, body > footer")].map((el) =>
        el.tagName === "SECTION" ? `#${el.id}` : el.tagName.toLowerCase(),
      ),
    );
    expect(order).toEqual(["header", "#hero", "#services", "#car-services", "#boat-services", "#gallery", "#testimonials", "#faq", "#contact", "footer"]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const headings: Record<string, string> = {
      hero: "Showroom shine for your car & boat, delivered to you",
      services: "Our Services",
      "car-services": "Car Detailing Services",
      "boat-services": "Boat Detailing Services",
      gallery: "Before & After",
      testimonials: "What Our Customers Say",
      faq: "Frequently Asked Questions",
      contact: "Get Your Free Quote",
    };
    for (const [id, heading] of Object.entries(headings)) {
      const section = page.locator(`section#${id}`);
      await expect(section.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      // The section is labelled by its heading for landmark navigation.
      await expect(page.getByRole("region", { name: heading, exact: true })).toHaveAttribute("id", id);
    }
    await expect(page.locator("header nav[aria-label='Main']")).toHaveCount(1);
    await expect(page.locator("main#main")).toHaveCount(1);
  });

  test("lists the spec's car and boat services", async ({ page }) => {
    await page.goto("/");
    const car = page.locator("#car-services h3");
    await expect(car).toHaveText([
      "Complete Interior & Exterior Detailing",
      "Professional Paint Corrections",
      "Premium Ceramic Coating Application",
      "Headlight Restoration",
      "Engine Bay Detailing",
    ]);
    await expect(page.locator("#boat-services h3")).toHaveText([
      "Complete Hull & Deck Cleaning",
      "Professional Wash & Wax",
      "Interior Cabin Detailing",
      "Oxidation Removal & Restoration",
      "Marine-Grade Ceramic Coating",
      "Gel Coat Polishing & Protection",
      "Vinyl & Upholstery Cleaning",
    ]);
  });

  test("hero calls to action all lead to the contact section", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const hero = page.locator("#hero");
    await expect(hero.getByRole("link", { name: "Get a Quote" })).toHaveAttribute("href", "/#contact");
    // The quote form in the contact section, its Vehicle Type filled in (quote-vehicle-links.test.ts).
    await expect(hero.getByRole("link", { name: "Quote My Car" })).toHaveAttribute("href", "/?vehicle_type=Car#quote-request");
    await expect(hero.getByRole("link", { name: "Quote My Boat" })).toHaveAttribute("href", "/?vehicle_type=Boat#quote-request");
    await markDocument(page);
    await hero.getByRole("link", { name: "Quote My Boat" }).click();
    // The form sits below the fixed header (its scroll margin: 96 px on a desktop).
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("quote-request")!.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(-2);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("quote-request")!.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(120);
    expect(await sameDocument(page)).toBe(true);
  });

  test("the navigation bar is fixed, transparent at the top and dark and blurred past 50 px", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const header = page.locator("body > header").first();
    await expect(header).toHaveCSS("position", "fixed");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");

    await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveClass(/backdrop-blur/);
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain("blur");
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");

    // The threshold, each side of it reached from the other, so every check waits for a change.
    await page.evaluate(() => window.scrollTo({ top: 40, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo({ top: 51, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await page.evaluate(() => window.scrollTo({ top: 50, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("on the home page, nav items scroll smoothly to their sections without leaving the page", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const nav = mainNav(page);
    for (const [name, id] of [["Services", "services"], ["Cars", "car-services"], ["Boats", "boat-services"], ["Contact", "contact"]]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/#${id}`);
    }
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("href", "/about");
    await markDocument(page);
    await nav.getByRole("link", { name: "Boats", exact: true }).click();
    // Smooth: the page is still on its way a moment after the click.
    const early = await page.evaluate(() => window.scrollY);
    await expectScrolledTo(page, "boat-services");
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(early);
    await nav.getByRole("link", { name: "Services", exact: true }).click();
    await expectScrolledTo(page, "services");
    await nav.getByRole("link", { name: "Get a Quote" }).click();
    await expectScrolledTo(page, "contact");
    expect(await sameDocument(page)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("'Learn More' on each service card scrolls to its service list", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const cards = page.locator("#services article");
    await cards.filter({ hasText: "Automotive Detailing" }).getByRole("link", { name: "Learn More" }).click();
    await expectScrolledTo(page, "car-services");
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await cards.filter({ hasText: "Marine Detailing" }).getByRole("link", { name: "Learn More" }).click();
    await expectScrolledTo(page, "boat-services");
  });

  test("arriving with a hash scrolls to its section", async ({ page }) => {
    await page.goto("/#faq");
    await expectScrolledTo(page, "faq");
  });

  test("arriving with a scroll position in the navigation state goes back to it", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    // A history entry for / carrying { scrollY } as React Router stores navigation state, then back to it.
    await page.evaluate(() => {
      window.history.pushState({ usr: { scrollY: 1200 }, key: "withscroll", idx: 1 }, "", "/");
      window.history.pushState({ usr: null, key: "about2", idx: 2 }, "", "/about");
      window.history.back();
    });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("#hero")).toBeAttached();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
  });

  test("testimonials: the three seeded articles, each rated N out of 5 with N filled stars", async ({ page }) => {
    await page.goto("/");
    const articles = page.locator("#testimonials article");
    // The worker's server is shared with the admin tests, which may have added
    // testimonials by now; the seed's exact three are counted in tests/integration/seed.test.ts.
    for (const name of ["Sarah M.", "Mike T.", "Jennifer L."]) {
      await expect(articles.filter({ hasText: name })).toHaveCount(1);
    }
    for (const service of ["Headlight & Scratch Restoration", "Full Vehicle Detail", "Convenient Service"]) {
      await expect(page.locator("#testimonials")).toContainText(service);
    }
    for (const article of await articles.all()) {
      const rating = article.getByRole("img", { name: /^Rated \d out of 5$/ });
      await expect(rating).toHaveCount(1);
      const n = Number((await rating.getAttribute("aria-label"))!.match(/Rated (\d)/)![1]);
      expect(n).toBeGreaterThanOrEqual(1);
      await expect(rating.locator("svg[data-filled='true']")).toHaveCount(n);
      await expect(rating.locator("svg")).toHaveCount(5);
      await expect(article.locator("blockquote")).not.toBeEmpty();
    }
  });

  test("FAQ: five category headings (and the closing box's), questions open independently, by mouse and keyboard", async ({ page }) => {
    await page.goto("/");
    const faq = page.locator("#faq");
    await expect(faq.getByRole("heading", { level: 3 })).toHaveText([
      "General Questions",
      "Car Detailing",
      "Boat Detailing",
      "Pricing & Scheduling",
      "Aftercare",
      // The call to action's box below the questions.
      "Still have questions?",
    ]);
    const q1 = faq.locator("details").filter({ hasText: "How long does a car detail take?" });
    const q2 = faq.locator("details").filter({ hasText: "What payment methods do you accept?" });
    await expect(q1.getByText("2-6 hours")).toBeHidden();
    await q1.locator("summary").click();
    await q2.locator("summary").click();
    await expect(q1).toHaveAttribute("open", "");
    await expect(q2).toHaveAttribute("open", "");
    await expect(q1.getByText("2-6 hours")).toBeVisible();
    await expect(q2.getByText("cash and cards")).toBeVisible();
    await q1.locator("summary").click();
    await expect(q1).not.toHaveAttribute("open");
    await expect(q2).toHaveAttribute("open", "");

    // Keyboard: the question is focusable and toggles with Enter and Space.
    const q3 = faq.locator("details").filter({ hasText: "What is your cancellation policy?" });
    await q3.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(q3).toHaveAttribute("open", "");
    await expect(q3.getByText("24 hours' notice")).toBeVisible();
    await page.keyboard.press(" ");
    await expect(q3).not.toHaveAttribute("open");
  });

  test("FAQ answers come from markdown as safe HTML, and 'Get Your Free Quote' leads to the contact section", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const booking = page.locator("#faq details").filter({ hasText: "How do I book an appointment?" });
    await booking.locator("summary").click();
    await expect(booking.getByRole("link", { name: business.phone })).toHaveAttribute("href", `tel:${business.phoneE164}`);
    // The seeded answer names the settings' {phone} and {email}: links to the current ones (app/server/placeholders.server.ts).
    await expect(booking.getByRole("link", { name: business.email })).toHaveAttribute("href", `mailto:${business.email}`);
    const cta = page.locator("#faq").getByRole("link", { name: "Get Your Free Quote" });
    await expect(cta).toHaveAttribute("href", "/#contact");
    await cta.click();
    await expectScrolledTo(page, "contact");
  });

  test("the contact section holds the business's phone and e-mail and the quote form", async ({ page }) => {
    await page.goto("/");
    const contact = page.locator("#contact");
    await expect(contact.getByRole("link", { name: business.phone })).toHaveAttribute("href", `tel:${business.phoneE164}`);
    await expect(contact.getByRole("link", { name: business.email })).toHaveAttribute("href", `mailto:${business.email}`);
    await expect(contact.getByRole("form", { name: "Request a free quote" })).toBeVisible();
  });

  test("footer: logo, tagline, phone, e-mail, service area, Facebook in a new tab, current year, credit", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("body > footer").first();
    await expect(footer).toContainText(business.shortName);
    await expect(footer).toContainText(business.tagline);
    await expect(footer.getByRole("link", { name: business.phone })).toHaveAttribute("href", `tel:${business.phoneE164}`);
    await expect(footer.getByRole("link", { name: business.email })).toHaveAttribute("href", `mailto:${business.email}`);
    await expect(footer).toContainText(business.serviceArea);
    const facebook = footer.getByRole("link", { name: /Facebook/ });
    await expect(facebook).toHaveAttribute("href", business.facebookUrl);
    await expect(facebook).toHaveAttribute("target", "_blank");
    await expect(facebook).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${business.name}`);
    await expect(footer.getByRole("link", { name: business.credit.label })).toHaveAttribute("href", business.credit.url);
    const explore = page.getByRole("navigation", { name: "Footer" });
    await expect(explore.getByRole("link", { name: "Gallery", exact: true })).toHaveAttribute("href", "/gallery");
    await expect(explore.getByRole("link", { name: "Care Guides", exact: true })).toHaveAttribute("href", "/care-guides");
    await hydrated(page);
    await explore.getByRole("link", { name: "Gallery", exact: true }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a skip link is the first stop for the keyboard and moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });
});

test.describe("mobile navigation", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu opens and closes with its toggle, and choosing an item closes it", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const nav = mainNav(page);
    const toggle = nav.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Boats", exact: true })).toBeHidden();

    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#mobile-menu");
    for (const name of ["Services", "Cars", "Boats", "About", "Contact", "Get a Quote"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await close.click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Boats", exact: true }).click();
    await expect(menu).toBeHidden();
    await expectScrolledTo(page, "boat-services");

    // Escape closes it too, with the keyboard.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("choosing About in the menu goes to /about with the menu closed", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { name: "About Us", level: 1 })).toBeVisible();
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });
});

test.describe("about page", () => {
  test("tells the founder's story and ends with a call to action", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle(/About Us/);
    await expect(page.getByRole("heading", { name: "About Us", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Meet ${business.founder}` })).toBeVisible();
    const story = page.locator("main");
    await expect(story).toContainText("Unhappy with car washes");
    await expect(story).toContainText("researches every chemical");
    await expect(story).toContainText("keeps studying");
    await expect(page.getByRole("heading", { name: "Ready to Experience the Difference?" })).toBeVisible();
  });

  test("'Get My Free Quote' goes to the home page's contact section", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    const cta = page.getByRole("link", { name: "Get My Free Quote" });
    await expect(cta).toHaveAttribute("href", "/#contact");
    await markDocument(page);
    await cta.click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expectScrolledTo(page, "contact");
    expect(await sameDocument(page)).toBe(true);
  });

  test("nav anchors go to the home page with the anchor in the hash", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    await mainNav(page).getByRole("link", { name: "Cars", exact: true }).click();
    await expect(page).toHaveURL(/\/#car-services$/);
    await expectScrolledTo(page, "car-services");
    await mainNav(page).getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("links, the FAQ and the About call to action still work", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("link", { name: "Get My Free Quote" }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expectScrolledTo(page, "contact");
    const q = page.locator("#faq details").first();
    await q.locator("summary").click();
    await expect(q).toHaveAttribute("open", "");
    await page.locator("body > footer").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe("search engines", () => {
  test("each page has its title, description, canonical URL and Open Graph tags", async ({ page, baseURL }) => {
    for (const [path, title] of [["/", /Mobile Car & Boat Detailing/], ["/about", /About Us/]] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      const head = page.locator("head");
      await expect(head.locator("meta[name='description']")).toHaveAttribute("content", /.{50,}/);
      await expect(head.locator("link[rel='canonical']")).toHaveAttribute("href", `${baseURL}${path}`);
      await expect(head.locator("meta[property='og:url']")).toHaveAttribute("content", `${baseURL}${path}`);
      await expect(head.locator("meta[property='og:title']")).toHaveAttribute("content", title);
      await expect(head.locator("meta[property='og:type']")).toHaveAttribute("content", "website");
    }
  });

  test("the home page carries AutoWash structured data in a nonce'd script", async ({ request }) => {
    const res = await request.get("/");
    const nonce = res.headers()["content-security-policy"]!.match(/'nonce-([^']+)'/)![1];
    const html = await res.text();
    const match = html.match(/<script type="application\/ld\+json" nonce="([^"]+)">([\s\S]*?)<\/script>/);
    expect(match, "JSON-LD script").not.toBeNull();
    expect(match![1]).toBe(nonce);
    const data = JSON.parse(match![2]!);
    expect(data["@type"]).toBe("AutoWash");
    expect(data.telephone).toBe(business.phoneE164);
    expect(data.sameAs).toContain(business.facebookUrl);
    expect(data.address).toMatchObject({ addressLocality: "Grand Rapids", addressRegion: "MI" });
    expect(data.areaServed.length).toBeGreaterThan(0);
  });

  test("robots.txt allows the site, keeps crawlers out of private areas and names the sitemap", async ({ request, baseURL }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/plain");
    const body = await res.text();
    expect(body).toContain("User-agent: *");
    expect(body).toMatch(/^Allow: \/$/m);
    for (const path of ["/admin", "/login", "/api"]) expect(body).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("sitemap.xml lists the public pages by absolute URL", async ({ request, baseURL }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/xml");
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // Other public pages (the gallery, each published care guide) follow; care guides are checked in tests/integration/services-care-guides.test.ts.
    expect(locs.slice(0, 2)).toEqual([`${baseURL}/`, `${baseURL}/about`]);
    expect(locs).toContain(`${baseURL}/care-guides`);
    for (const loc of locs) expect(loc!.startsWith(`${baseURL}/`)).toBe(true);
  });
});

test.describe("accessibility", () => {
  for (const path of ["/", "/about"]) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      await expectNoSeriousViolations(page);
    });
  }

  test("the open mobile menu has no serious or critical axe violations", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expectNoSeriousViolations(page, { include: "header" });
  });
});
