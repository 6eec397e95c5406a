import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Each test file opens one embedded database (seconds, ~300 MB); two at a time fit two cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/helpers/vitest-setup.ts"],
    // The built app (tests/helpers/http-app.ts) is loaded by Node itself, as in
    // production, so it and its packages resolve exactly as `npm start` does.
    server: { deps: { external: [/\/build[^/]*\/server\//] } },
  },
});
