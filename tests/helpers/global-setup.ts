import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import lockfile from "proper-lockfile";
import { staleBuildReason } from "./build-staleness";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Vitest's globalSetup: the tests that spawn the production server
 * (./app-server.ts) need a build in $BUILD_DIR (default ./build) of the code
 * as it is now. `npm test` builds first; otherwise it is built here, once per
 * run, when there is none or a source changed after it was made (so a
 * spawned-server test never tests old code).
 */
export default async function buildWhenStale(): Promise<void> {
  const buildDir = process.env.BUILD_DIR || "build";
  if (!staleBuildReason(root, buildDir)) return;
  // Two runs started at once in one checkout must not build into one directory
  // together: the second waits for the first, then finds its build fresh.
  mkdirSync(path.join(root, buildDir), { recursive: true });
  const release = await lockfile.lock(path.join(root, buildDir), {
    lockfilePath: path.join(root, `${buildDir}.building`),
    retries: { retries: 600, minTimeout: 500, maxTimeout: 1000 },
  });
  try {
    const reason = staleBuildReason(root, buildDir);
    if (!reason) return;
    console.log(`${reason}: building it for the tests that start the server…`);
    // As `npm run build` runs it: without vitest's NODE_ENV=test, which would change the bundle.
    const { NODE_ENV: _test, ...env } = process.env;
    const build = execFileAsync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: root,
      env: { ...env, BUILD_DIR: buildDir },
      maxBuffer: 64 * 1024 * 1024,
    });
    // Asynchronous, so that the lock's keep-alive runs during the build.
    const { stdout, stderr } = await build;
    process.stdout.write(stdout);
    process.stderr.write(stderr);
  } finally {
    await release();
  }
}

const execFileAsync = promisify(execFile);
