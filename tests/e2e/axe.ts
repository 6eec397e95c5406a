import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import axe from "axe-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { scripting } from "./fixtures";

/**
 * axe with the newest axe-core rules (issue 10): the release pinned in
 * package.json (4.14: WCAG 2.5.3's label-content-name-mismatch among the
 * default rules), injected in place of the older one @axe-core/playwright
 * bundles (its newer releases need Node 22), and the experimental rules on too.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
export const AXE_VERSION = axe.version;
const EXPERIMENTAL = axe.getRules(["experimental"]).map((r) => r.ruleId);

export function newestAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page, axeSource: AXE_SOURCE }).options({
    // Only violations in full: passes and the rest keep one node each (the rule still shows as run), a quarter less time a page.
    resultTypes: ["violations"],
    rules: Object.fromEntries(EXPERIMENTAL.map((id) => [id, { enabled: true }])),
  });
}

/** No serious or critical violation, nor a label-in-name mismatch, on the page (or the part `include` selects). */
export async function expectNoSeriousViolations(page: Page, { include, label = page.url() }: { include?: string; label?: string } = {}) {
  // A list fading back in after a navigation (transition-opacity) is read half-transparent:
  // colour contrast is judged on the page at rest, so wait for running CSS transitions to end.
  if (await scripting(page)) await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || (a.effect?.getTiming().iterations ?? 1) === Infinity));
  let builder = newestAxe(page);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  expect(results.testEngine.version, "the newest axe-core ran").toBe(AXE_VERSION);
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id);
  expect(ran, "label-content-name-mismatch must have run").toContain("label-content-name-mismatch");
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === "label-content-name-mismatch");
  expect(bad.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** axe where JavaScript is on (it is injected as script); without it the markup is the same server render, checked already. */
export async function axeClean(page: Page): Promise<void> {
  if (await scripting(page)) await expectNoSeriousViolations(page);
}
