import path from "node:path";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { allowConsoleError, expect, hydrated, test } from "./fixtures";

// The 500 page shows the request's id for the customer to quote
// (docs/decisions/0120), and keeps it once the page has hydrated: the browser
// has no id of its own for the request. The fault is preloaded from outside
// the app, as in tests/integration/logs.test.ts: after SIGUSR2 every query on
// the care guides fails.
const PRELOAD = path.resolve(import.meta.dirname, "../helpers/query-fault-on-signal.mjs");

let faulty: AppServer;
test.beforeAll(async () => {
  // A server of its own starts an embedded database: tens of seconds on a busy machine.
  test.setTimeout(120_000);
  faulty = await startAppServer({ NODE_OPTIONS: `--import=${PRELOAD}` });
  faulty.process.kill("SIGUSR2");
});
test.afterAll(async () => {
  await faulty?.stop();
});

test("the 500 page shows the id of the request's log lines, before and after hydration", async ({ page }) => {
  test.setTimeout(120_000);
  allowConsoleError(/status of 500 \(Internal Server Error\)/);
  const answer = await page.goto(`${faulty.url}/care-guides`);
  expect(answer!.status()).toBe(500);
  const id = answer!.headers()["x-request-id"]!;
  expect(id).toMatch(/^[0-9a-z]{10}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page.getByText(`If you call us, quote this id: ${id}`)).toBeVisible();
  await hydrated(page);
  await expect(page.getByText(`If you call us, quote this id: ${id}`)).toBeVisible();
  expect(faulty.logLines().filter((line) => line.requestId === id && line.msg === "unexpected error")).toHaveLength(1);
});
