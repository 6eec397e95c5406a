import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import { db } from "~/server/db.server";
import { createSession } from "~/server/session.server";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Serves the BUILT app (server/app.ts as bundled in $BUILD_DIR, default
 * ./build) from this test process on a free port, so requests go through
 * everything a real one does: Express, security headers, origin check, route
 * middleware, loaders and actions. It shares this process's database (the
 * handle lives on globalThis), so call useTestDatabase() first. Build first:
 * `npm run build` (npm test does).
 */
export async function startHttpApp() {
  const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
  const built = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as {
    app: express.RequestHandler;
    publicPages: { size(): number; clear(): void };
  };
  const { app } = built;
  const server = express().use(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** The built server module (server/app.ts), for looking inside, e.g. at the page cache. */
    built,
    /** fetch() relative to the app, same-origin by default (Origin header set). */
    fetch(pathname: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("origin")) headers.set("origin", url);
      return fetch(url + pathname, { ...init, headers, redirect: "manual" });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A user (created if new) with a live session; returns the Cookie header to
 * send. For tests of what a signed-in user can do, not of how one signs in.
 */
export async function sessionCookieFor(email: string, { admin = false } = {}): Promise<string> {
  const user = await db()
    .insertInto("users")
    .values({ email, is_admin: admin })
    .onConflict((oc) => oc.column("email").doUpdateSet({ is_admin: admin }))
    .returning("id")
    .executeTakeFirstOrThrow();
  const setCookie = await createSession(new Request("http://127.0.0.1/"), user.id);
  return setCookie.split(";")[0]!;
}
