import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { startAppServer } from "../helpers/app-server";

// @ci-once: always on the embedded database on disk, whatever TEST_DATABASE_URL says; CI's second pass, on the embedded database, skips it.

function postQuote(url: string, name: string) {
  return fetch(url + "/api/forms/submit", {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ formId: "quote_form", name, email: "lock@example.com", phone: "6165550100", vehicle_type: "car", message: "" }),
  });
}

async function quoteNames(dataDir: string): Promise<string[]> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLITE_EXTENSIONS } = await import("../../db/pglite-extensions");
  const pg = new PGlite(path.join(dataDir, "db"), { extensions: PGLITE_EXTENSIONS });
  try {
    return (await pg.query<{ name: string }>("SELECT name FROM quote_requests ORDER BY id")).rows.map((r) => r.name);
  } finally {
    await pg.close();
  }
}

it("one process per embedded data directory: a second start is refused, a killed holder's lock is not", { timeout: 180_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-lock-"));
  const lockDir = path.join(dataDir, "db.lock");
  const first = await startAppServer({}, { dataDir, embeddedOnDisk: true });
  try {
    expect((await postQuote(first.url, "First Process")).status).toBe(200);

    // The second start exits non-zero before it listens, naming the directory and the holder.
    const started = Date.now();
    const refusal = await startAppServer({}, { dataDir, embeddedOnDisk: true }).then(
      async (second) => {
        await second.stop();
        throw new Error("a second server started on the same data directory");
      },
      (error: Error) => error.message,
    );
    const refusedAfterMs = Date.now() - started;
    expect(refusal).toMatch(/^Server exited with 1:/);
    expect(refusal).toContain(path.join(dataDir, "db"));
    expect(refusal).toContain(`PID ${first.process.pid}`);
    expect(refusal).not.toContain("Listening on");
    expect(refusedAfterMs).toBeLessThan(15_000);

    // The refused start left the holder alone: it still answers and writes.
    expect((await postQuote(first.url, "First Process Again")).status).toBe(200);

    // The holder keeps its lock fresh, so it is never taken for a dead one by age.
    const touched = statSync(lockDir).mtimeMs;
    await expect.poll(() => statSync(lockDir).mtimeMs, { timeout: 10_000, interval: 200 }).toBeGreaterThan(touched);
  } finally {
    // Killed: no shutdown, no release; the lock directory stays behind.
    first.process.kill("SIGKILL");
    await expect.poll(() => first.process.signalCode, { timeout: 10_000 }).toBe("SIGKILL");
  }
  expect(existsSync(lockDir)).toBe(true);

  // The next start takes over the dead holder's lock at once, on the same data.
  const third = await startAppServer({}, { dataDir, embeddedOnDisk: true });
  try {
    expect(third.output()).not.toContain("Applied migrations");
    expect((await postQuote(third.url, "After The Kill")).status).toBe(200);
  } finally {
    await third.stop();
  }
  expect(third.process.exitCode).toBe(0);
  // A clean stop releases the lock.
  expect(existsSync(lockDir)).toBe(false);
  expect(await quoteNames(dataDir)).toEqual(["First Process", "First Process Again", "After The Kill"]);
});
