/**
 * What works without a connection (issue 36, docs/decisions/0141): Today and
 * a job's page, for staff on a phone. The one place that says so, read by the
 * service worker (which keeps these pages) and by the pages (which ask it to).
 * Browser-safe and tiny: no public page imports it.
 */

/** The worker's script: at the site's root (a folder named admin would shadow /admin), controlling the admin pages only. */
export const SERVICE_WORKER_URL = "/admin-sw.js";
export const SERVICE_WORKER_SCOPE = "/admin/";
export const WEB_MANIFEST_URL = "/admin.webmanifest";
/** The installed app's icons (public/images), named by the manifest. */
export const APP_ICONS = ["/images/app-icon-192.png", "/images/app-icon-512.png"] as const;

/** The Cache Storage names' common start: sign-out deletes every cache, this names the pages' one of a build. */
export const PAGES_CACHE_PREFIX = "offline-pages-";

/** Their routes and the routes around them (app/routes.ts): the files the worker precaches are theirs. */
export const OFFLINE_ROUTE_IDS = ["root", "routes/admin", "routes/admin.today", "routes/admin.jobs.$id"] as const;

const OFFLINE_PATH = /^\/admin\/(today|jobs\/\d+)(\.data)?$/;
/** A page's own query (Today's ?date=) and React Router's (which loaders a .data answer holds); any other (?done=, ?confirm=) is a moment's page. */
const KEPT_PARAMS = new Set(["date", "_routes"]);

/** Whether `url` is one of the pages (or its loaders' data) kept for use offline. */
export function worksOffline(url: URL): boolean {
  return OFFLINE_PATH.test(url.pathname) && [...url.searchParams.keys()].every((name) => KEPT_PARAMS.has(name));
}

/** What the page tells its worker: keep this page's document too (a page reached by a link fetched only its data). */
export interface KeepPageMessage {
  type: "keep-page";
  url: string;
}

/** A route action's answer when the form was kept on the phone to send later (docs/decisions/0142). */
export interface Queued {
  queued: true;
  intent: string;
}

export const isQueued = (answer: unknown): answer is Queued => typeof answer === "object" && answer !== null && (answer as Partial<Queued>).queued === true;

/**
 * A route's shouldRevalidate: React Router's default, but not after an action
 * kept on the phone: the server has not seen it yet, and may be out of reach.
 */
export function revalidateUnlessQueued({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }): boolean {
  return isQueued(actionResult) ? false : defaultShouldRevalidate;
}
