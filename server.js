// The process entry for `npm start` (production) and `npm run dev`.
// Plain JavaScript so that it runs before anything is built; the app itself
// (server/app.ts, with the React Router build) is TypeScript bundled by Vite.
import compression from "compression";
import express from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";

const production = process.env.NODE_ENV === "production";
// BUILD_DIR lets parallel test runs use separate builds (see react-router.config.ts).
const buildDir = process.env.BUILD_DIR || "build";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || "0.0.0.0";

const server = express();
server.disable("x-powered-by");
// Behind a reverse proxy, req.protocol and req.secure come from X-Forwarded-Proto.
if (/^(1|true|yes|on)$/i.test(process.env.TRUST_PROXY ?? "")) server.set("trust proxy", true);
server.use(compression());

/** @type {{ app: import("express").RequestHandler, start(): Promise<void>, stop(): Promise<void> }} */
let appModule;
if (production) {
  appModule = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
  // Hashed file names never change content: cache them for a year.
  server.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
  server.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  server.use(appModule.app);
} else {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  server.use(vite.middlewares);
  const load = () => vite.ssrLoadModule("./server/app.ts");
  appModule = await load();
  server.use(async (req, res, next) => {
    try {
      (await load()).app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
}

await appModule.start();

const listener = server.listen(port, host, () => {
  const address = listener.address();
  const actual = typeof address === "object" && address ? address.port : port;
  console.log(`Listening on http://${host === "0.0.0.0" ? "localhost" : host}:${actual}`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests, then closing the database`);
  const force = setTimeout(() => {
    console.error("Shutdown took over 10 s; exiting anyway");
    process.exit(1);
  }, 10_000);
  force.unref();
  // Stop accepting connections; close idle keep-alive ones so close() can finish.
  const closed = new Promise((resolve) => listener.close(resolve));
  const idle = setInterval(() => listener.closeIdleConnections(), 100);
  await closed;
  clearInterval(idle);
  await appModule.stop();
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
