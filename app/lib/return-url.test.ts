import { describe, expect, it } from "vitest";
import { safeReturnUrl } from "./return-url";

describe("safeReturnUrl", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeReturnUrl("/admin")).toBe("/admin");
    expect(safeReturnUrl("/admin/faqs?page=2&sort=question:asc#top")).toBe("/admin/faqs?page=2&sort=question:asc#top");
  });

  it("turns anything that could leave the site, or nothing, into /", () => {
    for (const value of [null, undefined, "", "admin", "https://evil.example/", "//evil.example", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)", " /admin"]) {
      expect(safeReturnUrl(value)).toBe("/");
    }
  });
});
