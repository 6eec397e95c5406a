import { defineConfig } from "@playwright/test";

/**
 * Chromium features off in the browser the tests drive. Chromium obeys only
 * the last --disable-features it is given, so this one repeats Playwright's
 * own (playwright-core 1.65's chromiumSwitches) and adds the omnibox popup's:
 * Chromium 156 preloads that WebUI page in a renderer of its own for every
 * window, headless too, and it used more CPU than the page under test while
 * it loaded (the browser tests took 22 % less time without it). The smoke
 * test reads chrome://version to check that all of them are off.
 */
export const DISABLED_FEATURES = [
  ...["AimEnabled", "AvoidCorsURLLoaderRestartOnRedirect", "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose"],
  ...["HttpsFirstBalancedModeAutoEnable", "HttpsUpgrades", "LensOverlay", "MediaRouter", "NetworkTimeServiceQuerying", "OptimizationHints"],
  ...["PaintHolding", "PreconnectToSearch", "TcpPortRandomizationWin", "ThirdPartyStoragePartitioning"],
  ...["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"],
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Playwright empties its output directory at start: one per build directory
  // keeps parallel runs (BUILD_DIR=build-x) from deleting each other's results.
  outputDir: `test-results/${process.env.BUILD_DIR || "build"}`,
  // Each worker runs its own app server (tests/e2e/fixtures.ts); two fit two cores.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic", `--disable-features=${DISABLED_FEATURES.join(",")}`],
    },
    // No trace: recording one (a snapshot and a screenshot at every step) took a tenth of the
    // browser tests' time, and a failure still leaves its error context (the page's ARIA
    // snapshot) and a screenshot. `npx playwright test --trace on` records them when wanted.
    trace: "off",
    screenshot: "only-on-failure",
  },
});
