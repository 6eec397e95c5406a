import { describe, expect, it } from "vitest";
import { business } from "./business";
import { businessJsonLd, jsonForScript } from "./structured-data";

describe("jsonForScript", () => {
  it("escapes characters that could end the script element, and still parses to the same value", () => {
    const value = { text: "</script><script>alert(1)</script> & <!-- \u2028" };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("businessJsonLd", () => {
  it("describes the business as an AutoWash with its phone, area, Facebook page and address", () => {
    const data = businessJsonLd("https://example.com");
    expect(data["@type"]).toBe("AutoWash");
    expect(data.url).toBe("https://example.com/");
    expect(data.telephone).toBe(business.phoneE164);
    expect(data.sameAs).toEqual([business.facebookUrl]);
    expect(data.address).toMatchObject({ addressLocality: business.locality, addressRegion: business.region });
    expect(data.areaServed.map((a) => a.name)).toContain("Grand Rapids");
  });
});
