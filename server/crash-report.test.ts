import { describe, expect, it } from "vitest";
import { withoutPersonalData } from "~/server/log-redaction.server";
import { crashReport } from "./crash-report";

const context = { kind: "uncaughtException" as const, pid: 4242, uptimeSeconds: 61.4, inFlight: 2 };

describe("withoutPersonalData", () => {
  it("replaces e-mail addresses, phone and other long numbers, and link tokens", () => {
    expect(withoutPersonalData("Lookup failed for Jane.Doe+cars@example.co.uk, call (616) 555-0123 or +1 616 555 0199")).toBe(
      "Lookup failed for <e-mail>, call <number> or <number>",
    );
    expect(withoutPersonalData("GET /estimates/AbCdEfGhIjKlMnOpQrStUvWx12345678 failed")).toBe("GET /estimates/<token> failed");
  });

  it("keeps what a developer needs: names, short numbers, file paths and line numbers", () => {
    const frame = "    at bookTime (file:///srv/app/build/server/index.js:1234:56)";
    expect(withoutPersonalData(frame)).toBe(frame);
    expect(withoutPersonalData("TypeError: Cannot read properties of undefined (reading 'startsAt')")).toBe(
      "TypeError: Cannot read properties of undefined (reading 'startsAt')",
    );
    expect(withoutPersonalData("timeout after 15000 ms on port 5432")).toBe("timeout after 15000 ms on port 5432");
  });
});

describe("crashReport", () => {
  it("names the kind, the process's state, the error and its frames, without the personal data in its message", () => {
    const error = Object.assign(new TypeError("No customer jane@example.com (6165550123)"), { code: "E_TEST" });
    const report = crashReport(error, context);
    expect(report).toMatch(/^\[crash\] uncaughtException \(pid 4242, up 61 s, 2 requests in flight\): TypeError: No customer <e-mail> \(<number>\)\n {4}at /);
    expect(report).toContain("crash-report.test.ts");
    expect(report).toMatch(/\(code E_TEST\)$/);
    expect(report).not.toMatch(/jane|6165550123/);
  });

  it("says what a rejection with something other than an Error was, without printing an object", () => {
    expect(crashReport({ email: "jane@example.com" }, { ...context, kind: "unhandledRejection", inFlight: 1 })).toBe(
      "[crash] unhandledRejection (pid 4242, up 61 s, 1 request in flight): a rejection with object, not an Error",
    );
    expect(crashReport("lost jane@example.com", { ...context, kind: "unhandledRejection" })).toContain("a rejection with a string: lost <e-mail>");
  });
});
