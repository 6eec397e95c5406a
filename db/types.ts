import type { Selectable } from "kysely";
import type { DB, EmailOutbox } from "./schema-types";

/**
 * The database's types, generated from the migrated schema into
 * db/schema-types.ts by `npm run db:types` (docs/decisions/0068). This file
 * only names what the code imports; the tables are the generated ones.
 */
export type Database = DB;

export type OutboxEmail = Selectable<EmailOutbox>;
