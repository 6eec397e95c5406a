import { format } from "node:util";

/**
 * What the test setup (./vitest-setup.ts) does with console.error: every call
 * is recorded, and one that no declared pattern matches fails the test it
 * happened in (or the file, when logged in a hook). A test whose code path
 * logs an error on purpose (a mail server down, a database outage) declares it.
 */
const logged: string[] = [];
let expected: RegExp[] = [];
const expectedInFile: RegExp[] = [];

/**
 * Declares that the current test may log errors matching `pattern`: they do
 * not fail it. With `{ wholeFile: true }` (at the top of a file, or in
 * beforeAll) for every test and hook of the file: for work that goes on in
 * the background past the test that started it.
 */
export function expectConsoleError(pattern: RegExp, options: { wholeFile?: boolean } = {}): void {
  (options.wholeFile ? expectedInFile : expected).push(pattern);
}

export function recordConsoleError(args: unknown[]): void {
  logged.push(format(...args));
}

/** The errors logged since the last check that nothing declared, and a fresh start for the next test. */
export function takeUnexpectedConsoleErrors(): string[] {
  const allowed = [...expected, ...expectedInFile];
  const unexpected = logged.filter((line) => !allowed.some((pattern) => pattern.test(line)));
  logged.length = 0;
  expected = [];
  return unexpected;
}
