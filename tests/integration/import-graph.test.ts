import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

// @ci-once: reads only files; CI's second pass, on the embedded database, skips it.

// The import graph's rules (.dependency-cruiser.cjs, docs/decisions/0069): no
// cycles, type-only imports included, no dashboard component on a public page,
// and the database layer (db/) below the server code (it never imports app/server).

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Every folder of our own code: the app, the server entry, the database, the scripts, the bench and the test helpers. */
const CHECKED = ["app", "server", "db", "scripts", "bench", "tests/helpers"];

async function violationsIn(paths: string[], baseDir: string): Promise<IViolation[]> {
  const options = await extractDepcruiseOptions(path.join(ROOT, ".dependency-cruiser.cjs"));
  const tsConfig = extractTSConfig(path.join(ROOT, "tsconfig.json"));
  const { output } = await cruise(paths, { ...options, baseDir }, {}, { tsConfig });
  return (output as ICruiseResult).summary.violations;
}

/** One line a reader can act on: the rule and the chain of modules, `a → b → a`. */
function describeViolation(violation: IViolation): string {
  const chain = violation.cycle ?? violation.via ?? [{ name: violation.to }];
  return `${violation.rule.name}: ${[violation.from, ...chain.map((step) => step.name)].join(" → ")}`;
}

describe("the import graph", () => {
  it("has no cycle, no dashboard component on a public page and no import from db/ up into the server", async () => {
    const found = (await violationsIn(CHECKED, ROOT)).map(describeViolation);
    // The count, not the list, is compared: the message lists them once, one a line.
    expect(found.length, `Import rules broken (.dependency-cruiser.cjs says how to mend each):\n${found.join("\n")}\n`).toBe(0);
  });

  it("counts a cycle made of type-only imports", async () => {
    // A check that found nothing because it saw nothing would pass the test above.
    const dir = await mkdtemp(path.join(tmpdir(), "import-graph-"));
    try {
      await writeFile(path.join(dir, "a.ts"), 'import type { B } from "./b";\nexport interface A { b?: B }\n');
      await writeFile(path.join(dir, "b.ts"), 'import type { A } from "./a";\nexport interface B { a?: A }\n');
      const found = (await violationsIn(["."], dir)).map(describeViolation);
      expect(found).toEqual(["no-circular: a.ts → b.ts → a.ts"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses an import from db/ into app/server, the arrow the seed once had", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "import-graph-"));
    try {
      await mkdir(path.join(dir, "db"));
      await mkdir(path.join(dir, "app/server"), { recursive: true });
      await mkdir(path.join(dir, "app/lib"), { recursive: true });
      await writeFile(path.join(dir, "app/lib/facts.ts"), "export const facts = 1;\n");
      await writeFile(path.join(dir, "app/server/settings.server.ts"), "export const seedSettings = () => 1;\n");
      await writeFile(path.join(dir, "db/seed.ts"), 'import { facts } from "../app/lib/facts";\nimport { seedSettings } from "../app/server/settings.server";\nexport const seed = () => seedSettings() + facts;\n');
      const found = (await violationsIn(["."], dir)).map(describeViolation);
      expect(found).toEqual(["database-below-the-server: db/seed.ts → app/server/settings.server.ts"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
