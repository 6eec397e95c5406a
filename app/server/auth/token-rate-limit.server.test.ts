import { describe, expect, it } from "vitest";
import { WindowCounter } from "./token-rate-limit.server";

// The API tokens' in-memory rate limit (docs/decisions/0036), on a clock the test sets.
describe("WindowCounter", () => {
  const limit = { max: 3, windowMs: 60_000 };

  it("allows max hits per key in a window, then refuses until the window ends", () => {
    const counter = new WindowCounter(limit);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(counter.take(7, t0 + i).allowed).toBe(true);
    expect(counter.take(7, t0 + 10)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(counter.take(7, t0 + 59_001)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Another key has its own window.
    expect(counter.take(8, t0 + 20).allowed).toBe(true);
    // The window ends a windowMs after its first hit.
    expect(counter.take(7, t0 + 60_000).allowed).toBe(true);
  });

  it("drops ended windows, so the map holds only keys used lately", () => {
    const counter = new WindowCounter(limit);
    const t0 = 5_000_000;
    for (let key = 0; key < 100; key++) counter.take(key, t0);
    expect(counter.size).toBe(100);
    counter.take(1_000, t0 + 60_000);
    expect(counter.size).toBe(1);
  });

  it("never holds more than maxKeys, forgetting the oldest window first", () => {
    const counter = new WindowCounter(limit, 2);
    const t0 = 9_000_000;
    for (let i = 0; i < 3; i++) counter.take(1, t0);
    for (let i = 0; i < 3; i++) counter.take(2, t0 + 1);
    expect(counter.take(1, t0 + 2).allowed).toBe(false);
    counter.take(3, t0 + 3);
    expect(counter.size).toBe(2);
    // Key 1's window was the oldest and went; key 2's is still counted.
    expect(counter.take(2, t0 + 4).allowed).toBe(false);
    expect(counter.take(1, t0 + 5).allowed).toBe(true);
  });
});
