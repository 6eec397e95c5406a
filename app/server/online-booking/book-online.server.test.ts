import { describe, expect, it } from "vitest";
import { vehicleWords, withZip } from "./book-online.server";

describe("withZip", () => {
  it("adds the ZIP Code the price was for, keeps an address that ends with it, refuses one that ends with another", () => {
    expect(withZip("45 Lake Dr, Holland, MI", "49423")).toEqual({ ok: true, value: "45 Lake Dr, Holland, MI 49423" });
    expect(withZip("45 Lake Dr, Holland, MI 49423", "49423")).toEqual({ ok: true, value: "45 Lake Dr, Holland, MI 49423" });
    expect(withZip("45 Lake Dr, Holland, MI 49423-1234", "49423")).toEqual({ ok: true, value: "45 Lake Dr, Holland, MI 49423-1234" });
    // A house number is no ZIP Code: only the address's end is read.
    expect(withZip("12345 Main St", "49503")).toEqual({ ok: true, value: "12345 Main St 49503" });
    expect(withZip("9 Oak St, Grand Rapids, MI 49503", "49423")).toEqual({
      ok: false,
      error: "This address is in ZIP Code 49503, but the price is for ZIP Code 49423. Change one of them.",
    });
  });
});

describe("vehicleWords", () => {
  it("names the kind a vehicle class's name says, else the class", () => {
    expect(["Car or Coupe", "SUV or Crossover", "Truck", "Minivan or Large SUV", "Boat", "Motorhome", "Golf Cart"].map(vehicleWords)).toEqual([
      "Car",
      "SUV",
      "Truck",
      "Van",
      "Boat",
      "RV",
      "Golf Cart",
    ]);
  });
});
