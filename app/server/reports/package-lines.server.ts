import { sql } from "kysely";

/**
 * Which package, for which vehicle class, a priced line sold (docs/decisions/0150).
 * Lines keep words, not ids: the price book writes a package's line as
 * "{Package}, {Vehicle class}", and per foot with " (24 ft at $12.00 per
 * foot)" or " (18 ft, minimum price)" after it (price-book/quote-price.server.ts,
 * packageLine). The suffix taken off, the words are looked up among every
 * package and class of the book (a hash join, not a scan per line); a line
 * typed otherwise, or naming a package since renamed, sells none.
 */

/** The per-foot suffix packageLine writes, as a PostgreSQL regular expression (a parameter, never spliced). */
export const PER_FOOT_SUFFIX = String.raw` \((\d+ ft at .+ per foot|\d+ ft, minimum price)\)$`;

/** Every "{Package}, {Vehicle class}" of the book with its two names: a CTE's body. */
export const packageKeys = () =>
  sql`SELECT (p.name || ', ' || vc.name) COLLATE "C" AS key, p.name AS package, vc.name AS vehicle_class FROM packages p CROSS JOIN vehicle_classes vc`;

/**
 * The line's words without the per-foot suffix: what packageKeys' key is
 * compared with, byte for byte (COLLATE "C": equality needs no locale, and
 * sorting or hashing by it is cheaper). The regular expression runs only on
 * lines that end as a per-foot line does.
 */
export const lineKey = (description: ReturnType<typeof sql.ref>) =>
  sql`(CASE WHEN ${description} LIKE '% ft%)' THEN regexp_replace(${description}, ${PER_FOOT_SUFFIX}, '') ELSE ${description} END) COLLATE "C"`;

/** The name of the row of work no package line names. */
export const NO_PACKAGE = "Not from the price book";
