import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "vite";
import { APP_ICONS, OFFLINE_ROUTE_IDS, SERVICE_WORKER_URL, WEB_MANIFEST_URL } from "../app/lib/offline";

/**
 * The staff's service worker (app/service-worker/sw.ts, docs/decisions/0141),
 * built after `react-router build` (react-router.config.ts's buildEnd) into
 * the client build's root: one classic script, workbox bundled in, with the
 * list of the scripts and stylesheets the offline pages can load (hashed
 * names) and the build's hash. The same build gives the same bytes, so the browser keeps its
 * worker; another build gives another worker, which replaces it.
 */
export async function buildServiceWorker(buildDirectory: string): Promise<void> {
  const client = path.join(buildDirectory, "client");
  const assets = offlineAssets(client);
  // The installed app's manifest and icons too, revised by their bytes (their names stay).
  const named = [WEB_MANIFEST_URL, "/favicon.svg", ...APP_ICONS].map((url) => ({
    url,
    revision: createHash("sha256").update(readFileSync(path.join(client, url))).digest("hex").slice(0, 16),
  }));
  const precache = [...assets.map((url) => ({ url, revision: null })), ...named];
  const buildHash = createHash("sha256").update(JSON.stringify(precache)).digest("hex").slice(0, 16);
  const root = path.resolve(import.meta.dirname, "..");
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    resolve: { alias: { "~": path.join(root, "app") } },
    define: {
      __PRECACHE__: JSON.stringify(precache),
      __BUILD__: JSON.stringify(buildHash),
      // Workbox's development logging is dropped from the bundle.
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
    build: {
      outDir: client,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: "terser",
      lib: { entry: path.join(root, "app/service-worker/sw.ts"), formats: ["iife"], name: "adminServiceWorker", fileName: () => SERVICE_WORKER_URL.slice(1) },
    },
  });
}

// A file named from another: "assets/x.js" (Vite's preload lists) or "./x.js" (a lazy import, relative to the chunk).
const ASSET = /(?:\/?assets\/|\.\/)([\w.-]+\.(?:js|css))\b/g;

/**
 * The files the offline pages (and the pages around them: the root, the
 * admin layout) can load: the route manifest's entry and those routes' files,
 * then every file those name, as a static import or a lazy one (the signature
 * pad's chunk is imported when the condition report shows). Not the whole
 * build: the public pages' code and the admin tables' editors (most of its
 * 2 MB) never run offline.
 */
function offlineAssets(client: string): string[] {
  const assetsDir = path.join(client, "assets");
  const manifestFile = readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error(`No route manifest (assets/manifest-*.js) in ${assetsDir}: build the client first`);
  const manifestText = readFileSync(path.join(assetsDir, manifestFile), "utf8");
  const manifest = JSON.parse(manifestText.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as {
    entry: Record<string, unknown>;
    routes: Record<string, Record<string, unknown>>;
  };
  const found = new Set<string>();
  const add = (value: unknown) => {
    for (const text of [value].flat()) if (typeof text === "string" && /^\/assets\/.+\.(js|css)$/.test(text)) found.add(text);
  };
  for (const part of [manifest.entry, ...OFFLINE_ROUTE_IDS.map((id) => manifest.routes[id])]) {
    if (!part) throw new Error("The route manifest lacks one of OFFLINE_ROUTE_IDS (app/lib/offline.ts): was a route renamed?");
    Object.values(part).forEach(add);
  }
  // What the files name in turn (Vite's preload lists and lazy imports), until nothing new turns up.
  const files = new Set(readdirSync(assetsDir));
  const queue = [...found];
  // The manifest itself is loaded too, but it names every route's files: not followed.
  found.add(`/assets/${manifestFile}`);
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (!file.endsWith(".js")) continue;
    for (const match of readFileSync(path.join(client, file), "utf8").matchAll(ASSET)) {
      const url = `/assets/${match[1]}`;
      if (!found.has(url) && files.has(match[1]!)) {
        found.add(url);
        queue.push(url);
      }
    }
  }
  return [...found].sort();
}
