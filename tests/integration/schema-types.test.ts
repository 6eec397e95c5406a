import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { schemaFiles } from "../../scripts/lib/schema-files";
import { literalsOfCheck } from "../../scripts/lib/schema-types";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// A fresh database of this file's own, migrated (embedded, or on TEST_DATABASE_URL's server).
const database = useTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");

describe("the generated schema files (npm run db:types)", () => {
  it("match the migrated database: db/schema-types.ts and db/schema.sql are not stale", async () => {
    const fresh = await schemaFiles(database.db);
    // The message names the fix; the diff under it ("Received": the committed file) shows what changed.
    for (const [file, text] of Object.entries(fresh)) {
      expect.soft(readFileSync(path.join(root, file), "utf8"), `${file} is stale: run npm run db:types`).toBe(text);
    }
  });

  it("type a CHECK … IN list as its literals, and leave other checks alone", () => {
    expect(literalsOfCheck("CHECK ((kind = ANY (ARRAY['status'::text, 'note'::text])))")).toBe('"status" | "note"');
    expect(literalsOfCheck("CHECK ((length(name) >= 1))")).toBeUndefined();
    expect(literalsOfCheck("CHECK ((n = ANY (ARRAY[1, 2])))")).toBeUndefined();
  });
});
