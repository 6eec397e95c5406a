import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * What the production build is made from: a change to any of these makes an
 * existing build/ stale. Test files inside app/ are not built, so they do not count.
 */
export const BUILD_SOURCES = ["app", "server", "db", "server.js", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

/** The file the build writes last (./global-setup.ts): its time is the build's. */
export const BUILD_MARKER = "server/index.js";

const isTestFile = (name: string) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time (ms) among `sources` under `root`, and which file has it. */
export function newestSource(root: string, sources: string[] = BUILD_SOURCES): { file: string; mtimeMs: number } | undefined {
  let newest: { file: string; mtimeMs: number } | undefined;
  const visit = (file: string) => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return; // A source that is not there (an optional config) counts for nothing.
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) if (!isTestFile(entry)) visit(path.join(file, entry));
    } else if (!newest || stat.mtimeMs > newest.mtimeMs) {
      newest = { file: path.relative(root, file), mtimeMs: stat.mtimeMs };
    }
  };
  for (const source of sources) visit(path.join(root, source));
  return newest;
}

/**
 * Why the build in `buildDir` cannot be used as it is: none there, or a
 * source changed after it was made. Undefined when it is up to date.
 */
export function staleBuildReason(root: string, buildDir: string, sources: string[] = BUILD_SOURCES): string | undefined {
  let built: number;
  try {
    built = statSync(path.join(root, buildDir, BUILD_MARKER)).mtimeMs;
  } catch {
    return `No production build in ${buildDir}/`;
  }
  const newest = newestSource(root, sources);
  if (newest && newest.mtimeMs > built) return `${newest.file} changed after the build in ${buildDir}/ was made`;
  return undefined;
}
