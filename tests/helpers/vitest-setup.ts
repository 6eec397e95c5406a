import { afterAll, afterEach } from "vitest";
import { reloadEnv } from "~/server/env.server";
import { recordConsoleError, takeUnexpectedConsoleErrors } from "./console";
import { ERROR_LEVEL, logLines, readable } from "./log-lines";

// This file runs before each test file. Where files share a worker process
// (vitest's isolate: false), each must still start from the process's first
// environment, and the wrappers below must be put on once.
const first = globalThis as typeof globalThis & { __testEnv?: Record<string, string | undefined> };
if (first.__testEnv) {
  // Vitest's own (VITEST_*: the worker's and the file's numbers) are its to set.
  const ours = (name: string) => !name.startsWith("VITEST");
  for (const name of Object.keys(process.env)) if (ours(name) && !(name in first.__testEnv)) delete process.env[name];
  for (const [name, value] of Object.entries(first.__testEnv)) if (ours(name)) process.env[name] = value;
} else {
  // Test runs never send real mail unless a test points SMTP_URL at its own sink,
  // and never read a developer's .env-style settings.
  for (const name of ["SMTP_URL", "DATABASE_URL", "APP_URL", "ADMIN_EMAILS", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "TRUST_PROXY"]) {
    delete process.env[name];
  }
  first.__testEnv = { ...process.env };
}
// The app's parsed environment, as a fresh process would read it: not the one an earlier file left.
reloadEnv();

// An error logged during a test is a failure unless the test declared it with
// expectConsoleError (./console.ts). Still printed, to say what it was. The
// wrappers call the recorder of the file now running (a file sharing the
// process gets ./console.ts afresh), and are put on once: a second wrapping
// would record each line twice.
const hooks = globalThis as typeof globalThis & { __recordConsoleError?: (args: unknown[]) => void };
hooks.__recordConsoleError = recordConsoleError;
const WRAPPED = Symbol.for("gr-detail.test-wrapper");
type Marked = { [WRAPPED]?: true };

if (!(console.error as Marked)[WRAPPED]) {
  const print = console.error.bind(console);
  const wrapped = (...args: unknown[]) => {
    hooks.__recordConsoleError!(args);
    print(...args);
  };
  (wrapped as Marked)[WRAPPED] = true;
  console.error = wrapped;
}

// The same for the server's logger, which writes JSON lines to stdout
// (app/server/log.server.ts): a line at error level or above is recorded as
// `[area] message` and its error, which is what expectConsoleError matches.
if (!(process.stdout.write as Marked)[WRAPPED]) {
  const write = process.stdout.write.bind(process.stdout);
  const wrapped = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (text.includes('"level":')) {
      for (const line of logLines(text)) if ((line.level ?? 0) >= ERROR_LEVEL) hooks.__recordConsoleError!([readable(line)]);
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  (wrapped as Marked)[WRAPPED] = true;
  process.stdout.write = wrapped;
}

function failOnUnexpectedErrors(where: string) {
  const unexpected = takeUnexpectedConsoleErrors();
  if (unexpected.length) {
    throw new Error(
      `console.error was called or an error logged ${where} (declare it with expectConsoleError(/…/) from tests/helpers/console.ts if it is expected):\n` +
        unexpected.map((line) => `  ${line.split("\n")[0]}`).join("\n"),
    );
  }
}

afterEach(() => failOnUnexpectedErrors("during this test"));
// Registered first, so it runs after the file's own afterAll hooks.
afterAll(() => failOnUnexpectedErrors("in this file's hooks"));
