import { describe, expect, it } from "vitest";
import { quotePrefill } from "./quote-prefill";

describe("quotePrefill", () => {
  it("takes only the form's fields, trimmed and cut to their limits", () => {
    const params = new URLSearchParams({ name: " Dana Kowalski ", email: "dana@example.com", vehicle_type: "SUV", message: "m".repeat(1200), admin: "1", phone: "" });
    expect(quotePrefill(params)).toEqual({ name: "Dana Kowalski", email: "dana@example.com", vehicle_type: "SUV", message: "m".repeat(1000) });
  });
});
