import { test as base, expect } from "@playwright/test";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

export const ADMIN_EMAIL = "owner@example.com";

interface WorkerFixtures {
  smtp: SmtpSink;
  app: AppServer;
}

/**
 * One production server per worker, with its own database and a real SMTP
 * server it delivers to. `page.goto("/…")` is relative to it.
 */
export const test = base.extend<{}, WorkerFixtures>({
  smtp: [
    async ({}, use) => {
      const sink = await startSmtpSink();
      await use(sink);
      await sink.stop();
    },
    { scope: "worker" },
  ],
  app: [
    async ({ smtp }, use) => {
      const app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL });
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});

export { expect };
