import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The owner's numbers over long periods (issue 38, docs/decisions/0157): the
// facts the slow reports derived row by row on every read, kept by the
// database itself, so that no write path (the app's screens, the dashboard's
// table editor, /api, imports, restores from the trash) can forget them:
//
// - report_requests: one row per request origin as the funnel defines them
//   (a quote request; an estimate made without one; a job made with
//   neither) with when, whose, its source and whether it was estimated,
//   booked, paid, and made by a customer who had come back;
// - report_sales: one row per invoice paid in full: when, whose, its
//   subtotal, the words of its lines that may name a package, and whether
//   the customer had paid before;
// - report_job_times: one row per job done through Start Job: when it was
//   finished, how long it took and was booked for, and its estimate's line
//   words.
//
// Each is defined once, by a view over the live tables (`…_live`); statement
// triggers with transition tables collect what a statement touched and
// recompute exactly those rows from the view, set-based, so a bulk INSERT …
// SELECT costs one pass. Line words are kept as written (the per-foot suffix
// taken off), never as the package's name: the page looks them up in the
// current price book when it reads, so renaming a package rewrites nothing.

/** The per-foot suffix the price book writes after a boat's package line (price-book/quote-price.server.ts, packageLine); no quote in it, so it stands in SQL as written. */
const PER_FOOT_SUFFIX = String.raw` \((\d+ ft at .+ per foot|\d+ ft, minimum price)\)$`;

/** Two transactions that touch one customer's work take turns: 64 lock buckets by customer id, so a bulk statement holds 64 locks at most. */
const LOCK_BUCKETS = 64;

/** Each watched table: the columns the summaries read (an UPDATE that changes none of them recomputes nothing) and what a row touches. */
const WATCHED = [
  { table: "quote_requests", columns: "id, customer_id, created_at", touch: "ROW(id, NULL, NULL, NULL, NULL, NULL, customer_id, false)" },
  { table: "estimates", columns: "id, lead_id, customer_id, created_at, source, status", touch: "ROW(lead_id, id, NULL, NULL, NULL, NULL, customer_id, false)" },
  {
    table: "jobs",
    columns: "id, lead_id, estimate_id, customer_id, created_at, source, status, started_at, done_at, duration_minutes",
    touch: "ROW(lead_id, estimate_id, id, NULL, id, NULL, customer_id, true)",
  },
  {
    table: "invoices",
    columns: "id, lead_id, job_id, estimate_id, customer_id, status, paid_at, subtotal_cents",
    touch: "ROW(lead_id, estimate_id, job_id, id, NULL, NULL, customer_id, true)",
  },
  // A line's customer is its document's (NULL when the document goes in the same statement: its own trigger counts it).
  {
    table: "estimate_lines",
    columns: "id, estimate_id, position, description",
    touch: "ROW(NULL, NULL, NULL, NULL, NULL, estimate_id, (SELECT e.customer_id FROM estimates e WHERE e.id = estimate_id), false)",
  },
  {
    table: "invoice_lines",
    columns: "id, invoice_id, position, description",
    touch: "ROW(NULL, NULL, NULL, invoice_id, NULL, NULL, (SELECT i.customer_id FROM invoices i WHERE i.id = invoice_id), false)",
  },
] as const;

/**
 * Per-UTC-day rollups of the summaries (counts and sums by day and by what the page groups by), kept from the
 * summaries' own changes: a long period reads its whole UTC days here and only the hours at its two edges (the
 * business's midnights are not UTC's) row by row. A row whose time is NULL is in no period, so in no day.
 */
interface Rollup {
  table: string;
  /** The summary it rolls up, and the time that puts a row in a day. */
  of: string;
  time: string;
  /** What the page groups by: name and type. */
  keys: [string, string][];
  /** What it adds up: name, type, and the summary's expression (1 to count). */
  sums: [string, string, string][];
}

