import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { signInByEmail, startAppServer, type AppServer } from "../helpers/app-server";
import { ADMIN_EMAIL, expect, hydrated, test as base } from "./fixtures";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * This file's server runs on a copy of the build, which the test deletes as a
 * rebuild does: the other files' build stays whole. The copy is inside the
 * project (git ignores build*), where the server bundle finds node_modules.
 */
const test = base.extend<{}, { build: string; app: AppServer }>({
  build: [
    async ({}, use) => {
      const copy = path.join(root, `build-rebuild-test-${process.pid}`);
      cpSync(path.resolve(root, process.env.BUILD_DIR || "build"), copy, { recursive: true });
      await use(copy);
      rmSync(copy, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  app: [
    async ({ smtp, build }, use) => {
      const app = await startAppServer({ BUILD_DIR: build, SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

// Issue 17: while the machine was busy, /admin/tokens and /admin/api loaded
// directly showed without their stylesheet and scripts. It was busy building:
// `react-router build` (which npm start, npm test and npm run bench run first)
// deletes the whole build directory and writes the browser's files again about
// half a minute later, while a server started on it goes on rendering pages
// that name them (server/client-files.ts).
test("a dashboard page loaded while the build directory is being rebuilt has its stylesheet and scripts", async ({ app, build, smtp, page }) => {
  // Signed in without loading a page, so the browser has no file of the build in its cache.
  const cookie = await signInByEmail(app, smtp, ADMIN_EMAIL);
  await page.context().addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: app.url };
    }),
  );
  const failed: string[] = [];
  page.on("response", (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));

  // What the build does first (cleanBuildDirectory in @react-router/dev).
  rmSync(build, { recursive: true, force: true });

  for (const pathname of ["/admin/tokens", "/admin/api"]) {
    await page.goto(pathname);
    // The dashboard's stylesheet applies: the tabs stand apart (gap-x-6) instead of running together.
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toHaveCSS("column-gap", "24px");
    await hydrated(page);
  }
  expect(failed).toEqual([]);
});
