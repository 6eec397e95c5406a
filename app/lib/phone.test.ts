import { describe, expect, it } from "vitest";
import { formatPhone, phoneView, smsHref, telHref } from "./phone";

describe("links and display", () => {
  it("dials the E.164 number, the extension as ;ext=; nothing to dial is no link", () => {
    expect(telHref("+16165550123", "9")).toBe("tel:+16165550123;ext=9");
    expect(telHref("+16165550123")).toBe("tel:+16165550123");
    expect(telHref("")).toBe("");
    expect(smsHref("+16165550123")).toBe("sms:+16165550123");
    expect(smsHref("")).toBe("");
  });

  it("shows a North American number as (616) 555-0123 ext. 9; others, and unknown ones, as typed", () => {
    expect(formatPhone({ phone: "+1 616.555.0123 x9", e164: "+16165550123", ext: "9" })).toBe("(616) 555-0123 ext. 9");
    expect(formatPhone({ phone: "6165550123", e164: "+16165550123", ext: "" })).toBe("(616) 555-0123");
    expect(formatPhone({ phone: "+44 20 7946 0958", e164: "+442079460958", ext: "" })).toBe("+44 20 7946 0958");
    expect(formatPhone({ phone: "555-0123", e164: "", ext: "" })).toBe("555-0123");
    expect(phoneView({ phone: "+1 (616) 555-0123 x9", e164: "+16165550123", ext: "9" })).toEqual({
      text: "(616) 555-0123 ext. 9",
      tel: "tel:+16165550123;ext=9",
      sms: "sms:+16165550123",
    });
  });
});
