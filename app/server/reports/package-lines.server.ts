import { sql, type RawBuilder } from "kysely";

/**
 * Which package, for which vehicle class, a priced line sold (docs/decisions/0150).
 * Lines keep words, not ids: the price book writes a package's line as
 * "{Package}, {Vehicle class}", and per foot with " (24 ft at $12.00 per
 * foot)" or " (18 ft, minimum price)" after it (price-book/quote-price.server.ts,
 * packageLine). The suffix taken off (the database's report_line_key, which
 * the summaries use too: docs/decisions/0157), the words are looked up among
 * every package and class of the book (a hash join, not a scan per line); a
 * line typed otherwise, or naming a package since renamed, sells none.
 */

/** Every "{Package}, {Vehicle class}" of the book with its two names: a CTE's body. */
export const packageKeys = () =>
  sql`SELECT (p.name || ', ' || vc.name) COLLATE "C" AS key, p.name AS package, vc.name AS vehicle_class FROM packages p CROSS JOIN vehicle_classes vc`;

/**
 * The line's words without the per-foot suffix: what packageKeys' key is
 * compared with, byte for byte (COLLATE "C": equality needs no locale, and
 * sorting or hashing by it is cheaper).
 */
export const lineKey = (description: ReturnType<typeof sql.ref>) => sql`report_line_key(${description}) COLLATE "C"`;

/**
 * The package and class of a summary row's kept line words (report_sales,
 * report_job_times: `line_keys`, in the lines' order): the first that is a
 * package of the book as it is now, as a LATERAL subquery's body. Needs the
 * CTE `keys` (packageKeys).
 */
export const firstPackage = (lineKeys: RawBuilder<unknown> | ReturnType<typeof sql.ref>) =>
  sql`SELECT k.package, k.vehicle_class FROM unnest(${lineKeys}) WITH ORDINALITY AS u(key, n) JOIN keys k ON k.key = u.key ORDER BY u.n LIMIT 1`;

/** The name of the row of work no package line names. */
export const NO_PACKAGE = "Not from the price book";
