import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL, worksOffline, type KeepPageMessage } from "~/lib/offline";
import { deleteQueue } from "./queue";

/**
 * The page's side of the staff's service worker (docs/decisions/0141):
 * registered from the admin pages only, never from a public or customer page.
 * Under the dev server there is no built worker, so none is registered.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  // updateViaCache none: the browser asks the server for the worker on every check, so a new build replaces it.
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, updateViaCache: "none" }).catch(() => {
    // No worker (a private window, storage off): the pages work online as before.
  });
}

/** Asks the worker to keep this page's document (it keeps what it fetches; a page reached by a link fetched only its data). */
export function keepPageOffline(href: string): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator) || !worksOffline(new URL(href))) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: "keep-page", url: href } satisfies KeepPageMessage));
}

/**
 * Sign-out on a shared phone: the kept pages (customers' names, addresses,
 * notes), the queue and the worker go. The server's answer to the sign-out
 * says the same (Clear-Site-Data); this covers a browser that ignores it.
 */
export async function forgetOfflineData(): Promise<void> {
  const jobs: Promise<unknown>[] = [deleteQueue()];
  if (typeof caches !== "undefined") jobs.push(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))));
  if ("serviceWorker" in navigator) jobs.push(navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister()))));
  await Promise.allSettled(jobs);
}
