import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { SERVICE_WORKER_URL } from "~/lib/offline";

interface ClientFile {
  body: Buffer;
  type: string;
  etag: string;
  lastModified: string;
}

/**
 * The browser's files of the build this process runs (`build/client`: the
 * hashed scripts and stylesheets under /assets, the favicon, the images), read
 * into memory when the process starts and served from there.
 *
 * Why not from the disk: `react-router build`, which `npm start`, `npm test`
 * and `npm run bench` run first, deletes the whole build directory and writes
 * it again, about half a minute later on a busy machine. A process already
 * running kept rendering pages meanwhile, but their stylesheet and scripts
 * answered 404: a page loaded then showed unstyled and never ran its scripts.
 * From memory a process serves the files its pages name for as long as it
 * lives, whatever a build does to the directory.
 *
 * Headers as express.static gave them: hashed names (/assets) cached for a
 * year, the rest for an hour. What is not here falls through to server.js's
 * express.static: a newer build's assets, which the pages of a process
 * started on it name during a rolling restart. About 2 MB.
 */
export function builtClientFiles(dir: string): RequestHandler {
  const files = new Map<string, ClientFile>();
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const parts = name.split(path.sep);
    // express.static leaves dot files unserved.
    if (parts.some((part) => part.startsWith("."))) continue;
    const file = path.join(dir, name);
    const stat = statSync(file);
    if (!stat.isFile()) continue;
    files.set(`/${parts.join("/")}`, {
      body: readFileSync(file),
      type: path.extname(name),
      etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
      lastModified: stat.mtime.toUTCString(),
    });
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = files.get(req.path);
    if (!file) return next();
    res.type(file.type);
    res.set({
      "Cache-Control": cacheControl(req.path),
      ETag: file.etag,
      "Last-Modified": file.lastModified,
    });
    // send() answers 304 to a matching If-None-Match and no body to HEAD.
    res.send(file.body);
  };
}

/**
 * Hashed file names never change content: cached for a year. The service
 * worker is asked for again on every check, so a new build replaces it at
 * once (docs/decisions/0141); the rest for an hour.
 */
function cacheControl(pathname: string): string {
  if (pathname.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (pathname === SERVICE_WORKER_URL) return "no-cache";
  return "public, max-age=3600";
}