const ROLLUPS: Rollup[] = [
  {
    table: "report_request_days",
    of: "report_requests",
    time: "created_at",
    keys: [
      ["source", "text"],
      ["came_back", "boolean"],
      ["estimated", "boolean"],
      ["booked", "boolean"],
      ["paid", "boolean"],
    ],
    sums: [["requests", "integer", "1"]],
  },
  {
    table: "report_sale_days",
    of: "report_sales",
    time: "paid_at",
    keys: [["line_keys", "text[]"]],
    sums: [
      ["tickets", "integer", "1"],
      ["cents", "bigint", "subtotal_cents"],
    ],
  },
  {
    table: "report_job_time_days",
    of: "report_job_times",
    time: "done_at",
    keys: [["line_keys", "text[]"]],
    sums: [
      ["jobs", "integer", "1"],
      ["actual_minutes", "numeric", "actual_minutes"],
      ["booked_minutes", "bigint", "duration_minutes"],
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  // The words a line is compared with a package's "{Package}, {Vehicle class}": without the per-foot suffix
  // (the regular expression only for lines that end as a per-foot line does). The live queries use it too.
  await sql`CREATE FUNCTION report_line_key(description text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN description LIKE '% ft%)' THEN regexp_replace(description, ${sql.raw(`'${PER_FOOT_SUFFIX}'`)}, '') ELSE description END
  $$`.execute(db);
  // The first time a customer had a job done or an invoice paid in full: a request after it is Returning (docs/decisions/0151).
  await sql`CREATE FUNCTION report_first_back(customer integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
    SELECT least((SELECT min(done_at) FROM jobs WHERE customer_id = customer AND status = 'done'),
                 (SELECT min(paid_at) FROM invoices WHERE customer_id = customer AND status = 'paid'))
  $$`.execute(db);
  // The first time a customer paid an invoice in full: one paid later is repeat business.
  await sql`CREATE FUNCTION report_first_paid(customer integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
    SELECT min(paid_at) FROM invoices WHERE customer_id = customer AND status = 'paid'
  $$`.execute(db);

  // The definitions, as app/server/reports/live-figures.server.ts reads them live.
  await sql`CREATE VIEW report_requests_live AS
    SELECT 'quote'::text AS origin, q.id, q.customer_id, q.created_at, 'quote_form'::text AS source,
           EXISTS (SELECT FROM estimates e WHERE e.lead_id = q.id AND e.status <> 'draft') AS estimated,
           EXISTS (SELECT FROM jobs j WHERE j.lead_id = q.id AND j.status <> 'cancelled') AS booked,
           EXISTS (SELECT FROM invoices i WHERE i.lead_id = q.id AND i.status = 'paid') AS paid,
           coalesce(report_first_back(q.customer_id) < q.created_at, false) AS came_back
    FROM quote_requests q
    UNION ALL
    SELECT 'estimate', e.id, e.customer_id, e.created_at, e.source,
           e.status <> 'draft',
           EXISTS (SELECT FROM jobs j WHERE j.estimate_id = e.id AND j.status <> 'cancelled'),
           EXISTS (SELECT FROM invoices i WHERE i.estimate_id = e.id AND i.status = 'paid'),
           coalesce(report_first_back(e.customer_id) < e.created_at, false)
    FROM estimates e WHERE e.lead_id IS NULL
    UNION ALL
    SELECT 'job', j.id, j.customer_id, j.created_at, j.source,
           true,
           j.status <> 'cancelled',
           EXISTS (SELECT FROM invoices i WHERE i.job_id = j.id AND i.status = 'paid'),
           coalesce(report_first_back(j.customer_id) < j.created_at, false)
    FROM jobs j WHERE j.lead_id IS NULL AND j.estimate_id IS NULL`.execute(db);
  // Only lines whose words hold ", " can be a package's "{Package}, {Vehicle class}"; the rest never name one.
  const lineKeys = (table: string, key: string, id: string) => sql`ARRAY(
      SELECT k FROM ${sql.table(table)} l, LATERAL (SELECT report_line_key(l.description) AS k) x
      WHERE ${sql.ref(`l.${key}`)} = ${sql.ref(id)} AND strpos(k, ', ') > 0 ORDER BY l.position, l.id)`;
  // The line words as a LATERAL subquery of their own (not a column's expression), so that the view has two relations
  // and PostgreSQL 15 and 17 print it alike in db/schema.sql (17 leaves a one-relation view's columns unqualified).
  await sql`CREATE VIEW report_sales_live AS
    SELECT i.id AS invoice_id, i.customer_id, i.paid_at, i.subtotal_cents, w.line_keys,
           coalesce(i.paid_at > report_first_paid(i.customer_id), false) AS repeat
    FROM invoices i CROSS JOIN LATERAL (SELECT ${lineKeys("invoice_lines", "invoice_id", "i.id")} AS line_keys) w
    WHERE i.status = 'paid'`.execute(db);
  await sql`CREATE VIEW report_job_times_live AS
    SELECT j.id AS job_id, j.customer_id, j.estimate_id, j.done_at, extract(epoch FROM j.done_at - j.started_at) / 60 AS actual_minutes,
           j.duration_minutes, w.line_keys
    FROM jobs j CROSS JOIN LATERAL (SELECT ${lineKeys("estimate_lines", "estimate_id", "j.estimate_id")} AS line_keys) w
    WHERE j.status = 'done' AND j.started_at IS NOT NULL`.execute(db);

  // No foreign keys: the rows are derived, the triggers remove them with what they summarise.
  await sql`CREATE TABLE report_requests (
    origin text NOT NULL CHECK (origin IN ('quote', 'estimate', 'job')),
    id integer NOT NULL,
    customer_id integer NOT NULL,
    created_at timestamptz NOT NULL,
    source text NOT NULL,
    estimated boolean NOT NULL,
    booked boolean NOT NULL,
    paid boolean NOT NULL,
    came_back boolean NOT NULL,
    PRIMARY KEY (origin, id)
  )`.execute(db);
  await sql`CREATE INDEX report_requests_created_idx ON report_requests (created_at)`.execute(db);
  await sql`CREATE INDEX report_requests_customer_idx ON report_requests (customer_id)`.execute(db);
  await sql`CREATE TABLE report_sales (
    invoice_id integer PRIMARY KEY,
    customer_id integer NOT NULL,
    paid_at timestamptz,
    subtotal_cents bigint NOT NULL,
    line_keys text[] NOT NULL,
    repeat boolean NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX report_sales_paid_idx ON report_sales (paid_at)`.execute(db);
  await sql`CREATE INDEX report_sales_customer_idx ON report_sales (customer_id)`.execute(db);
  await sql`CREATE TABLE report_job_times (
    job_id integer PRIMARY KEY,
    customer_id integer NOT NULL,
    estimate_id integer,
    done_at timestamptz,
    actual_minutes numeric,
    duration_minutes integer NOT NULL,
    line_keys text[] NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX report_job_times_done_idx ON report_job_times (done_at)`.execute(db);
  await sql`CREATE INDEX report_job_times_estimate_idx ON report_job_times (estimate_id) WHERE estimate_id IS NOT NULL`.execute(db);

  for (const r of ROLLUPS) {
    const keyNames = r.keys.map(([k]) => k).join(", ");
    await sql`CREATE TABLE ${sql.table(r.table)} (
      day date NOT NULL,
      ${sql.raw(r.keys.map(([k, t]) => `${k} ${t} NOT NULL`).join(", "))},
      ${sql.raw(r.sums.map(([k, t]) => `${k} ${t} NOT NULL`).join(", "))},
      PRIMARY KEY (day, ${sql.raw(keyNames)})
    )`.execute(db);
    // The statement's rows out (-1) and in (+1), added to their days' rows in one order (no two writers wait on each
    // other crosswise); the sums commute, so writers at once each add theirs.
    const rows = (from: string, sign: number) => `SELECT ${r.time} AS t, ${keyNames}, ${r.sums.map(([k, , e]) => `${e} AS ${k}`).join(", ")}, ${sign} AS sign FROM ${from}`;
    const add = (source: string) => `
      INSERT INTO ${r.table} AS d (day, ${keyNames}, ${r.sums.map(([k]) => k).join(", ")})
      SELECT (t AT TIME ZONE 'UTC')::date AS day, ${keyNames}, ${r.sums.map(([k, t]) => `sum(sign * ${k})::${t}`).join(", ")}
      FROM (${source}) c
      WHERE t IS NOT NULL
      GROUP BY 1, ${keyNames}
      HAVING ${r.sums.map(([k]) => `sum(sign * ${k}) <> 0`).join(" OR ")}
      ORDER BY 1, ${keyNames}
      ON CONFLICT (day, ${keyNames}) DO UPDATE SET ${r.sums.map(([k]) => `${k} = d.${k} + EXCLUDED.${k}`).join(", ")}`;
    const fn = sql.id(`${r.of}_rolled_up`);
    await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${sql.raw(add(rows("new_rows", 1)))};
        ELSIF TG_OP = 'DELETE' THEN
          ${sql.raw(add(rows("old_rows", -1)))};
        ELSE
          ${sql.raw(add(`${rows("old_rows", -1)} UNION ALL ${rows("new_rows", 1)}`))};
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    const t = sql.table(r.of);
    await sql`CREATE TRIGGER ${sql.id(`${r.of}_rollup_insert`)} AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${r.of}_rollup_update`)} AFTER UPDATE ON ${t} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${r.of}_rollup_delete`)} AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
  }

  // Recompute the given rows from the views: those no longer there go, the others are written only if they changed.
  await sql`CREATE FUNCTION report_refresh_requests(quotes integer[], estimates_ integer[], jobs_ integer[]) RETURNS void LANGUAGE sql AS $$
    WITH fresh AS (
      SELECT * FROM report_requests_live
      WHERE (origin = 'quote' AND id = ANY (quotes)) OR (origin = 'estimate' AND id = ANY (estimates_)) OR (origin = 'job' AND id = ANY (jobs_))
    ),
    gone AS (
      DELETE FROM report_requests r
      WHERE ((r.origin = 'quote' AND r.id = ANY (quotes)) OR (r.origin = 'estimate' AND r.id = ANY (estimates_)) OR (r.origin = 'job' AND r.id = ANY (jobs_)))
        AND NOT EXISTS (SELECT FROM fresh f WHERE f.origin = r.origin AND f.id = r.id)
    )
    INSERT INTO report_requests AS r (origin, id, customer_id, created_at, source, estimated, booked, paid, came_back)
    SELECT origin, id, customer_id, created_at, source, estimated, booked, paid, came_back FROM fresh
    ON CONFLICT (origin, id) DO UPDATE
      SET customer_id = EXCLUDED.customer_id, created_at = EXCLUDED.created_at, source = EXCLUDED.source,
          estimated = EXCLUDED.estimated, booked = EXCLUDED.booked, paid = EXCLUDED.paid, came_back = EXCLUDED.came_back
      WHERE (r.customer_id, r.created_at, r.source, r.estimated, r.booked, r.paid, r.came_back)
        IS DISTINCT FROM (EXCLUDED.customer_id, EXCLUDED.created_at, EXCLUDED.source, EXCLUDED.estimated, EXCLUDED.booked, EXCLUDED.paid, EXCLUDED.came_back)
  $$`.execute(db);
  await sql`CREATE FUNCTION report_refresh_sales(invoices_ integer[]) RETURNS void LANGUAGE sql AS $$
    WITH fresh AS (SELECT * FROM report_sales_live WHERE invoice_id = ANY (invoices_)),
    gone AS (
      DELETE FROM report_sales s WHERE s.invoice_id = ANY (invoices_) AND NOT EXISTS (SELECT FROM fresh f WHERE f.invoice_id = s.invoice_id)
    )
    INSERT INTO report_sales AS s (invoice_id, customer_id, paid_at, subtotal_cents, line_keys, repeat)
    SELECT invoice_id, customer_id, paid_at, subtotal_cents, line_keys, repeat FROM fresh
    ON CONFLICT (invoice_id) DO UPDATE
      SET customer_id = EXCLUDED.customer_id, paid_at = EXCLUDED.paid_at, subtotal_cents = EXCLUDED.subtotal_cents,
          line_keys = EXCLUDED.line_keys, repeat = EXCLUDED.repeat
      WHERE (s.customer_id, s.paid_at, s.subtotal_cents, s.line_keys, s.repeat)
        IS DISTINCT FROM (EXCLUDED.customer_id, EXCLUDED.paid_at, EXCLUDED.subtotal_cents, EXCLUDED.line_keys, EXCLUDED.repeat)
  $$`.execute(db);
  // The jobs given, and those whose estimate's lines changed (only a row already kept: lines decide no job's presence).
  await sql`CREATE FUNCTION report_refresh_job_times(jobs_ integer[], estimates_ integer[]) RETURNS void LANGUAGE sql AS $$
    WITH ids AS (
      SELECT unnest(jobs_) AS job_id
      UNION SELECT job_id FROM report_job_times WHERE estimate_id = ANY (estimates_)
    ),
    fresh AS (SELECT * FROM report_job_times_live WHERE job_id IN (SELECT job_id FROM ids)),
    gone AS (
      DELETE FROM report_job_times t WHERE t.job_id IN (SELECT job_id FROM ids) AND NOT EXISTS (SELECT FROM fresh f WHERE f.job_id = t.job_id)
    )
    INSERT INTO report_job_times AS t (job_id, customer_id, estimate_id, done_at, actual_minutes, duration_minutes, line_keys)
    SELECT job_id, customer_id, estimate_id, done_at, actual_minutes, duration_minutes, line_keys FROM fresh
    ON CONFLICT (job_id) DO UPDATE
      SET customer_id = EXCLUDED.customer_id, estimate_id = EXCLUDED.estimate_id, done_at = EXCLUDED.done_at,
          actual_minutes = EXCLUDED.actual_minutes, duration_minutes = EXCLUDED.duration_minutes, line_keys = EXCLUDED.line_keys
      WHERE (t.customer_id, t.estimate_id, t.done_at, t.actual_minutes, t.duration_minutes, t.line_keys)
        IS DISTINCT FROM (EXCLUDED.customer_id, EXCLUDED.estimate_id, EXCLUDED.done_at, EXCLUDED.actual_minutes, EXCLUDED.duration_minutes, EXCLUDED.line_keys)
  $$`.execute(db);
  // A customer's history changed (a job done, an invoice paid, either moved or undone): their other rows' Returning and
  // repeat, rewritten only where they change.
  await sql`CREATE FUNCTION report_refresh_customers(customers_ integer[]) RETURNS void LANGUAGE sql AS $$
    UPDATE report_requests r SET came_back = coalesce(c.first_back < r.created_at, false)
    FROM (SELECT customer, report_first_back(customer) AS first_back FROM unnest(customers_) AS customer) c
    WHERE r.customer_id = c.customer AND r.came_back IS DISTINCT FROM coalesce(c.first_back < r.created_at, false);
    UPDATE report_sales s SET repeat = coalesce(s.paid_at > c.first_paid, false)
    FROM (SELECT customer, report_first_paid(customer) AS first_paid FROM unnest(customers_) AS customer) c
    WHERE s.customer_id = c.customer AND s.repeat IS DISTINCT FROM coalesce(s.paid_at > c.first_paid, false);
  $$`.execute(db);

  // What one statement touched: the requests (quote, estimate and job origins), the invoice, the job whose time is
  // kept, the estimate whose lines name a job's package, the customer, and whether the customer's history of done jobs
  // and paid invoices may have moved.
  await sql`CREATE TYPE report_touch AS (
    quote_id integer, estimate_id integer, job_id integer, invoice_id integer, timed_job_id integer, lines_estimate_id integer,
    customer_id integer, history boolean)`.execute(db);
  // Locks first, in one order (the customers' buckets ascending), each in its own statement; then every recompute is a
  // statement of its own, whose snapshot (READ COMMITTED) sees whatever a transaction that held a bucket committed.
  await sql`CREATE FUNCTION report_refresh(touches report_touch[]) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      quotes integer[]; estimates_ integer[]; jobs_ integer[]; invoices_ integer[]; timed integer[]; lines integer[];
      customers_ integer[]; history integer[];
      bucket integer;
    BEGIN
      IF coalesce(cardinality(touches), 0) = 0 THEN
        RETURN;
      END IF;
      SELECT array_agg(DISTINCT t.quote_id) FILTER (WHERE t.quote_id IS NOT NULL),
             array_agg(DISTINCT t.estimate_id) FILTER (WHERE t.estimate_id IS NOT NULL),
             array_agg(DISTINCT t.job_id) FILTER (WHERE t.job_id IS NOT NULL),
             array_agg(DISTINCT t.invoice_id) FILTER (WHERE t.invoice_id IS NOT NULL),
             array_agg(DISTINCT t.timed_job_id) FILTER (WHERE t.timed_job_id IS NOT NULL),
             array_agg(DISTINCT t.lines_estimate_id) FILTER (WHERE t.lines_estimate_id IS NOT NULL),
             array_agg(DISTINCT t.customer_id) FILTER (WHERE t.customer_id IS NOT NULL),
             array_agg(DISTINCT t.customer_id) FILTER (WHERE t.customer_id IS NOT NULL AND t.history)
        INTO quotes, estimates_, jobs_, invoices_, timed, lines, customers_, history
        FROM unnest(touches) t;
      FOR bucket IN SELECT DISTINCT c % ${sql.lit(LOCK_BUCKETS)} FROM unnest(customers_) c ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(hashtext('report summaries'), bucket);
      END LOOP;
      IF quotes IS NOT NULL OR estimates_ IS NOT NULL OR jobs_ IS NOT NULL THEN
        PERFORM report_refresh_requests(quotes, estimates_, jobs_);
      END IF;
      IF invoices_ IS NOT NULL THEN
        PERFORM report_refresh_sales(invoices_);
      END IF;
      IF timed IS NOT NULL OR lines IS NOT NULL THEN
        PERFORM report_refresh_job_times(timed, lines);
      END IF;
      IF history IS NOT NULL THEN
        PERFORM report_refresh_customers(history);
      END IF;
    END $$`.execute(db);
  // Every row again, one statement per table: the migration's fill, and after a TRUNCATE of a watched table. The
  // rollups are emptied after their summary's rows went out, and fill again as they come back in.
  await sql`CREATE FUNCTION report_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM report_requests;
    DELETE FROM report_request_days;
    INSERT INTO report_requests (origin, id, customer_id, created_at, source, estimated, booked, paid, came_back)
      SELECT origin, id, customer_id, created_at, source, estimated, booked, paid, came_back FROM report_requests_live;
    DELETE FROM report_sales;
    DELETE FROM report_sale_days;
    INSERT INTO report_sales (invoice_id, customer_id, paid_at, subtotal_cents, line_keys, repeat)
      SELECT invoice_id, customer_id, paid_at, subtotal_cents, line_keys, repeat FROM report_sales_live;
    DELETE FROM report_job_times;
    DELETE FROM report_job_time_days;
    INSERT INTO report_job_times (job_id, customer_id, estimate_id, done_at, actual_minutes, duration_minutes, line_keys)
      SELECT job_id, customer_id, estimate_id, done_at, actual_minutes, duration_minutes, line_keys FROM report_job_times_live;
  $$`.execute(db);
  await sql`CREATE FUNCTION report_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM report_rebuild();
      RETURN NULL;
    END $$`.execute(db);

  for (const { table, columns, touch } of WATCHED) {
    const fn = sql.id(`report_${table}_changed`);
    const cols = sql.raw(columns);
    const row = sql.raw(`${touch}::report_touch`);
    // An UPDATE touches the rows whose read columns changed, before and after (a move from one request to another touches both).
    await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        touches report_touch[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          touches := ARRAY(SELECT ${row} FROM new_rows);
        ELSIF TG_OP = 'DELETE' THEN
          touches := ARRAY(SELECT ${row} FROM old_rows);
        ELSE
          touches := ARRAY(SELECT ${row} FROM (
            (SELECT ${cols} FROM old_rows EXCEPT SELECT ${cols} FROM new_rows)
            UNION ALL
            (SELECT ${cols} FROM new_rows EXCEPT SELECT ${cols} FROM old_rows)) changed);
        END IF;
        PERFORM report_refresh(touches);
        RETURN NULL;
      END $$`.execute(db);
    const t = sql.table(table);
    await sql`CREATE TRIGGER ${sql.id(`${table}_report_insert`)} AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_report_update`)} AFTER UPDATE ON ${t} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_report_delete`)} AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_report_truncate`)} AFTER TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION report_truncated()`.execute(db);
  }

  await sql`SELECT report_rebuild()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of WATCHED) {
    for (const event of ["insert", "update", "delete", "truncate"]) await sql`DROP TRIGGER ${sql.id(`${table}_report_${event}`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION ${sql.id(`report_${table}_changed`)}()`.execute(db);
  }
  await sql`DROP FUNCTION report_truncated()`.execute(db);
  await sql`DROP FUNCTION report_rebuild()`.execute(db);
  await sql`DROP FUNCTION report_refresh(report_touch[])`.execute(db);
  await sql`DROP TYPE report_touch`.execute(db);
  await sql`DROP FUNCTION report_refresh_customers(integer[])`.execute(db);
  await sql`DROP FUNCTION report_refresh_job_times(integer[], integer[])`.execute(db);
  await sql`DROP FUNCTION report_refresh_sales(integer[])`.execute(db);
  await sql`DROP FUNCTION report_refresh_requests(integer[], integer[], integer[])`.execute(db);
  for (const r of ROLLUPS) {
    for (const event of ["insert", "update", "delete"]) await sql`DROP TRIGGER ${sql.id(`${r.of}_rollup_${event}`)} ON ${sql.table(r.of)}`.execute(db);
    await sql`DROP FUNCTION ${sql.id(`${r.of}_rolled_up`)}()`.execute(db);
    await sql`DROP TABLE ${sql.table(r.table)}`.execute(db);
  }
  await sql`DROP TABLE report_job_times, report_sales, report_requests`.execute(db);
  await sql`DROP VIEW report_job_times_live, report_sales_live, report_requests_live`.execute(db);
  await sql`DROP FUNCTION report_first_paid(integer)`.execute(db);
  await sql`DROP FUNCTION report_first_back(integer)`.execute(db);
  await sql`DROP FUNCTION report_line_key(text)`.execute(db);
}
