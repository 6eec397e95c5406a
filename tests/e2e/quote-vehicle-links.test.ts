import type { Page } from "@playwright/test";
import { axeClean } from "./axe";
import { expect, hydrated, test, VIEWS } from "./fixtures";

/*
 * Issue 32 (docs/decisions/0102): `Quote My Car` and `Quote My Boat` (the
 * hero's) open the quote form with its
 * Vehicle Type filled in. With JavaScript: on the same page, the field changes
 * and the form comes into view, every section left in place. Without: a plain
 * link to /?vehicle_type=…#quote-request, whose page comes with it filled in.
 */

const vehicleType = (page: Page) => page.getByRole("form", { name: "Request a free quote" }).getByLabel("Vehicle Type");

/**
 * The form's top is in the upper half of the screen, below the fixed header,
 * and the smooth scroll there has ended (the page where the last look found
 * it): the next click must not land while it still runs.
 */
async function expectFormInView(page: Page) {
  let lastY: number | undefined;
  await expect
    .poll(async () => {
      const { top, y, height } = await page.evaluate(() => ({
        top: document.getElementById("quote-request")!.getBoundingClientRect().top,
        y: window.scrollY,
        height: window.innerHeight,
      }));
      const still = y === lastY;
      lastY = y;
      return still && top > -2 && top < height / 2 ? "in view" : `at ${Math.round(top)} px${still ? "" : ", scrolling"}`;
    })
    .toBe("in view");
}

const sections = (page: Page) => page.evaluate(() => [...document.querySelectorAll("main section[id]")].map((s) => s.id));

for (const javaScriptEnabled of [true, false]) {
  for (const view of VIEWS) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}, ${view.name}`, () => {
      test.use({ javaScriptEnabled, viewport: view.viewport });

      test("Quote My Car / Quote My Boat fill in the Vehicle Type and bring the form into view", async ({ page }) => {
        await page.goto("/");
        await hydrated(page);
        const shape = await sections(page);
        await page.evaluate(() => ((window as any).__sameDocument = true));
        const clicks: [string, string, string][] = [
          ["#hero", "Quote My Boat", "Boat"],
          ["#hero", "Quote My Car", "Car"],
        ];
        for (const [section, name, value] of clicks) {
          if (!javaScriptEnabled) await page.goto("/");
          const link = page.locator(section).getByRole("link", { name, exact: true });
          await expect(link).toHaveAttribute("href", `/?vehicle_type=${value}#quote-request`);
          await link.click();
          await expect(vehicleType(page)).toHaveValue(value);
          await expectFormInView(page);
          expect(await sections(page)).toEqual(shape);
          if (javaScriptEnabled) {
            // No new page: the same document, at the same address.
            expect(await page.evaluate(() => (window as any).__sameDocument === true)).toBe(true);
            expect(new URL(page.url()).search).toBe("");
          } else {
            expect(new URL(page.url()).search).toBe(`?vehicle_type=${value}`);
          }
        }
        await axeClean(page);
      });
    });
  }
}

test("a value typed over the filled-in one is what is sent", async ({ page }) => {
  await page.goto("/?vehicle_type=Boat#quote-request");
  await hydrated(page);
  await expect(vehicleType(page)).toHaveValue("Boat");
  await page.locator("#hero").getByRole("link", { name: "Quote My Car", exact: true }).click();
  await expect(vehicleType(page)).toHaveValue("Car");
  await vehicleType(page).fill("2019 Sea Ray");
  await expect(vehicleType(page)).toHaveValue("2019 Sea Ray");
});
