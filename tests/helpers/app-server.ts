import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cookiesFrom } from "./cookies";
import { createTestDatabase } from "./database";
import { logLines, readableLog, type LogLine } from "./log-lines";
import { reservedPort } from "./ports";
import type { SmtpSink } from "./smtp";

export interface AppServer {
  url: string;
  /** fetch() relative to the server, same-origin by default (Origin header set), redirects not followed. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** Everything the server printed so far (e-mails logged without SMTP, errors): its JSON log lines as written. */
  output(): string;
  /** The same, one object a line (./log-lines.ts). */
  logLines(): LogLine[];
  /** The same as a person reads it: `[area] message` a line, with errors' stacks (./log-lines.ts). */
  logText(): string;
  stop(): Promise<void>;
  process: ChildProcess;
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The spawned-server harness: the production server (`node server.js` on the
 * built bundle in $BUILD_DIR) on a free port with its own data directory and
 * database (seeded at start, as every start seeds a new database), for what
 * only the whole server shows: headers, the origin check, the page cache,
 * cookies, rendered pages, the process's life. Vitest's globalSetup
 * (./global-setup.ts) builds the bundle if it is missing or older than the sources.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; embeddedOnDisk?: boolean; withAppUrl?: boolean } = {},
): Promise<AppServer> {
  // withAppUrl: APP_URL set to the server's own address, as in production, for
  // the absolute links only a configured origin gives (canonical, og:image, sitemap).
  // A server with SMTP_URL refuses to start without APP_URL (customers' e-mails
  // need absolute links), so it gets its own address unless the test names one.
  const ownAddress = (options.withAppUrl ?? (!!env.SMTP_URL && !env.APP_URL)) ? await freePortAddress() : undefined;
  // embeddedOnDisk: no DATABASE_URL at all, as `npm start` runs (PGlite in $DATA_DIR/db).
  const database = options.embeddedOnDisk ? { url: "", drop: async () => {} } : await createTestDatabase();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "gr-detail-app-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      PORT: ownAddress ? ownAddress.port : "0",
      HOST: "127.0.0.1",
      ...(ownAddress ? { APP_URL: ownAddress.url } : {}),
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start in 90 s:\n${output}`)), 90_000);
    child.stdout!.on("data", () => {
      const match = output.match(/Listening on (http:\/\/[^\s"]+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${output}`));
    });
  });
  // A browser on the public site sends the public origin (APP_URL, e.g. a balancer's in front of this server).
  const publicOrigin = env.APP_URL ? new URL(env.APP_URL).origin : url;
  return {
    url,
    fetch(pathname, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("origin")) headers.set("origin", publicOrigin);
      return fetch(url + pathname, { ...init, headers, redirect: "manual" });
    },
    process: child,
    output: () => output,
    logLines: () => logLines(output),
    logText: () => readableLog(output),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await database.drop();
    },
  };
}

/** A port reserved for this worker (./ports.ts) and its http URL on 127.0.0.1. */
export async function freePortAddress(): Promise<{ port: string; url: string }> {
  const port = await reservedPort();
  return { port: String(port), url: `http://127.0.0.1:${port}` };
}

/**
 * Signs `email` in as a person does, through the code the server e-mails to
 * `smtp` (start the server, or set the in-process app's env, with SMTP_URL
 * pointing at it; ADMIN_EMAILS makes an address an administrator at sign-in). Returns the Cookie header to send.
 * One sign-in per address and half minute: the resend wait applies.
 */
export async function signInByEmail(app: Pick<AppServer, "fetch">, smtp: SmtpSink, email: string): Promise<string> {
  const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const before = smtp.messages.length;
  const sent = await app.fetch("/api/send-otp", json({ email }));
  if (sent.status !== 200) throw new Error(`send-otp for ${email} answered ${sent.status}: ${await sent.text()}`);
  const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes(email) && m.subject.startsWith("Your sign-in code"));
  const otp = mail.text.match(/\b(\d{6})\b/)![1]!;
  const verified = await app.fetch("/api/verify-otp", json({ email, otp }));
  if (verified.status !== 200) throw new Error(`verify-otp for ${email} answered ${verified.status}: ${await verified.text()}`);
  return cookiesFrom(verified);
}
