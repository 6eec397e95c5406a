import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Database } from "../../db/types";
import { migrateToLatest } from "../../app/server/migrate.server";
import { redacted, ScriptError } from "./embedded";

/** Kysely's own bookkeeping: made by the migrations on the target, never copied. */
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

export interface TableCopy {
  table: string;
  rows: number;
}

interface TableShape {
  table: string;
  columns: string[];
}

/** A quoted SQL identifier; the names themselves come from the two databases' catalogs, checked against each other. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of schema public (but the migration bookkeeping) with their stored columns, in column order. */
async function tableShapes(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<TableShape[]> {
  const { rows } = await query(`
    SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    GROUP BY c.relname`);
  return rows
    .map((r) => ({ table: String(r.table), columns: r.columns as string[] }))
    .filter((t) => !MIGRATION_TABLES.has(t.table))
    .sort((a, b) => a.table.localeCompare(b.table));
}

/** Every table after the tables it references (foreign keys), so each insert finds its parent rows. */
function dependencyOrder(tables: string[], references: { from: string; to: string }[]): string[] {
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: string, path: string[]) => {
    if (state.get(table) === "done") return;
    if (state.get(table) === "visiting") throw new ScriptError(`Tables reference each other in a cycle (${[...path, table].join(" → ")}): db:copy cannot order them.`);
    state.set(table, "visiting");
    for (const r of references) if (r.from === table && r.to !== table) visit(r.to, [...path, table]);
    state.set(table, "done");
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** The public schema of `client`'s database holds nothing at all (no table, view or sequence). */
async function existingRelations(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') ORDER BY 1`);
  return rows.map((r) => r.name);
}

/**
 * Copies every row of the embedded database `source` (already migrated to the
 * latest schema) into the EMPTY PostgreSQL database at `targetUrl`
 * (docs/decisions/0074-moving-to-postgresql-with-db-copy.md): the schema
 * through the same migrations, then each table in dependency order through
 * COPY, with the tables' own triggers (counters, history, content version)
 * off so that the copied rows stay exactly as they were; then each serial's
 * sequence set past the largest id, and the row counts compared. The data goes
 * in one transaction: a failure leaves the target with the schema only.
 */
export async function copyDatabase(
  source: PGlite,
  targetUrl: string,
  options: { sessionSecret?: string; log?: (line: string) => void } = {},
): Promise<TableCopy[]> {
  const log = options.log ?? (() => {});
  const client = new pg.Client({ connectionString: targetUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new ScriptError(`Cannot connect to ${redacted(targetUrl)}: ${(error as Error).message}`);
  }
  client.on("error", () => {});
  try {
    const present = await existingRelations(client);
    if (present.length) {
      throw new ScriptError(
        `The target database ${redacted(targetUrl)} is not empty: it has ${present.length} table(s) or sequence(s) (${present.slice(0, 5).join(", ")}${present.length > 5 ? ", …" : ""}). ` +
          `db:copy copies only into an empty database, so that nothing there is overwritten: create a new one (CREATE DATABASE …) and give its URL.`,
      );
    }

    log("Creating the schema on the target (migrations)…");
    const target = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: targetUrl, max: 1 }) }) });
    try {
      await migrateToLatest(target);
    } finally {
      await target.destroy();
    }

    const sourceShapes = await tableShapes((sql) => source.query(sql));
    const targetShapes = new Map((await tableShapes((sql) => client.query(sql))).map((t) => [t.table, t.columns]));
    for (const { table, columns } of sourceShapes) {
      const there = targetShapes.get(table);
      const missing = there ? columns.filter((c) => !there.includes(c)) : columns;
      if (!there || missing.length) {
        throw new ScriptError(`The target's schema differs from the embedded database's: ${there ? `table ${table} has no column(s) ${missing.join(", ")}` : `no table ${table}`}. Are both on the same version of the site?`);
      }
    }
    const { rows: refs } = await source.query<{ from: string; to: string }>(`
      SELECT c.conrelid::regclass::text AS from, c.confrelid::regclass::text AS to
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public'`);
    const order = dependencyOrder(
      sourceShapes.map((t) => t.table),
      refs.map((r) => ({ from: r.from.replace(/^"|"$/g, ""), to: r.to.replace(/^"|"$/g, "") })),
    );
    const shapeOf = new Map(sourceShapes.map((t) => [t.table, t.columns]));

    const copied: TableCopy[] = [];
    await client.query("BEGIN");
    try {
      // Off: the triggers that count rows, record history and bump the content
      // version; the copied tables already hold what they made. USER triggers
      // only: the foreign keys stay checked. (Allowed to the tables' owner,
      // the user that just ran the migrations; no superuser needed.)
      for (const table of order) await client.query(`ALTER TABLE ${ident(table)} DISABLE TRIGGER USER`);
      // The rows the migrations themselves wrote (counters, the content version) make way for the copied ones.
      await client.query(`TRUNCATE ${order.map(ident).join(", ")}`);
      // Indexes are built once over the copied rows, not row by row: much faster
      // for the trigram (GIN) indexes the search uses.
      await client.query("SET LOCAL maintenance_work_mem = '256MB'");
      for (const table of order) {
        const columns = shapeOf.get(table)!.map(ident).join(", ");
        const started = performance.now();
        // Those that back no constraint (primary keys and unique constraints stay, and check the rows).
        const { rows: indexes } = await client.query<{ name: string; definition: string }>(
          `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
          [ident(table)],
        );
        for (const index of indexes) await client.query(`DROP INDEX ${ident(index.name)}`);
        // PGlite writes COPY … TO '/dev/blob' into a Blob: the text format keeps every type exactly.
        const result = await source.query(`COPY (SELECT ${columns} FROM ${ident(table)}) TO '/dev/blob'`);
        const blob = result.blob;
        if (blob && blob.size) {
          await pipeline(Readable.fromWeb(blob.stream() as import("node:stream/web").ReadableStream), client.query(copyFrom(`COPY ${ident(table)} (${columns}) FROM STDIN`)));
        }
        for (const index of indexes) await client.query(index.definition);
        const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${ident(table)}`);
        copied.push({ table, rows: Number(rows[0]!.n) });
        log(`  ${table}: ${rows[0]!.n} rows (${Math.round(performance.now() - started)} ms)`);
      }
      for (const table of order) await client.query(`ALTER TABLE ${ident(table)} ENABLE TRIGGER USER`);

      // Each serial column's sequence continues after the largest copied id.
      const { rows: serials } = await client.query<{ table: string; column: string; sequence: string }>(`
        SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`);
      for (const { table, column, sequence } of serials) {
        if (MIGRATION_TABLES.has(table)) continue;
        await client.query(`SELECT setval($1::regclass, coalesce(max(${ident(column)}), 1), max(${ident(column)}) IS NOT NULL) FROM ${ident(table)}`, [sequence]);
      }

      // The counts must match the source's, table by table.
      const differences: string[] = [];
      for (const { table, rows } of copied) {
        const { rows: counted } = await source.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(table)}`);
        if (counted[0]!.n !== rows) differences.push(`${table}: ${counted[0]!.n} in the embedded database, ${rows} copied`);
      }
      if (differences.length) throw new ScriptError(`The row counts differ, so nothing was kept:\n  ${differences.join("\n  ")}`);

      // The cookie secret the embedded site signed with: its sessions stay good on the server.
      if (options.sessionSecret) {
        await client.query(`INSERT INTO app_secrets (name, value) VALUES ('session', $1) ON CONFLICT (name) DO NOTHING`, [options.sessionSecret]);
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      if (error instanceof ScriptError) throw new ScriptError(`${error.message}\nThe target now has the schema but none of the data: drop it and create it again before the next try.`);
      throw new ScriptError(
        `The copy failed (${(error as Error).message}); nothing of the data was kept. The target now has the schema only: drop it and create it again before the next try.`,
      );
    }
    return copied;
  } finally {
    await client.end().catch(() => {});
  }
}
