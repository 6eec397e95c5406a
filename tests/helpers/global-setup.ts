import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Vitest's globalSetup: the tests that spawn the production server
 * (./app-server.ts) need a build in $BUILD_DIR (default ./build). `npm test`
 * builds first; a single test file run on a fresh clone builds it here, once.
 * An existing build is used as it is: after changing the app, rebuild
 * (`npm run build`) before running those files on their own.
 */
export default function buildOnce(): void {
  const buildDir = process.env.BUILD_DIR || "build";
  // The server bundle is written last: with it, the client assets are there too.
  if (existsSync(path.join(root, buildDir, "server/index.js"))) return;
  console.log(`No production build in ${buildDir}/: building it once for the tests that start the server…`);
  // As `npm run build` runs it: without vitest's NODE_ENV=test, which would change the bundle.
  const { NODE_ENV: _test, ...env } = process.env;
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, BUILD_DIR: buildDir },
  });
}
