import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isPhoneShaped } from "~/lib/phone-shape";
import { parsePhone, phoneColumns, withPhoneRule } from "./phone.server";

describe("the phone rule", () => {
  it("reads the number and keeps the extension apart from its digits", () => {
    expect(parsePhone("+1 (616) 555-0123 x9")).toEqual({ e164: "+16165550123", ext: "9" });
    expect(parsePhone("616-555-0123")).toEqual({ e164: "+16165550123", ext: "" });
    expect(parsePhone("1 (616) 555-0123 ext. 12")).toEqual({ e164: "+16165550123", ext: "12" });
    expect(parsePhone("616.555.0123 #4")).toEqual({ e164: "+16165550123", ext: "4" });
    expect(parsePhone("+44 (0)20 7946 0958")).toEqual({ e164: "+442079460958", ext: "" });
  });

  it("refuses letters, numbers no country has, and text around a number", () => {
    for (const typed of ["616-555-ABCD", "1-800-FLOWERS", "call 616-555-0123 now", "(555) 123-4567", "123-456-7890", "000-000-0000", "555-0123", "+1 616 555 01", ""]) {
      expect(parsePhone(typed), typed).toBeNull();
    }
  });

  it("never accepts what the browser's shape check refuses (the browser never refuses a valid phone)", () => {
    const samples = ["616-555-0123", "+1 (616) 555-0123 x9", "011 44 20 7946 0958", "+44 20 7946 0958", "616 555 0123 ext 5", "1-800-FLOWERS", "16165550123", "616/555-0123"];
    for (const typed of samples) if (parsePhone(typed)) expect(isPhoneShaped(typed), typed).toBe(true);
  });

  it("gives the columns to store: as typed (trimmed), E.164 and extension; none for no phone or not a number", () => {
    expect(phoneColumns(" +1 (616) 555-0123 x9 ")).toEqual({ phone: "+1 (616) 555-0123 x9", phone_e164: "+16165550123", phone_ext: "9" });
    expect(phoneColumns("")).toEqual({ phone: "", phone_e164: "", phone_ext: "" });
    expect(phoneColumns("555-0123")).toEqual({ phone: "555-0123", phone_e164: "", phone_ext: "" });
  });

  it("adds the rule to a form's field once, after the field's own checks", () => {
    const field = withPhoneRule(z.string().trim().max(20, { error: "Too long.", abort: true }));
    const messages = (value: string) => {
      const result = field.safeParse(value);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages("616-555-0123")).toEqual([]);
    expect(messages("")).toEqual([]);
    expect(messages("(555) 123-4567")).toEqual(["Phone is not valid."]);
    expect(messages("1".repeat(21))).toEqual(["Too long."]);
  });
});
