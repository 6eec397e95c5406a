import type { Config } from "@react-router/dev/config";
import { buildServiceWorker } from "./scripts/build-service-worker";

export default {
  ssr: true,
  // Separate build directories let parallel test runs build without clashing.
  buildDirectory: process.env.BUILD_DIR || "build",
  // The staff's service worker, once the browser's files it precaches are written (docs/decisions/0141).
  buildEnd: ({ reactRouterConfig }) => buildServiceWorker(reactRouterConfig.buildDirectory),
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    // Off on purpose: the custom Express entry (server/app.ts) is built through
    // `build.rollupOptions.input`, which the environment API replaces. See
    // docs/decisions/0002-custom-server.md.
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
