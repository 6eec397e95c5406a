/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { PAGES_CACHE_PREFIX, worksOffline, type KeepPageMessage } from "~/lib/offline";

/*
 * The staff's service worker (issue 36, docs/decisions/0141), scope /admin/:
 * the build's scripts and stylesheets precached (their names carry their
 * hashes), and Today and the job pages, documents and loader data, network
 * first: fresh while there is a signal, from the cache without one. Built by
 * scripts/build-service-worker.ts after `react-router build`, which fills in
 * the two constants below.
 */

declare const self: ServiceWorkerGlobalScope;
/** The build's assets: one entry a file, revision null (the name is the revision). */
declare const __PRECACHE__: { url: string; revision: string | null }[];
/** The build's hash: a new build is a new worker, whose pages' cache starts empty. */
declare const __BUILD__: string;

// A new build takes over at once (no tab left on a stale app): the pages it
// precached are the ones the server now names.
void self.skipWaiting();
clientsClaim();
precacheAndRoute(__PRECACHE__);

const PAGES_CACHE = `${PAGES_CACHE_PREFIX}${__BUILD__}`;
// A page of another build names scripts this build no longer has.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(PAGES_CACHE_PREFIX) && name !== PAGES_CACHE).map((name) => caches.delete(name)))),
  );
});

/** Only a page as it was shown: not a sign-in page a redirect led to, nor an error. */
const keepable = (response: Response) => response.status === 200 && !response.redirected && response.type === "basic";

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  // A weak signal: after this long the kept copy shows rather than a blank page.
  networkTimeoutSeconds: 4,
  matchOptions: { ignoreVary: true },
  plugins: [{ cacheWillUpdate: async ({ response }) => (keepable(response) ? response : null) }],
});
registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && worksOffline(url), pages);

/*
 * React Router finds the routes of a page's links as they show (lazy route
 * discovery, GET /__manifest?paths=…&version=…). Offline, the same question
 * is answered from the cache, else with every route the build's answers kept
 * told (a link's route, once known, works from the kept pages), else with
 * none: a failed answer would be an error on the page.
 */
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && url.pathname === "/__manifest",
  async ({ request, url }) => {
    const cache = await caches.open(PAGES_CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch {
      const same = await cache.match(request);
      if (same) return same;
      const version = url.searchParams.get("version");
      const known: Record<string, unknown> = {};
      for (const kept of await cache.keys()) {
        const keptUrl = new URL(kept.url);
        if (keptUrl.pathname !== "/__manifest" || keptUrl.searchParams.get("version") !== version) continue;
        Object.assign(known, await (await cache.match(kept))?.json());
      }
      return Response.json(known);
    }
  },
);

// A page reached by a link fetched only its data: its document is kept too, so a reload offline shows it.
self.addEventListener("message", (event) => {
  const message = event.data as KeepPageMessage | undefined;
  if (message?.type !== "keep-page") return;
  const url = new URL(message.url, self.location.origin);
  if (url.origin !== self.location.origin || !worksOffline(url)) return;
  event.waitUntil(keepPage(url));
});

async function keepPage(url: URL): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  if (await cache.match(url.href, { ignoreVary: true })) return;
  try {
    const response = await fetch(url.href, { credentials: "same-origin", headers: { accept: "text/html" } });
    if (keepable(response)) await cache.put(url.href, response);
  } catch {
    // Offline: it is kept the next time it is opened with a signal.
  }
}
