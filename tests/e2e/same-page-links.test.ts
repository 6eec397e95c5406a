import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/*
 * Every link to a part of the same page (a section of `/`, the skip link)
 * brings its target into view and leaves every section of the page in place;
 * so do links from another page to a home section (a client-side navigation
 * to `/`), and back and forward after them. With JavaScript and without, at a
 * desktop's and a phone's width. (Issue 17: the home page once lost everything
 * below the services after `Learn More`.)
 */

// Independent tests: spread over the workers.
test.describe.configure({ mode: "parallel" });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

interface SameDocumentLink {
  href: string;
  text: string;
  /** Which of the links with this href and text (the header's and the phone menu's are alike). */
  nth: number;
  target: string;
}

/** The links on the page whose target is an element of this document, in document order. */
function sameDocumentLinks(page: Page): Promise<SameDocumentLink[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    const links: SameDocumentLink[] = [];
    for (const a of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      const url = new URL(a.href);
      if (url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search || !url.hash) continue;
      const href = a.getAttribute("href")!;
      const text = (a.textContent ?? "").trim().replace(/\s+/g, " ");
      const nth = seen.get(`${href} ${text}`) ?? 0;
      seen.set(`${href} ${text}`, nth + 1);
      links.push({ href, text, nth, target: decodeURIComponent(url.hash.slice(1)) });
    }
    return links;
  });
}

function linkLocator(page: Page, link: Pick<SameDocumentLink, "href" | "text" | "nth">) {
  const exactText = new RegExp(`^\\s*${link.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
  return page.locator(`a[href="${link.href}"]`).filter({ hasText: exactText }).nth(link.nth);
}

/**
 * Clicks the link as a visitor would: in the phone menu, after opening it;
 * a link shown only on focus (the skip link), from the keyboard. False when
 * the link is not shown at this width at all (the desktop bar on a phone).
 */
async function activate(page: Page, link: SameDocumentLink): Promise<boolean> {
  const locator = linkLocator(page, link);
  if (!(await shown(locator)) && (await locator.evaluate((a) => !!a.closest("#mobile-menu")))) {
    const toggle = page.locator("header").getByRole("button", { name: "Open menu" }).or(page.locator("header summary"));
    if (await toggle.isVisible()) await toggle.click();
  }
  if (await shown(locator)) {
    await locator.click();
    return true;
  }
  await locator.focus();
  if (!(await shown(locator))) return false;
  await page.keyboard.press("Enter");
  return true;
}

/** Shown to a sighted visitor: visible, and on top where it is (a screen-reader-only element is clipped away). */
async function shown(locator: Locator): Promise<boolean> {
  if (!(await locator.isVisible())) return false;
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((a) => {
    const { x, y, width, height } = a.getBoundingClientRect();
    const top = document.elementFromPoint(x + width / 2, y + height / 2);
    return !!top && a.contains(top);
  });
}

/** The ids of the page's sections, and how tall the page is. */
function pageShape(page: Page) {
  return page.evaluate(() => ({
    sections: [...document.querySelectorAll("main section[id]")].map((s) => s.id),
    height: document.documentElement.scrollHeight,
  }));
}

/** Every section of `shape` is still there, and the page is (nearly) as tall as it was. */
async function expectWhole(page: Page, shape: { sections: string[]; height: number }) {
  await expect.poll(async () => (await pageShape(page)).sections).toEqual(shape.sections);
  expect((await pageShape(page)).height).toBeGreaterThan(shape.height * 0.9);
}

/** The target's top is in the upper half of the screen, below the fixed header (or the page cannot scroll further). */
async function expectInView(page: Page, id: string) {
  await expect
    .poll(
      () =>
        page.evaluate((id) => {
          const target = document.getElementById(id);
          if (!target) return `#${id} is missing`;
          const { top, bottom } = target.getBoundingClientRect();
          const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
          return (top > -2 || (id === "main" && bottom > window.innerHeight)) && (top < window.innerHeight / 2 || atEnd) && bottom > 0
            ? "in view"
            : `#${id} at ${Math.round(top)} px`;
        }, id),
      { message: `#${id} in view` },
    )
    .toBe("in view");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`same-page links, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const viewport of VIEWPORTS) {
      test.describe(`at ${viewport.width} px`, () => {
        test.use({ viewport });

        for (const path of ["/", "/about", "/gallery"]) {
          test(`every link to a part of ${path} brings it into view and keeps every section`, async ({ page }) => {
            // The home page has some thirty such links, each clicked and waited for: more than the usual budget on a busy machine.
            if (path === "/") test.setTimeout(120_000);
            await page.goto(path);
            await hydrated(page);
            const shape = await pageShape(page);
            const links = await sameDocumentLinks(page);
            let clicked = 0;
            for (const link of links) {
              if (!(await activate(page, link))) continue;
              clicked++;
              await expectWhole(page, shape);
              await expectInView(page, link.target);
            }
            // The home page: header, phone menu, hero, services, FAQ and footer links; every page: the skip link.
            expect(clicked).toBeGreaterThanOrEqual(path === "/" ? 10 : 1);
          });
        }

        for (const from of ["/about", "/gallery"]) {
          test(`the header's section links on ${from} open the whole home page at the section; back and forward keep it`, async ({ page }) => {
            await page.goto("/");
            await hydrated(page);
            const home = await pageShape(page);
            for (const link of [
              { href: "/#services", text: "Services" },
              { href: "/#contact", text: "Contact" },
              { href: "/#boat-services", text: "Boats" },
            ]) {
              await page.goto(from);
              await hydrated(page);
              const shown = (await linkLocator(page, { ...link, nth: 0 }).isVisible()) ? 0 : 1;
              const target = link.href.slice(2);
              expect(await activate(page, { ...link, nth: shown, target })).toBe(true);
              await expect(page).toHaveURL(new RegExp(`/#${target}$`));
              await expectWhole(page, home);
              await expectInView(page, target);

              await page.goBack();
              await expect(page).toHaveURL(new RegExp(`${from}$`));
              await expect(page.locator("main h1")).toBeVisible();
              await page.goForward();
              await expect(page).toHaveURL(new RegExp(`/#${target}$`));
              await expectWhole(page, home);
              await expectInView(page, target);
            }
          });
        }
      });
    }
  });
}
