// Preloaded into a spawned production server by tests/integration/crash.test.ts
// (NODE_OPTIONS=--import …): no hook in the app itself. On SIGUSR2 the process
// meets the fault CRASH_TEST_FAULT names, as a bug would make it, with personal
// data in the error's message (which the crash log must not repeat):
// - "exception": an exception thrown from a timer, which nothing catches;
// - "rejection": a promise rejected with nothing to handle it.
export const CRASH_SECRET = "jane.doe@example.com (616) 555-0123";

process.on("SIGUSR2", () => {
  if (process.env.CRASH_TEST_FAULT === "rejection") {
    void Promise.reject(new Error(`Lookup failed for ${CRASH_SECRET}`));
  } else {
    setImmediate(() => {
      throw new TypeError(`Cannot read the booking of ${CRASH_SECRET}`);
    });
  }
});
