import type { Kysely } from "kysely";
import { schemaSnapshot, SCHEMA_SNAPSHOT_FILE } from "./schema-snapshot";
import { generateSchemaTypes, SCHEMA_TYPES_FILE } from "./schema-types";

/**
 * The files `npm run db:types` writes, by path from the repository root, as
 * the database `db` (freshly migrated) gives them.
 */
export async function schemaFiles(db: Kysely<any>): Promise<Record<string, string>> {
  return {
    [SCHEMA_TYPES_FILE]: await generateSchemaTypes(db),
    [SCHEMA_SNAPSHOT_FILE]: await schemaSnapshot(db),
  };
}
