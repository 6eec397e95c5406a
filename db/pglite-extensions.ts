import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The PostgreSQL extensions the migrations create, as PGlite loads them: every
 * place that opens the embedded database passes these, so that what one opens
 * another can read (pg_trgm for search, btree_gist for the per-person
 * no-overlap rule of jobs, docs/decisions/0115).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };
