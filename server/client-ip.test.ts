import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-ip";

describe("clientAddress", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("198.51.100.7", "203.0.113.1", 0)).toBe("198.51.100.7");
    expect(clientAddress("198.51.100.7", undefined, 1)).toBe("198.51.100.7");
  });

  it("behind one proxy is the entry that proxy appended (the rightmost), never one the client wrote", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.1", 1)).toBe("203.0.113.1");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.1", 1)).toBe("203.0.113.1");
    expect(clientAddress("10.0.0.2", "1.1.1.1,2.2.2.2 ,  203.0.113.1", 1)).toBe("203.0.113.1");
  });

  it("behind two proxies is the second entry from the right", () => {
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.1, 10.0.0.1", 2)).toBe("203.0.113.1");
  });

  it("with fewer entries than proxies is the leftmost one recorded", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.1", 3)).toBe("203.0.113.1");
  });
});
