import http from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { startAppServer } from "../helpers/app-server";
import { keepAliveLoad } from "../helpers/keep-alive-load";

// @ci-once: the first tests run on the PostgreSQL server when there is one, the last always on the embedded database on disk, so one pass covers both; CI's second pass, on the embedded database, skips it.

const SIGTERM_LINE = "SIGTERM: finishing in-flight requests";

/** Resolves when a NEW connection to the server is refused: its listener has closed. */
async function listenerClosed(url: string) {
  await expect
    .poll(
      () =>
        new Promise<string>((resolve) => {
          const req = http.get(new URL("/favicon.svg", url), { agent: false }, (res) => {
            res.resume();
            res.on("end", () => resolve("answered"));
          });
          req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        }),
      { timeout: 10_000, interval: 250 },
    )
    .toBe("ECONNREFUSED");
}

it("SIGTERM lets an in-flight quote request finish and be accepted, then exits cleanly", { timeout: 90_000 }, async () => {
  const app = await startAppServer();
  const url = new URL("/api/forms/submit", app.url);
  const body = JSON.stringify({ formId: "quote_form", name: "Late Arrival", email: "late@example.com", phone: "6165550100", vehicle_type: "boat" });
  // One kept-alive connection: the first answer proves the server holds it,
  // so the quote below is in flight on a connection the server knows.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await new Promise<void>((resolve, reject) =>
    http.get(new URL("/favicon.svg", app.url), { agent }, (res) => res.resume().on("end", resolve)).on("error", reject),
  );

  // Send the headers and half of the body, so the request is in flight...
  const request = http.request(url, {
    method: "POST",
    agent,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: app.url },
  });
  const answered = new Promise<{ status: number; text: string; reused: boolean }>((resolve, reject) => {
    request.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, text, reused: request.reusedSocket }));
    });
    request.on("error", reject);
  });
  await new Promise((resolve) => request.write(body.slice(0, 40), resolve));

  // ...then stop the server, and only then send the rest.
  app.process.kill("SIGTERM");
  await expect.poll(() => app.output(), { timeout: 10_000 }).toContain(SIGTERM_LINE);
  await listenerClosed(app.url);
  expect(app.process.exitCode).toBeNull(); // no new connections, but still finishing the request
  request.end(body.slice(40));

  const response = await answered;
  expect(response.reused).toBe(true);
  expect(response.status).toBe(200);
  expect(JSON.parse(response.text)).toMatchObject({ success: true });
  await expect.poll(() => app.process.exitCode, { timeout: 10_000 }).toBe(0);
  agent.destroy();
  await app.stop();
});

/** GET /favicon.svg on `agent` (false: a new connection of its own): the answer's status and Connection header, or the error's code. */
function getFavicon(url: string, agent: http.Agent | false) {
  return new Promise<{ status: number; connection?: string } | { error: string }>((resolve) => {
    http
      .get(new URL("/favicon.svg", url), { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      })
      .on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

it("SIGTERM closes the port before any answer tells a client to reconnect: the reconnection is refused, not accepted and reset", { timeout: 90_000 }, async () => {
  const app = await startAppServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await getFavicon(app.url, agent)).toEqual({ status: 200, connection: "keep-alive" });
    app.process.kill("SIGTERM");
    // The kept-alive connection goes on carrying requests until an answer ends it...
    const until = Date.now() + 10_000;
    let answer: Awaited<ReturnType<typeof getFavicon>>;
    do answer = await getFavicon(app.url, agent);
    while ("status" in answer && answer.connection !== "close" && Date.now() < until);
    expect(answer).toEqual({ status: 200, connection: "close" });
    // ...and the client, reconnecting at once, finds the port closed: refused,
    // so it goes elsewhere. An open port here would accept connections that
    // its closing, a moment later, resets.
    expect(await getFavicon(app.url, false)).toEqual({ error: "ECONNREFUSED" });
    await expect.poll(() => app.process.exitCode, { timeout: 10_000 }).toBe(0);
  } finally {
    agent.destroy();
    await app.stop();
  }
});

it("SIGTERM under keep-alive load: no request on an open connection is reset, quotes keep being accepted, exit 0 within 10 s", { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-shutdown-"));
  const app = await startAppServer({ TRUST_PROXY: "1" }, { dataDir, embeddedOnDisk: true });
  try {
    let sigtermAt = 0;
    const load = keepAliveLoad(app.url, 8, () => sigtermAt > 0);
    // Every loop has its connection open and busy.
    await expect.poll(() => load.result.quotesAccepted, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(16);

    sigtermAt = Date.now();
    app.process.kill("SIGTERM");
    await expect.poll(() => app.process.exitCode, { timeout: 10_000, interval: 20 }).toBe(0);
    const exitedAfterMs = Date.now() - sigtermAt;
    await load.done;

    expect(app.output()).toContain(SIGTERM_LINE);
    expect(load.result.failures).toEqual([]);
    expect([...load.result.statuses.keys()]).toEqual(expect.arrayContaining([200]));
    expect([...load.result.statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(load.result.quotesAcceptedAfterMark).toBeGreaterThan(0);
    expect(load.result.refused).toBe(8); // each loop ends on a refused new connection
    expect(exitedAfterMs).toBeLessThan(10_000);

    // Every quote answered 200 was stored before the database closed.
    const { PGlite } = await import("@electric-sql/pglite");
    const { PGLITE_EXTENSIONS } = await import("../../db/pglite-extensions");
    const pg = new PGlite(path.join(dataDir, "db"), { extensions: PGLITE_EXTENSIONS });
    const stored = (await pg.query<{ n: number }>("SELECT count(*)::int AS n FROM quote_requests")).rows[0]!.n;
    await pg.close();
    expect(stored).toBe(load.result.quotesAccepted);
    console.log(
      `shutdown under load: ${load.result.sent} requests, exit ${exitedAfterMs} ms after SIGTERM, ` +
        `${load.result.quotesAcceptedAfterMark} quotes accepted after it, ${load.result.failures.length} failed, ` +
        `${load.result.newConnectionResets} new connections reset`,
    );
  } finally {
    await app.stop();
  }
});
