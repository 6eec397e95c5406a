// The process entry for `npm start` (production) and `npm run dev`.
// Plain JavaScript so that it runs before anything is built; the app itself
// (server/app.ts, with the React Router build) is TypeScript bundled by Vite.
import compression from "compression";
import express from "express";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

const production = process.env.NODE_ENV === "production";
// BUILD_DIR lets parallel test runs use separate builds (see react-router.config.ts).
const buildDir = process.env.BUILD_DIR || "build";
// See docs/decisions/0007-shutdown-drain.md.
const FORCED_EXIT_MS = 10_000;
// A crash drains too, for less long: the process's state is in doubt (docs/decisions/0117).
const CRASH_EXIT_MS = 5_000;
// A connection accepted just before the listener closed gets this long to send
// its first request (which is then answered) before it counts as idle.
const FIRST_REQUEST_GRACE_MS = 1_000;
// Before the port closes (/healthz answering 503 meanwhile): no new connection
// for QUIET_MS, at most SETTLE_MAX_MS, far inside a process manager's grace period.
const QUIET_MS = 200;
const SETTLE_MAX_MS = 1_000;
// After it closes: a kept-alive connection silent this long is closed.
const IDLE_MS = 500;

/**
 * server/app.ts. Under the dev server, the copy loaded first: it opens the
 * database and stops it; reloaded copies only get it (createApp).
 * @typedef {{ db: unknown, close(): Promise<void> }} OpenDatabase
 * @typedef {{
 *   createApp(database: OpenDatabase): import("express").RequestHandler,
 *   staticSecurityHeaders: import("express").RequestHandler,
 *   builtClientFiles(dir: string): import("express").RequestHandler,
 *   logger: import("pino").Logger,
 *   crashReport(error: unknown, context: { kind: "uncaughtException" | "unhandledRejection", pid: number, uptimeSeconds: number, inFlight: number }): string,
 *   env(): { PORT: number, HOST: string, TRUST_PROXY: number },
 *   lifecycle: { draining: boolean },
 *   start(): Promise<OpenDatabase>,
 *   stop(database: OpenDatabase): Promise<void>,
 * }} AppModule
 * @type {AppModule}
 */
let appModule;
/** @type {import("vite").ViteDevServer | undefined} */
let vite;
/** @type {{ PORT: number, HOST: string, TRUST_PROXY: number }} */
let settings;
/** @type {import("express").RequestHandler | undefined} */
let clientFiles;
try {
  if (production) {
    appModule = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
    // The browser's files of the same build, read into memory now: a rebuild deletes
    // the directory under a running process (server/client-files.ts).
    clientFiles = appModule.builtClientFiles(path.join(buildDir, "client"));
  } else {
    vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    appModule = await vite.ssrLoadModule("./server/app.ts");
  }
  // The app's own parsing, so that the process and the app never disagree.
  settings = appModule.env();
} catch (error) {
  cannotStart(error);
}
const { lifecycle } = appModule;
// While true every answer ends its connection (set during shutdown).
let endEveryConnection = false;

const server = express();
server.disable("x-powered-by");
// A hop count, not `true`: X-Forwarded-Proto and X-Forwarded-For are believed
// only as far as our own proxies wrote them (see server/client-ip.ts).
server.set("trust proxy", settings.TRUST_PROXY);
// First, so that static files too tell keep-alive clients to leave while draining.
server.use(closeConnectionsWhileDraining);
server.use(compression());
server.use(appModule.staticSecurityHeaders);

// The database is opened here, once for the life of the process (an embedded
// data directory cannot be opened twice), and handed to the app.
/** @type {OpenDatabase} */
let database;
try {
  database = await appModule.start();
} catch (error) {
  cannotStart(error);
}

if (production) {
  server.use(/** @type {import("express").RequestHandler} */ (clientFiles));
  // On the disk, what a newer build wrote since: the assets named by the pages of a process started on it (a rolling restart).
  // Hashed file names never change content: cache them for a year.
  server.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
  server.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  server.use(appModule.createApp(database));
} else {
  const dev = /** @type {import("vite").ViteDevServer} */ (vite);
  server.use(dev.middlewares);
  // Vite hands back a new module after an edit: the app is made again, on the same database.
  /** @type {{ module?: AppModule, app?: import("express").RequestHandler }} */
  const loaded = {};
  server.use(async (req, res, next) => {
    try {
      const module = /** @type {AppModule} */ (await dev.ssrLoadModule("./server/app.ts"));
      if (loaded.module !== module) Object.assign(loaded, { module, app: module.createApp(database) });
      /** @type {import("express").RequestHandler} */ (loaded.app)(req, res, next);
    } catch (error) {
      if (error instanceof Error) dev.ssrFixStacktrace(error);
      next(error);
    }
  });
}

const listener = server.listen(settings.PORT, settings.HOST, () => {
  const address = listener.address();
  const actual = typeof address === "object" && address ? address.port : settings.PORT;
  appModule.logger.info(`Listening on http://${settings.HOST === "0.0.0.0" ? "localhost" : settings.HOST}:${actual}`);
});

