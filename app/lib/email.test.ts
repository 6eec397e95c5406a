import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EMAIL_PATTERN, isEmailAddress } from "./email";

describe("the e-mail address rule", () => {
  it("is zod's own e-mail check", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it("refuses what ends or splits an address in a header: , ; < > : in the local part", () => {
    for (const address of ["a,b@example.com", "a;b@example.com", "a<b@example.com", "a>b@example.com", "a:b@example.com", "<a@example.com>", "Jane <jane@example.com>"]) {
      expect(isEmailAddress(address), address).toBe(false);
    }
  });

  it("refuses spaces, quotes, a second @, dots out of place and a domain without a top-level name", () => {
    for (const address of ["jane @example.com", '"jane"@example.com', "a@b@example.com", ".jane@example.com", "jane.@example.com", "ja..ne@example.com", "jane@example", "jane@example.c", "jane@-example.com"]) {
      expect(isEmailAddress(address), address).toBe(false);
    }
  });

  it("takes ordinary addresses, plus tags and apostrophes included, up to 254 characters", () => {
    for (const address of ["j@x.io", "jane.smith+boat@mail.example.co.uk", "o'brien@example.ie", "first_last-1@sub-domain.example.com"]) {
      expect(isEmailAddress(address), address).toBe(true);
    }
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    expect(long.length).toBe(254);
    expect(isEmailAddress(long)).toBe(true);
    expect(isEmailAddress(`a${long}`)).toBe(false);
  });
});
