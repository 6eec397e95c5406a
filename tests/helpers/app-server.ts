import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase } from "./database";

export interface AppServer {
  url: string;
  /** Everything the server printed so far (e-mails logged without SMTP, errors). */
  output(): string;
  stop(): Promise<void>;
  process: ChildProcess;
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Starts the production server (`node server.js` on the built bundle) on a free
 * port with its own data directory and database, as operations.md runs it.
 * Run `npm run build` first.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; embeddedOnDisk?: boolean } = {},
): Promise<AppServer> {
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
      PORT: "0",
      HOST: "127.0.0.1",
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
    const timer = setTimeout(() => reject(new Error(`Server did not start in 60 s:\n${output}`)), 60_000);
    child.stdout!.on("data", () => {
      const match = output.match(/Listening on (http:\/\/\S+)/);
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
  return {
    url,
    process: child,
    output: () => output,
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
