import { describe, expect, it } from "vitest";
import { isPhoneShaped } from "./phone-shape";

describe("a phone's shape (what the browser checks)", () => {
  it("takes US numbers in the usual ways, with an optional extension, and + with a country code", () => {
    for (const phone of [
      "616-555-0123",
      "(616) 555-0123",
      "616.555.0123",
      "6165550123",
      "1-616-555-0123",
      "+1 (616) 555-0123 x9",
      "616-555-0123 ext. 12",
      "616-555-0123 extension 12",
      "616-555-0123 #12",
      "  616 555 0123  ",
      "+44 20 7946 0958",
      "+33 1 23 45 67 89",
    ]) {
      expect(isPhoneShaped(phone), phone).toBe(true);
    }
  });

  it("refuses letters (but an extension's marker), too few or too many digits, and a + in the middle", () => {
    for (const phone of [
      "616-555-ABCD",
      "1-800-FLOWERS",
      "call 616-555-0123",
      "616-555-0123 x",
      "616-555-0123 ext. 1234567890",
      "555-0123",
      "26165550123",
      "+1 616 555 0123 4567 89",
      "616+555-0123",
      "",
      "()",
    ]) {
      expect(isPhoneShaped(phone), phone).toBe(false);
    }
  });
});