// What shutdown needs to know of each connection: whether an answer is still
// being written on it, and whether it ever carried a request.
/** @type {Map<import("node:net").Socket, { opened: number, requests: number, busy: number, idleSince: number }>} */
const connections = new Map();
let lastConnectionAt = 0;
listener.on("connection", (socket) => {
  lastConnectionAt = Date.now();
  connections.set(socket, { opened: lastConnectionAt, requests: 0, busy: 0, idleSince: lastConnectionAt });
  socket.once("close", () => connections.delete(socket));
});
listener.on("request", (req, res) => {
  const state = connections.get(req.socket);
  if (!state) return;
  state.requests++;
  state.busy++;
  res.once("close", () => {
    state.busy--;
    state.idleSince = Date.now();
  });
});

/**
 * While draining, answers end their connections. Decided when the answer
 * starts rather than when the request arrived, so a request already running at
 * SIGTERM closes its keep-alive connection too.
 * @type {import("express").RequestHandler}
 */
function closeConnectionsWhileDraining(_req, res, next) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (endEveryConnection) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  };
  next();
}

/** A wrong setting or a data directory in use: the message says what to do, a stack trace would bury it. */
function cannotStart(error) {
  const forTheOperator = error instanceof Error && ["ConfigurationError", "DataDirectoryInUseError"].includes(error.name);
  // Before the app's bundle loaded there is no logger: the console is all there is.
  const log = appModule?.logger;
  if (!log) console.error(forTheOperator ? `Cannot start: ${error.message}` : error);
  else if (forTheOperator) log.fatal(`Cannot start: ${error.message}`);
  else log.fatal({ err: error }, "Cannot start");
  process.exit(1);
}

let stopping = false;
/**
 * @param {string} signal what asked for it (SIGTERM, SIGINT, or the kind of crash)
 * @param {number} forcedExitMs the bound: past it the process exits 1 whatever is left
 */
async function shutdown(signal, forcedExitMs = FORCED_EXIT_MS) {
  if (stopping) return;
  stopping = true;
  appModule.logger.info(`${signal}: finishing in-flight requests, then closing the database`);
  const force = setTimeout(() => {
    appModule.logger.error(`Shutdown took over ${forcedExitMs / 1000} s; exiting anyway`);
    process.exit(1);
  }, forcedExitMs);
  force.unref();

  // /healthz now answers 503, so a load balancer stops sending; answers still
  // keep their connections, so no client is told to reconnect yet.
  lifecycle.draining = true;

  // Closing the port resets every connection the kernel has accepted and Node
  // not yet. So the port closes before any answer says `Connection: close`:
  // the clients that reconnect then are refused cleanly, none is accepted and
  // reset. First, until no new connection has arrived for a moment (health
  // checks, clients that do not keep connections alive).
  await until(() => Date.now() - lastConnectionAt >= QUIET_MS, SETTLE_MAX_MS);
  // Not http's close(): it also drops at once every connection whose request
  // is not parsed yet, including those accepted a moment ago.
  const closed = new Promise((resolve) => net.Server.prototype.close.call(listener, resolve));

  // Then every answer closes its connection (a busy client reconnects, to a
  // refused port, so through its load balancer to another process), and idle
  // ones are closed; in-flight requests finish.
  endEveryConnection = true;
  const idle = setInterval(closeIdleConnections, 25);
  await closed;
  clearInterval(idle);
  await appModule.stop(database);
  // A lost data-directory lock sets exitCode 1 before asking for this shutdown.
  process.exit(process.exitCode ?? 0);
}

/**
 * Resolves when `done()` holds or after `ms`. Checked right after the event
 * loop has polled for I/O (setImmediate), so connections the kernel holds have
 * been accepted and counted, even when a long task delayed the loop.
 */
async function until(done, ms) {
  const ends = Date.now() + ms;
  for (;;) {
    await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setImmediate(r));
    if (done() || Date.now() >= ends) return;
  }
}

/**
 * Closes the connections nobody is about to send on: idle for IDLE_MS since
 * their last answer, or opened without a first request for longer than a
 * client takes to send one. Busy ones end by themselves with `Connection: close`.
 */
function closeIdleConnections() {
  const now = Date.now();
  for (const [socket, state] of connections) {
    if (state.busy > 0) continue;
    if (state.requests > 0 ? now - state.idleSince > IDLE_MS : now - state.opened > FIRST_REQUEST_GRACE_MS) socket.destroy();
  }
}

process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

let crashes = 0;
/**
 * A crash: an exception nothing caught, or a rejected promise nothing handled
 * (docs/decisions/0117). One line for the operator, with
 * the process's state and the error's frames but no personal data
 * (server/crash-report.ts); then the drain of a stop, bounded by
 * CRASH_EXIT_MS, and exit 1, so that the process manager starts a fresh
 * process: the requests in flight are answered and the embedded database is
 * closed, instead of every connection being reset. A second crash meanwhile
 * (the drain itself failing) exits at once. Startup failures are cannotStart's.
 * @param {"uncaughtException" | "unhandledRejection"} kind
 * @param {unknown} error
 */
function crash(kind, error) {
  crashes++;
  let inFlight = 0;
  for (const state of connections.values()) inFlight += state.busy;
  try {
    appModule.logger.fatal(appModule.crashReport(error, { kind, pid: process.pid, uptimeSeconds: process.uptime(), inFlight }));
  } catch {
    console.error(`[crash] ${kind}: the report itself failed`);
  }
  process.exitCode = 1;
  if (crashes > 1) process.exit(1);
  // A stop already under way keeps its own bound and now ends with 1.
  void shutdown(kind, CRASH_EXIT_MS);
}
process.on("uncaughtException", (error) => crash("uncaughtException", error));
process.on("unhandledRejection", (reason) => crash("unhandledRejection", reason));
