import { describe, expect, it } from "vitest";
import { zipOfAddress } from "./address-zip";

// Where a job is, for the road between jobs (issue 35, docs/decisions/0130).
describe("zipOfAddress", () => {
  it("takes five digits standing alone at the end, ZIP+4 too", () => {
    expect(zipOfAddress("12 Main St, Holland, MI 49423")).toBe("49423");
    expect(zipOfAddress("12 Main St, Holland, MI 49423-1234 ")).toBe("49423");
    expect(zipOfAddress("49503")).toBe("49503");
    expect(zipOfAddress("12 Main St, Holland, MI49423")).toBe("49423");
  });

  it("never a street number or a longer number, nor an address without one", () => {
    expect(zipOfAddress("49423 Lakeshore Dr, Holland, MI")).toBeNull();
    expect(zipOfAddress("Lot 123456")).toBeNull();
    expect(zipOfAddress("12 Main St, Grand Rapids, MI")).toBeNull();
    expect(zipOfAddress("")).toBeNull();
  });
});
