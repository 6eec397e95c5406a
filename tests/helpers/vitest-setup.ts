import { afterAll, afterEach, vi } from "vitest";
import { recordConsoleError, takeUnexpectedConsoleErrors } from "./console";
import { ERROR_LEVEL, logLines, readable } from "./log-lines";

// Test runs never send real mail unless a test points SMTP_URL at its own sink,
// and never read a developer's .env-style settings.
for (const name of ["SMTP_URL", "DATABASE_URL", "APP_URL", "ADMIN_EMAILS", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "TRUST_PROXY"]) {
  delete process.env[name];
}

// An error logged during a test is a failure unless the test declared it with
// expectConsoleError (./console.ts). Still printed, to say what it was.
const print = console.error.bind(console);
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  recordConsoleError(args);
  print(...args);
});

// The same for the server's logger, which writes JSON lines to stdout
// (app/server/log.server.ts): a line at error level or above is recorded as
// `[area] message` and its error, which is what expectConsoleError matches.
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  if (text.includes('"level":')) {
    for (const line of logLines(text)) if ((line.level ?? 0) >= ERROR_LEVEL) recordConsoleError([readable(line)]);
  }
  return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

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
