import { describe, expect, it } from "vitest";
import { SEED_SETTINGS, SITE_FACTS } from "./business";
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
    const data = businessJsonLd("https://example.com", SEED_SETTINGS);
    expect(data["@type"]).toBe("AutoWash");
    expect(data.url).toBe("https://example.com/");
    expect(data.telephone).toBe("+16165550142");
    expect(data.name).toBe(SEED_SETTINGS.businessName);
    expect(data.sameAs).toEqual([SEED_SETTINGS.facebookUrl]);
    expect(data.address).toMatchObject({ addressLocality: SITE_FACTS.locality, addressRegion: SITE_FACTS.region });
    expect(data.areaServed.map((a) => a.name)).toContain("Grand Rapids");
  });

  it("uses the saved settings, and leaves sameAs empty without a Facebook page", () => {
    const data = businessJsonLd("https://example.com", { ...SEED_SETTINGS, phone: "+44 20 7946 0958", phoneE164: "+442079460958", businessName: "Gleam", facebookUrl: "" });
    expect(data.telephone).toBe("+442079460958");
    expect(data.name).toBe("Gleam");
    expect(data.sameAs).toEqual([]);
    expect(data).not.toHaveProperty("openingHours");
  });

  it("lists the opening hours one line each, when the owner gives them", () => {
    const data = businessJsonLd("https://example.com", { ...SEED_SETTINGS, openingHours: "Mon–Fri 8am–6pm\r\n\n  Sat 9am–2pm  " });
    expect(data.openingHours).toEqual(["Mon–Fri 8am–6pm", "Sat 9am–2pm"]);
  });
});
