import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Each test file opens one embedded database (~300 MB, copied from the template). Three at
    // a time on two cores: much of the suite waits (a lease to run out, another process's tick,
    // a server to start), and two workers kept the machine a third busy.
    maxWorkers: 3,
    // A worker runs its files one after another in one process (docs/decisions/0154): the app's
    // modules, PGlite's and the rest are imported once a worker, not once a file (import time
    // summed over the files 201 s → 18 s; the suite's CPU time a third less). Each file still
    // opens its own database and starts from the process's first environment
    // (tests/helpers/vitest-setup.ts); what a module keeps (the env, caches) is keyed or reloaded.
    isolate: false,
    testTimeout: 30_000,
    // A spawned server starts its own embedded database: tens of seconds on a busy machine.
    hookTimeout: 120_000,
    // expect.poll waits for a condition: a busy 2-core machine needs more than the default second.
    expect: { poll: { timeout: 15_000 } },
    // Two harnesses (README, Tests): route modules called in this process, and
    // the production server spawned from the build, which this makes if missing.
    // The test files' databases start from one migrated template (on either database).
    globalSetup: ["tests/helpers/global-setup.ts", "tests/helpers/database-template.ts"],
    setupFiles: ["tests/helpers/vitest-setup.ts"],
  },
});
