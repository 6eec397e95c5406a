import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../tests/helpers/console";
import { logLines, type LogLine } from "../../tests/helpers/log-lines";
import { pathInLog } from "./log-redaction.server";
import { currentRequest, logFor, logger } from "./log.server";

// The lines the logger writes to stdout during a test (tests/helpers/vitest-setup.ts passes them on).
let written: string;
beforeEach(() => {
  written = "";
  const write = process.stdout.write;
  vi.spyOn(process.stdout, "write").mockImplementation(function (this: typeof process.stdout, chunk: string | Uint8Array, ...rest: unknown[]) {
    written += String(chunk);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof process.stdout.write);
});
afterEach(() => vi.restoreAllMocks());
const lines = (): LogLine[] => logLines(written);

describe("a log line", () => {
  it("is one JSON object with the level, the time, the area and, inside a request, its id", () => {
    currentRequest.run({ requestId: "req-1" }, () => logFor("quote").info("stored"));
    logFor("trash").warn("outside any request");
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, area: "quote", requestId: "req-1", msg: "stored", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
      expect.not.objectContaining({ requestId: expect.anything() }),
    ]);
  });

  it("never holds an e-mail address, a code, a token, a cookie, an authorization header or a password", () => {
    const secrets = ["amy@example.com", "482913", "AbCdEfGhIjKlMnOpQrStUvWx12345678", "SeSsIoN0123456789abcdefXYZ", "Bearer ApItOkEn", "hunter2-horse"];
    logFor("auth").info(
      {
        email: "amy@example.com",
        code: "482913",
        otp: "482913",
        token: "AbCdEfGhIjKlMnOpQrStUvWx12345678",
        cookie: "__session=SeSsIoN0123456789abcdefXYZ",
        headers: { cookie: "__session=SeSsIoN0123456789abcdefXYZ", authorization: "Bearer ApItOkEn" },
        user: { email: "amy@example.com", password: "hunter2-horse" },
        path: pathInLog("/estimates/AbCdEfGhIjKlMnOpQrStUvWx12345678/pdf?code=482913"),
      },
      "signed in amy@example.com with %s",
      "AbCdEfGhIjKlMnOpQrStUvWx12345678",
    );
    expectConsoleError(/^\[outbox\] e-mail 7 failed/);
    logFor("outbox").error({ err: new Error("550 mailbox amy@example.com unavailable") }, "e-mail 7 failed");
    const [line, failed] = lines() as [LogLine, LogLine];
    for (const secret of secrets) expect(written).not.toContain(secret);
    expect(line).toMatchObject({ email: "[redacted]", code: "[redacted]", cookie: "[redacted]", headers: "[redacted]", user: { email: "[redacted]", password: "[redacted]" } });
    expect(line.path).toBe("/estimates/:token/pdf");
    expect(line.msg).toBe("signed in <e-mail> with <token>");
    expect(failed.err).toMatchObject({ type: "Error", message: "550 mailbox <e-mail> unavailable" });
  });
});

describe("pathInLog", () => {
  it("drops the query, hides a customer's token, keeps admin ids and cuts a long path", () => {
    expect(pathInLog("/invoices/tok_123/pdf?download=1")).toBe("/invoices/:token/pdf");
    for (const page of ["estimates", "appointments", "reviews", "unsubscribe", "calendar"]) expect(pathInLog(`/${page}/x.data`)).toBe(`/${page}/:token`);
    expect(pathInLog("/admin/invoices/12?q=amy")).toBe("/admin/invoices/12");
    expect(pathInLog(`/${"a".repeat(300)}`)).toHaveLength(201);
  });
});

describe("an error line in a test", () => {
  it("is declared, or it fails the test (tests/helpers/vitest-setup.ts)", () => {
    expectConsoleError(/^\[request\] declared on purpose/);
    logger.child({ area: "request" }).error("declared on purpose");
    expect(lines()).toEqual([expect.objectContaining({ level: 50, msg: "declared on purpose" })]);
  });
});
