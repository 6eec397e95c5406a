import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { startAppServer } from "../helpers/app-server";

// @ci-once: always on the embedded database on disk, whatever TEST_DATABASE_URL says; CI's second pass, on the embedded database, skips it.

async function counts(url: string) {
  const html = await (await fetch(url + "/")).text();
  return { articles: html.match(/<article/g)?.length ?? 0, length: html.length };
}

it("a restart on the same data directory keeps every row and seeds nothing twice", { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-restart-"));
  const first = await startAppServer({}, { dataDir, embeddedOnDisk: true });
  expect(first.output()).toContain("Applied migrations");
  const stored = await fetch(first.url + "/api/forms/submit", {
    method: "POST",
    headers: { "content-type": "application/json", origin: first.url },
    body: JSON.stringify({ formId: "quote_form", name: "Restart Test", email: "r@example.com", phone: "6165550100", vehicle_type: "car", message: "" }),
  });
  expect(stored.status).toBe(200);
  const before = await counts(first.url);
  await first.stop();
  // SIGTERM ends the process cleanly, which closes the embedded database.
  expect(first.process.exitCode).toBe(0);

  const second = await startAppServer({}, { dataDir, embeddedOnDisk: true });
  try {
    expect(second.output()).not.toContain("Applied migrations");
    expect(await counts(second.url)).toEqual(before);
  } finally {
    await second.stop();
  }
  // The quote request of the first run is still there: read it back with the embedded database itself.
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLITE_EXTENSIONS } = await import("../../db/pglite-extensions");
  const pg = new PGlite(path.join(dataDir, "db"), { extensions: PGLITE_EXTENSIONS });
  const rows = await pg.query<{ n: number }>("SELECT count(*)::int AS n FROM quote_requests WHERE name = 'Restart Test'");
  const seeds = await pg.query<{ n: number }>("SELECT count(*)::int AS n FROM testimonials");
  await pg.close();
  expect(rows.rows[0]!.n).toBe(1);
  expect(seeds.rows[0]!.n).toBeGreaterThan(0);
});
