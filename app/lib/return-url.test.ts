import { describe, expect, it } from "vitest";
import { safeReturnUrl } from "./return-url";

const SITE = "https://shine.example";

/** Where a browser on SITE ends up when sent to `location` (a Location header or a link). */
const followed = (location: string) => new URL(location, SITE);

describe("safeReturnUrl", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeReturnUrl("/admin")).toBe("/admin");
    expect(safeReturnUrl("/admin/faqs?page=2&sort=question:asc#top")).toBe("/admin/faqs?page=2&sort=question:asc#top");
    expect(safeReturnUrl("/admin/quote_requests?q=caf%C3%A9")).toBe("/admin/quote_requests?q=caf%C3%A9");
  });

  it("gives the normalised form the browser would follow (ASCII only, so it fits a Location header)", () => {
    expect(safeReturnUrl("/admin/./faqs/../users")).toBe("/admin/users");
    expect(safeReturnUrl("/admin?q=café")).toBe("/admin?q=caf%C3%A9");
    // Percent-encoded slashes are one path segment's text, not slashes: still this site.
    expect(safeReturnUrl("/%2F%2Fevil.com")).toBe("/%2F%2Fevil.com");
    expect(safeReturnUrl("/%5Cevil.com")).toBe("/%5Cevil.com");
    expect(safeReturnUrl("/%09/evil.com")).toBe("/%09/evil.com");
  });

  const hostile = [
    // Dot segments that leave "//host" behind once normalised.
    "/.//evil.com",
    "/..//evil.com",
    "/a/../..//evil.com",
    "/%2e//evil.com",
    "/%2e%2e//evil.com",
    "/.%2e//evil.com",
    // Protocol-relative, and backslashes the parser reads as slashes.
    "//evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "/./\\evil.com",
    "/.\\/evil.com",
    // Tabs and newlines, which the parser drops wherever they are.
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\n/evil.com",
    "/.\t//evil.com",
    "/.\n/\n/evil.com",
    "/\t\\evil.com",
    // Other schemes and forms.
    "https:evil.com",
    "https://evil.com/",
    "http:/evil.com",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " /admin",
    "\t/admin",
    "admin",
    "",
    null,
    undefined,
  ];

  it.each(hostile.map((value) => [JSON.stringify(value), value]))("turns %s into /", (_name, value) => {
    expect(safeReturnUrl(value)).toBe("/");
  });

  it("never answers something a browser would follow off the site", () => {
    const pieces = ["/", "//", "\\", ".", "..", "%2e", "%2F", "%5C", "\t", "\n", "\r", "evil.com", "@", ":", "?", "#", " "];
    // Every string of up to four pieces (17^4 ≈ 83,000): if one escaped, its text is in the failure.
    const escaped: string[] = [];
    const visit = (prefix: string, depth: number) => {
      const answer = safeReturnUrl(prefix);
      const target = followed(answer);
      if (target.origin !== SITE || !answer.startsWith("/") || answer.startsWith("//")) escaped.push(JSON.stringify(prefix));
      if (depth === 4) return;
      for (const piece of pieces) visit(prefix + piece, depth + 1);
    };
    visit("/", 0);
    expect(escaped).toEqual([]);
  });
});
