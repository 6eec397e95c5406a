import { expect, it } from "vitest";
import { takeRateLimit } from "~/server/rate-limit.server";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const database = useTestDatabase();
const db = () => database.db;

it("allows max hits per key in the window, refuses the next with a retry time, and keeps keys apart", async () => {
  const limit = { bucket: "test", max: 3, windowMs: 60_000 };
  const results = await Promise.all([1, 2, 3, 4].map(() => takeRateLimit(db(), limit, "1.2.3.4")));
  expect(results.filter((r) => r.allowed)).toHaveLength(3);
  const refused = results.find((r) => !r.allowed)!;
  expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  expect((await takeRateLimit(db(), limit, "5.6.7.8")).allowed).toBe(true);
});
