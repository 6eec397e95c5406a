import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { reservedPort } from "../helpers/ports";

// @ci-once: reads only files (the dev server on a fresh data directory is always embedded); CI's second pass, on the embedded database, skips it.

const root = path.resolve(import.meta.dirname, "../..");

// React Router's own dev server runs the routes without our server entry
// (server.js, server/app.ts): the root middleware opens, migrates and seeds
// the database on the first request (docs/decisions/0060).
it("`react-router dev` on a fresh data directory serves / with 200 and the seeded content", { timeout: 240_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gr-detail-rr-dev-"));
  const port = await reservedPort();
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "dev", "--host", "127.0.0.1", "--port", String(port), "--strictPort"],
    {
      cwd: root,
      // Its own process group, so that stopping it stops Vite's helpers too.
      detached: true,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, NODE_ENV: "development" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    let page = { status: 0, body: "" };
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`react-router dev exited with ${child.exitCode}:\n${output}`);
          // Not listening yet: 0.
          page = await fetch(`http://127.0.0.1:${port}/`).then(
            async (res) => ({ status: res.status, body: await res.text() }),
            () => ({ status: 0, body: "" }),
          );
          return page.status;
        },
        { timeout: 180_000, interval: 500 },
      )
      .toBe(200)
      .catch((error: Error) => {
        throw new Error(`${error.message}\nreact-router dev said:\n${output}\nlast answer: ${page.body.slice(0, 2000)}`);
      });
    expect(page.body).toContain("Sarah M.");
    expect(page.body).toContain("What areas do you serve?");
    expect(output).toContain("Applied migrations");
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
});
