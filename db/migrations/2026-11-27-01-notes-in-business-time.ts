import { sql, type Kysely, type RawBuilder } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The notes transcript (quote_requests.notes, written by the trigger of
// 2026-11-23-01-leads) stamps each note in the business's time zone, like
// every other time the owner reads, instead of UTC: "[2026-11-26 14:53 EST, jake@…] …".
//
// The database learns the zone from the connection: the app sets
// app.business_time_zone on each of its connections to BUSINESS_TIME_ZONE
// (app/server/db.server.ts), so every process, on PGlite and on a server,
// stamps in its configured zone. A connection without it (psql, a script)
// stamps in its own TimeZone, named, so a stamp never lies about its zone.

/** The session's zone expression the trigger and this migration use. */
const ZONE = sql.raw(`coalesce(nullif(current_setting('app.business_time_zone', true), ''), current_setting('TimeZone'))`);

export async function up(db: Kysely<any>): Promise<void> {
  // "2026-11-26 14:53 EST": the wall clock in `zone` at `at`, with the zone's
  // abbreviation there and then (EST or EDT). to_char names only the session's
  // TimeZone, so it is set for this call alone: a function's SET clause makes
  // the set_config inside it local to the call. A name PostgreSQL does not
  // know leaves the clause's UTC, named as such: a note is never refused for it.
  await sql`CREATE FUNCTION zoned_time_text(at timestamptz, zone text) RETURNS text
    LANGUAGE plpgsql STABLE SET TimeZone TO 'UTC' AS $$
    BEGIN
      BEGIN
        PERFORM set_config('TimeZone', zone, true);
      EXCEPTION WHEN invalid_parameter_value THEN
        NULL;
      END;
      RETURN to_char(at, 'YYYY-MM-DD HH24:MI TZ');
    END $$`.execute(db);

  // As in 2026-11-24-01-trash-history (a restored lead's notes are not
  // appended again), with the stamp in the business's zone.
  await sql`CREATE OR REPLACE FUNCTION append_lead_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('app.change', true) = 'restore' THEN
        RETURN NULL;
      END IF;
      UPDATE quote_requests
      SET notes = concat_ws(E'\n', nullif(notes, ''),
            '[' || zoned_time_text(NEW.created_at, ${ZONE}) ||
            CASE WHEN NEW.actor <> '' THEN ', ' || NEW.actor ELSE '' END || '] ' || NEW.body),
          note_bodies = concat_ws(E'\n', nullif(note_bodies, ''), NEW.body)
      WHERE id = NEW.lead_id;
      RETURN NULL;
    END $$`.execute(db);

  await restampTranscripts(db, sql`'UTC'`, ZONE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await restampTranscripts(db, ZONE, sql`'UTC'`);
  await sql`CREATE OR REPLACE FUNCTION append_lead_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('app.change', true) = 'restore' THEN
        RETURN NULL;
      END IF;
      UPDATE quote_requests
      SET notes = concat_ws(E'\n', nullif(notes, ''),
            '[' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' ||
            CASE WHEN NEW.actor <> '' THEN ', ' || NEW.actor ELSE '' END || '] ' || NEW.body),
          note_bodies = concat_ws(E'\n', nullif(note_bodies, ''), NEW.body)
      WHERE id = NEW.lead_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP FUNCTION zoned_time_text(timestamptz, text)`.execute(db);
}

/**
 * Rewrites the stored transcripts' stamps from zone `from` to zone `to`, note
 * event by note event: each event's stamp as the trigger wrote it ("[<time>,
 * <actor>] " at the start of a line) becomes the same stamp in `to`. Lines
 * that are no event's stamp (the free-text notes from before the inbox, the
 * lines of a note's body) are left as they are. The leads in the trash too,
 * from the events kept with them, so a restore brings back the same stamps.
 * (The old UTC stamp is zoned_time_text(at, 'UTC'): "2026-11-26 19:53 UTC".)
 */
async function restampTranscripts(db: Kysely<any>, from: RawBuilder<unknown>, to: RawBuilder<unknown>): Promise<void> {
  await sql`CREATE FUNCTION restamp_lead_notes(notes text, events jsonb, from_zone text, to_zone text) RETURNS text
    LANGUAGE plpgsql STABLE AS $$
    DECLARE
      event jsonb;
      at timestamptz;
      by_whom text;
      -- A newline before the first line too, so that every stamp is matched at a line's start.
      lines text := E'\n' || notes;
    BEGIN
      FOR event IN SELECT value FROM jsonb_array_elements(events) WHERE value->>'kind' = 'note' LOOP
        at := (event->>'created_at')::timestamptz;
        by_whom := CASE WHEN event->>'actor' <> '' THEN ', ' || (event->>'actor') ELSE '' END;
        lines := replace(lines,
          E'\n[' || zoned_time_text(at, from_zone) || by_whom || '] ',
          E'\n[' || zoned_time_text(at, to_zone) || by_whom || '] ');
      END LOOP;
      RETURN substr(lines, 2);
    END $$`.execute(db);
  await sql`UPDATE quote_requests q
    SET notes = restamp_lead_notes(q.notes, e.events, ${from}, ${to})
    FROM (SELECT lead_id, jsonb_agg(to_jsonb(le)) AS events FROM lead_events le WHERE kind = 'note' GROUP BY lead_id) e
    WHERE e.lead_id = q.id AND q.notes <> ''`.execute(db);
  await sql`UPDATE trash
    SET row_data = jsonb_set(row_data, '{notes}', to_jsonb(restamp_lead_notes(row_data->>'notes', dependents->'lead_events', ${from}, ${to})))
    WHERE table_name = 'quote_requests' AND coalesce(row_data->>'notes', '') <> '' AND jsonb_typeof(dependents->'lead_events') = 'array'`.execute(db);
  await sql`DROP FUNCTION restamp_lead_notes(text, jsonb, text, text)`.execute(db);
}
