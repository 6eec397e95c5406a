import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Counters that no write waits for (issue 33, docs/decisions/0104).
//
// Before: statement triggers kept one row per number (row_counts: an admin
// table's total; lead_status_counts: leads per status; content_version: the
// public pages' version) and UPDATEd it. Every write that changed a number
// held that row until it committed, and writes reached the rows in different
// orders (Book This Time: the lead's status, then the e-mail; Send Estimate:
// the e-mail, then the lead's status), so two of them at once could deadlock
// (40P01) and answer 500.
//
// After: the triggers only INSERT what the statement added to each number
// (counter_deltas: one row per number and statement, never updated), so no
// write waits for another's counter; a number is the sum of its rows. Every
// 100th row folds the rows nobody holds into one per number (FOR UPDATE SKIP
// LOCKED: it never waits either), so a sum reads a handful of rows.

const FOLD_EVERY = 100;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("counter_deltas")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    // 'rows:<table>' (TableDef.countedRows), 'leads:<status>', 'content'.
    .addColumn("counter", "text", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .execute();
  // SELECT sum(n) … WHERE counter = $1 (or LIKE 'leads:%'): from the index alone.
  await sql`CREATE INDEX counter_deltas_counter_idx ON counter_deltas (counter) INCLUDE (n)`.execute(db);

  // Folds every row no other transaction holds into one per counter (a counter
  // that sums to 0 keeps no row). Deleting and inserting in one statement
  // keeps each sum as it was, for every reader; SKIP LOCKED makes a fold
  // leave alone what another fold (or a transaction still running one) took.
  await sql`CREATE FUNCTION fold_counter_deltas() RETURNS void LANGUAGE sql AS $$
    WITH taken AS (
      DELETE FROM counter_deltas WHERE id IN (SELECT id FROM counter_deltas FOR UPDATE SKIP LOCKED)
      RETURNING counter, n
    )
    INSERT INTO counter_deltas (counter, n)
    SELECT counter, sum(n) FROM taken GROUP BY counter HAVING sum(n) <> 0
  $$`.execute(db);

  // Adds amounts[i] to counter names[i]: new rows only, no lock on a shared
  // row. The transaction that writes a FOLD_EVERY-th row folds (only under
  // READ COMMITTED, the app's level: under REPEATABLE READ a row another fold
  // deleted meanwhile would be a serialization error; the next one folds).
  await sql`CREATE FUNCTION add_to_counters(names text[], amounts bigint[]) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      fold boolean;
    BEGIN
      WITH added AS (
        INSERT INTO counter_deltas (counter, n)
        SELECT name, amount FROM unnest(names, amounts) AS d(name, amount) WHERE amount <> 0
        RETURNING id
      )
      SELECT coalesce(bool_or(id % ${sql.lit(FOLD_EVERY)} = 0), false) INTO fold FROM added;
      IF fold AND current_setting('transaction_isolation') = 'read committed' THEN
        PERFORM fold_counter_deltas();
      END IF;
    END $$`.execute(db);

  // The counters as they stand become their first rows, before the triggers
  // below write to counter_deltas; the old tables are locked so that no write
  // changes them between the copy and their drop.
  await sql`LOCK TABLE row_counts, lead_status_counts, content_version IN ACCESS EXCLUSIVE MODE`.execute(db);
  await sql`INSERT INTO counter_deltas (counter, n) SELECT 'rows:' || table_name, n FROM row_counts WHERE n <> 0`.execute(db);
  await sql`INSERT INTO counter_deltas (counter, n) SELECT 'leads:' || status, n FROM lead_status_counts WHERE n <> 0`.execute(db);
  await sql`INSERT INTO counter_deltas (counter, n) SELECT 'content', version FROM content_version`.execute(db);

  // The same trigger functions (the triggers of the admin tables, the leads
  // and the public content stay as they are), now adding rows.
  await sql`CREATE OR REPLACE FUNCTION row_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_to_counters(ARRAY['rows:' || TG_TABLE_NAME], ARRAY[(SELECT count(*) FROM new_rows)]);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION row_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_to_counters(ARRAY['rows:' || TG_TABLE_NAME], ARRAY[-(SELECT count(*) FROM old_rows)]);
      RETURN NULL;
    END $$`.execute(db);
  // TRUNCATE holds the table against every other writer, so all its counter's
  // rows are committed: subtracting their sum makes it 0.
  await sql`CREATE OR REPLACE FUNCTION row_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_to_counters(ARRAY['rows:' || TG_TABLE_NAME],
        ARRAY[-(SELECT coalesce(sum(n), 0) FROM counter_deltas WHERE counter = 'rows:' || TG_TABLE_NAME)::bigint]);
      RETURN NULL;
    END $$`.execute(db);
  // Per status, what the statement added and took away; an UPDATE that moved
  // no lead to another status (a note, a reminder cleared) adds nothing.
  await sql`CREATE OR REPLACE FUNCTION count_lead_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      names text[];
      amounts bigint[];
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        SELECT array_agg(counter), array_agg(-total::bigint) INTO names, amounts
        FROM (SELECT counter, sum(n) AS total FROM counter_deltas WHERE counter LIKE 'leads:%' GROUP BY counter) c;
      ELSIF TG_OP = 'INSERT' THEN
        SELECT array_agg('leads:' || status), array_agg(n) INTO names, amounts
        FROM (SELECT status, count(*) AS n FROM new_rows GROUP BY status) c;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg('leads:' || status), array_agg(-n) INTO names, amounts
        FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) c;
      ELSE
        SELECT array_agg('leads:' || status), array_agg(n) INTO names, amounts
        FROM (
          SELECT status, sum(n) AS n FROM (SELECT status, -1 AS n FROM old_rows UNION ALL SELECT status, 1 FROM new_rows) d
          GROUP BY status HAVING sum(n) <> 0
        ) c;
      END IF;
      IF names IS NOT NULL THEN
        PERFORM add_to_counters(names, amounts);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // The version only ever grows: each committed statement on public content adds 1.
  await sql`CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_to_counters(ARRAY['content'], ARRAY[1::bigint]);
      RETURN NULL;
    END $$`.execute(db);

  await db.schema.dropTable("row_counts").execute();
  await db.schema.dropTable("lead_status_counts").execute();
  await db.schema.dropTable("content_version").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`LOCK TABLE counter_deltas IN ACCESS EXCLUSIVE MODE`.execute(db);
  await db.schema
    .createTable("row_counts")
    .addColumn("table_name", "text", (c) => c.primaryKey())
    .addColumn("n", "bigint", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO row_counts (table_name, n)
    SELECT t, coalesce((SELECT sum(n) FROM counter_deltas WHERE counter = 'rows:' || t), 0)
    FROM unnest(ARRAY['quote_requests', 'users', 'auth_audit', 'email_outbox']) AS t`.execute(db);
  await db.schema
    .createTable("lead_status_counts")
    .addColumn("status", "text", (c) => c.primaryKey())
    .addColumn("n", "bigint", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO lead_status_counts (status, n)
    SELECT s, coalesce((SELECT sum(n) FROM counter_deltas WHERE counter = 'leads:' || s), 0)
    FROM unnest(ARRAY['new', 'contacted', 'quoted', 'booked', 'completed', 'lost']) AS s`.execute(db);
  await db.schema
    .createTable("content_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO content_version (id, version)
    SELECT 1, greatest(1, coalesce((SELECT sum(n) FROM counter_deltas WHERE counter = 'content'), 1))`.execute(db);

  await sql`CREATE OR REPLACE FUNCTION row_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION row_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION row_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION count_lead_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE lead_status_counts SET n = 0;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE lead_status_counts c SET n = c.n - o.n
        FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) o WHERE c.status = o.status;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        UPDATE lead_status_counts c SET n = c.n + i.n
        FROM (SELECT status, count(*) AS n FROM new_rows GROUP BY status) i WHERE c.status = i.status;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE content_version SET version = version + 1 WHERE id = 1;
      RETURN NULL;
    END $$`.execute(db);

  await sql`DROP FUNCTION add_to_counters(text[], bigint[])`.execute(db);
  await sql`DROP FUNCTION fold_counter_deltas()`.execute(db);
  await db.schema.dropTable("counter_deltas").execute();
}
