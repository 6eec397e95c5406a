import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
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
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
    trace: "retain-on-failure",
  },
});
