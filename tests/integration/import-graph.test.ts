import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

// The import graph's rules (.dependency-cruiser.cjs, docs/decisions/0069): no
// cycles, type-only imports included, and no dashboard component on a public page.

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
  it("has no cycle and no dashboard component on a public page", async () => {
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
});
