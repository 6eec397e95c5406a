import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newestSource, staleBuildReason } from "../helpers/build-staleness";

// @ci-once: reads only files; CI's second pass, on the embedded database, skips it.

// A project tree in a temporary directory, each file given its own time (seconds since 1970).
let root: string;
const at = (file: string, seconds: number) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, "x");
  utimesSync(full, seconds, seconds);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "build-staleness-"));
  at("app/root.tsx", 1000);
  at("app/server/deep/module.server.ts", 1100);
  at("server.js", 900);
  at("package-lock.json", 800);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the test setup's build check (tests/helpers/global-setup.ts)", () => {
  it("asks for a build when there is none", () => {
    expect(staleBuildReason(root, "build")).toBe("No production build in build/");
  });

  it("uses a build made after every source", () => {
    at("build/server/index.js", 2000);
    expect(staleBuildReason(root, "build")).toBeUndefined();
  });

  it("rebuilds when any source, however deep, changed after the build, and names it", () => {
    at("build/server/index.js", 2000);
    at("app/server/deep/module.server.ts", 3000);
    expect(staleBuildReason(root, "build")).toBe("app/server/deep/module.server.ts changed after the build in build/ was made");
    at("build/server/index.js", 4000);
    at("package-lock.json", 5000);
    expect(staleBuildReason(root, "build")).toMatch(/^package-lock.json changed/);
  });

  it("looks at the build directory it is given (BUILD_DIR)", () => {
    at("build/server/index.js", 500);
    at("build-x/server/index.js", 2000);
    expect(staleBuildReason(root, "build")).toMatch(/^app\/server\/deep\/module.server.ts changed/);
    expect(staleBuildReason(root, "build-x")).toBeUndefined();
  });

  it("does not count test files, which are not built, nor files outside the sources", () => {
    at("build/server/index.js", 2000);
    at("app/lib/format.test.ts", 3000);
    at("tests/e2e/home.test.ts", 3000);
    at("README.md", 3000);
    expect(newestSource(root)).toEqual({ file: "app/server/deep/module.server.ts", mtimeMs: 1_100_000 });
    expect(staleBuildReason(root, "build")).toBeUndefined();
  });
});
