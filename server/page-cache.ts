import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Serves anonymous public pages from rendered HTML kept in memory, so the
 * home page costs about as much as a static file. An entry is valid while the
 * database's content version (bumped by triggers on the content tables) is
 * the one it was rendered at; the version is read at most once per second, so
 * every process sees an edit within a second. Entries also expire after
 * `maxAgeMs` (10 minutes by default), so text that depends on the date (the
 * footer's year) is never stale for long.
 *
 * The page is rendered with a marker in place of the CSP nonce; each response
 * gets its own nonce substituted.
 */
const MAX_ENTRIES = 32;

export function pageCache(options: {
  paths: string[];
  contentVersion: () => Promise<number>;
  render: (url: string, nonce: string) => Promise<Response>;
  checkEveryMs?: number;
  maxAgeMs?: number;
}): RequestHandler & { clear(): void; size(): number } {
  const paths = new Set(options.paths);
  const marker = `nonce${randomBytes(12).toString("hex")}`;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  const entries = new Map<string, { html: string; headers: [string, string][]; version: number; renderedAt: number }>();
  let version = -1;
  let checkedAt = 0;
  let checking: Promise<number> | undefined;

  async function currentVersion(): Promise<number> {
    if (Date.now() - checkedAt < (options.checkEveryMs ?? 1000)) return version;
    checking ??= options
      .contentVersion()
      .then((v) => {
        version = v;
        checkedAt = Date.now();
        return v;
      })
      .finally(() => (checking = undefined));
    return checking;
  }

  const handler: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !paths.has(req.path) || req.originalUrl !== req.path) {
      return next();
    }
    try {
      const v = await currentVersion();
      const key = `${req.protocol}://${req.get("host")}${req.path}`;
      let entry = entries.get(key);
      if (!entry || entry.version !== v || Date.now() - entry.renderedAt > maxAgeMs) {
        const response = await options.render(key, marker);
        const type = response.headers.get("content-type") ?? "";
        if (response.status !== 200 || !type.startsWith("text/html")) {
          await response.body?.cancel();
          return next();
        }
        entry = { html: await response.text(), headers: [...response.headers], version: v, renderedAt: Date.now() };
        // The key holds the Host header, which any client chooses: keep the
        // map bounded, dropping the oldest entry.
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, entry);
      }
      for (const [name, value] of entry.headers) {
        if (name !== "content-length" && name !== "content-encoding") res.setHeader(name, value);
      }
      res.setHeader("X-Page-Cache", "hit");
      res.status(200).send(entry.html.replaceAll(marker, res.locals.nonce as string));
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(handler, { clear: () => entries.clear(), size: () => entries.size });
}
