import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable, withTimeLimit } from "./outage.server";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["refused on ::1 and 127.0.0.1", new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "")],
    ["a connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["pg's connect timeout", new Error("Connection terminated due to connection timeout")],
    ["pg-pool's wait for a connection", new Error("timeout exceeded when trying to connect")],
    ["the server shutting down", withCode("terminating connection due to administrator command", "57P01")],
    ["the server starting up", withCode("the database system is starting up", "57P03")],
    ["a connection exception", withCode("connection failure", "08006")],
    ["statement_timeout", withCode("canceling statement due to statement timeout", "57014")],
    ["our own time limit", new DatabaseUnavailableError("query: no answer from the database in 5000 ms")],
    ["one wrapped in a cause", new Error("Migration failed", { cause: withCode("read ECONNRESET", "ECONNRESET") })],
  ])("%s is an outage", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["a unique violation", withCode('duplicate key value violates unique constraint "users_email_key"', "23505")],
    ["a syntax error", withCode('syntax error at or near "SELEC"', "42601")],
    ["a thrown Response", new Response(null, { status: 404 })],
    ["nothing", undefined],
  ])("%s is not", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("withTimeLimit", () => {
  it("passes the answer through, or gives up with DatabaseUnavailableError", async () => {
    await expect(withTimeLimit(Promise.resolve(7), 1000, "check")).resolves.toBe(7);
    const never = new Promise<never>(() => {});
    await expect(withTimeLimit(never, 20, "check")).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});
