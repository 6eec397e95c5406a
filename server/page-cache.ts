import { randomBytes } from "node:crypto";
import type { Request, Response as ExpressResponse, RequestHandler } from "express";

/**
 * Serves anonymous public pages from rendered HTML kept in memory, so the
 * home page costs about as much as a static file. An entry is valid while the
 * database's content version (bumped by triggers on the content tables) is
 * the one it was rendered at; the version is read at most once per second, so
 * every process sees an edit within a second. Entries also expire after
 * `maxAgeMs` (10 minutes by default), so text that depends on the date (the
 * footer's year) is never stale for long.
 *
 * Entries are rendered without the visitor's cookies, for anyone; a request
 * that `personal` names (one carrying a session) is rendered for its visitor.
 *
 * The page is rendered with a marker in place of the CSP nonce; each response
 * gets its own nonce substituted.
 *
 * While the database is down (the version check or a render fails), an entry
 * is served however old it is: a visitor gets the page and its phone number,
 * not an error (docs/decisions/0009). A failed check is not retried for
 * `checkEveryMs`, so an outage costs one slow check per second, not one per
 * request. A page never rendered has nothing to fall back on: the error goes on.
 */
const MAX_ENTRIES = 32;

interface Entry {
  html: string;
  headers: [string, string][];
  version: number;
  renderedAt: number;
}

export function pageCache(options: {
  paths: string[];
  contentVersion: () => Promise<number>;
  render: (url: string, nonce: string) => Promise<Response>;
  /** Requests never served from (nor stored in) the cache: those whose page is the visitor's own. */
  personal?: (req: Request) => boolean;
  checkEveryMs?: number;
  maxAgeMs?: number;
}): RequestHandler & { clear(): void; size(): number } {
  const paths = new Set(options.paths);
  const marker = `nonce${randomBytes(12).toString("hex")}`;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  const entries = new Map<string, Entry>();
  const checkEveryMs = options.checkEveryMs ?? 1000;
  let version = -1;
  let checkedAt = 0;
  let failure: { error: unknown; at: number } | undefined;
  let checking: Promise<number> | undefined;

  async function currentVersion(): Promise<number> {
    if (Date.now() - checkedAt < checkEveryMs) return version;
    if (failure && Date.now() - failure.at < checkEveryMs) throw failure.error;
    checking ??= options
      .contentVersion()
      .then(
        (v) => {
          version = v;
          checkedAt = Date.now();
          failure = undefined;
          return v;
        },
        (error: unknown) => {
          failure = { error, at: Date.now() };
          throw error;
        },
      )
      .finally(() => (checking = undefined));
    return checking;
  }

  function send(res: ExpressResponse, entry: Entry, state: "hit" | "stale") {
    for (const [name, value] of entry.headers) {
      if (name !== "content-length" && name !== "content-encoding") res.setHeader(name, value);
    }
    res.setHeader("X-Page-Cache", state);
    res.status(200).send(entry.html.replaceAll(marker, res.locals.nonce as string));
  }

  const handler: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !paths.has(req.path) || req.originalUrl !== req.path) {
      return next();
    }
    // A signed-in visitor's page may differ (the administrator's Dashboard link): rendered for them.
    if (options.personal?.(req)) return next();
    const key = `${req.protocol}://${req.get("host")}${req.path}`;
    let entry = entries.get(key);
    try {
      let v: number;
      try {
        v = await currentVersion();
      } catch (error) {
        if (entry) return send(res, entry, "stale");
        throw error;
      }
      if (!entry || entry.version !== v || Date.now() - entry.renderedAt > maxAgeMs) {
        const response = await options.render(key, marker);
        const type = response.headers.get("content-type") ?? "";
        if (response.status !== 200 || !type.startsWith("text/html")) {
          await response.body?.cancel();
          // The database went away between the check and the render.
          if (entry && response.status >= 500) return send(res, entry, "stale");
          return next();
        }
        entry = { html: await response.text(), headers: [...response.headers], version: v, renderedAt: Date.now() };
        // The key holds the Host header, which any client chooses: keep the
        // map bounded, dropping the oldest entry.
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, entry);
      }
      send(res, entry, "hit");
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(handler, { clear: () => entries.clear(), size: () => entries.size });
}
