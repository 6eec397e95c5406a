import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reloadEnv } from "./env.server";

const saved = { ...process.env };
beforeEach(() => {
  // A secret and a data directory of the test's own: parsing must not write into ./data.
  Object.assign(process.env, { SESSION_SECRET: "test-secret", DATA_DIR: mkdtempSync(path.join(tmpdir(), "gr-detail-env-")) });
  for (const name of ["TRUST_PROXY", "PORT", "HOST", "LEAD_REMINDER_MINUTES", "BUSINESS_TIME_ZONE"]) delete process.env[name];
});
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  reloadEnv();
});

function parse(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  return reloadEnv();
}

describe("TRUST_PROXY: the number of reverse proxies in front", () => {
  it("is 0 when unset, empty or turned off", () => {
    expect(reloadEnv().TRUST_PROXY).toBe(0);
    for (const off of ["", "0", "false", "FALSE", "no", "off", " Off "]) expect(parse({ TRUST_PROXY: off }).TRUST_PROXY, off).toBe(0);
  });

  it("is 1 for 1 and for true / yes / on", () => {
    for (const one of ["1", "true", "True", "yes", "on", " 1 "]) expect(parse({ TRUST_PROXY: one }).TRUST_PROXY, one).toBe(1);
  });

  it("counts several proxies", () => {
    expect(parse({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parse({ TRUST_PROXY: "10" }).TRUST_PROXY).toBe(10);
  });

  it("refuses anything else at start-up, naming the variable", () => {
    for (const bad of ["maybe", "-1", "1.5", "2 proxies", "127.0.0.1", "loopback"]) {
      expect(() => parse({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: .*number of reverse proxies/);
      try {
        parse({ TRUST_PROXY: bad });
      } catch (error) {
        // server.js prints this kind of error's message alone.
        expect((error as Error).name).toBe("ConfigurationError");
      }
    }
  });
});

describe("PORT and HOST, which server.js takes from here", () => {
  it("default to 3000 on every interface", () => {
    expect(reloadEnv()).toMatchObject({ PORT: 3000, HOST: "0.0.0.0" });
  });

  it("take the values given, 0 meaning any free port", () => {
    expect(parse({ PORT: "8080", HOST: "127.0.0.1" })).toMatchObject({ PORT: 8080, HOST: "127.0.0.1" });
    expect(parse({ PORT: "0" }).PORT).toBe(0);
  });

  it("refuse a port that is not one, naming the variable", () => {
    for (const bad of ["http", "70000", "-1", "80.5"]) expect(() => parse({ PORT: bad }), bad).toThrow(/PORT:/);
  });
});

describe("LEAD_REMINDER_MINUTES and BUSINESS_TIME_ZONE", () => {
  it("default to an hour and Grand Rapids' time zone", () => {
    expect(reloadEnv()).toMatchObject({ LEAD_REMINDER_MINUTES: 60, BUSINESS_TIME_ZONE: "America/Detroit" });
  });

  it("take minutes with fractions and any IANA zone", () => {
    expect(parse({ LEAD_REMINDER_MINUTES: "0.05", BUSINESS_TIME_ZONE: "Europe/Berlin" })).toMatchObject({
      LEAD_REMINDER_MINUTES: 0.05,
      BUSINESS_TIME_ZONE: "Europe/Berlin",
    });
  });

  it("refuse what they cannot use, naming the variable", () => {
    for (const bad of ["soon", "0", "-5", "20000"]) expect(() => parse({ LEAD_REMINDER_MINUTES: bad }), bad).toThrow(/LEAD_REMINDER_MINUTES:/);
    for (const bad of ["Grand Rapids", "America/Nowhere", "EST5EDT6"]) {
      expect(() => parse({ BUSINESS_TIME_ZONE: bad }), bad).toThrow(/BUSINESS_TIME_ZONE: .*IANA time zone/);
    }
  });
});
