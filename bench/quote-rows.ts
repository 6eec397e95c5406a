import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types";

/**
 * Quote requests in bulk for the benches (bench/admin-tables.ts): generated
 * by the database itself, in slices, then vacuumed. Returns the time taken, in ms.
 */

/** Realistic-looking rows: names from lists (so a name search matches ~2 %), unique e-mails, spread-out dates. */
export async function generateQuoteRows(db: Kysely<Database>, rows: number): Promise<number> {
  const start = performance.now();
  // In slices, so neither database holds one giant statement's work at once.
  const slice = 100_000;
  for (let from = 1; from <= rows; from += slice) {
    const to = Math.min(rows, from + slice - 1);
    await sql`INSERT INTO quote_requests (name, email, phone, vehicle_type, message, status, notes, client_ip, created_at, updated_at)
      SELECT (ARRAY['Ann','Bob','Carla','Dan','Eve','Frank','Gina','Hal','Ivy','Jack','Kim','Leo','Mia','Ned','Olga','Pat','Quinn','Rita','Sam','Tara'])[1 + g % 20]
               || ' ' || (ARRAY['Smith','Jones','Brown','Miller','Davis','Wilson','Moore','Taylor','Anderson','Thomas','Jackson','White','Harris','Martin','Thompson','Garcia','Martinez','Robinson','Clark','Lewis','Lee','Walker','Hall','Allen','Young','King','Wright','Scott','Green','Baker','Adams','Nelson','Hill','Campbell','Mitchell','Roberts','Carter','Phillips','Evans','Turner','Torres','Parker','Collins','Edwards','Stewart','Flores','Morris','Nguyen','Murphy','Rivera'])[1 + (g / 20) % 50],
             lower((ARRAY['ann','bob','carla','dan','eve','frank','gina','hal','ivy','jack','kim','leo','mia','ned','olga','pat','quinn','rita','sam','tara'])[1 + g % 20])
               || '.' || lower((ARRAY['smith','jones','brown','miller','davis','wilson','moore','taylor','anderson','thomas','jackson','white','harris','martin','thompson','garcia','martinez','robinson','clark','lewis','lee','walker','hall','allen','young','king','wright','scott','green','baker','adams','nelson','hill','campbell','mitchell','roberts','carter','phillips','evans','turner','torres','parker','collins','edwards','stewart','flores','morris','nguyen','murphy','rivera'])[1 + (g / 20) % 50])
               || g || '@' || (ARRAY['gmail.com','yahoo.com','outlook.com','icloud.com','comcast.net'])[1 + g % 5],
             '616' || lpad((g % 10000000)::text, 7, '0'),
             (ARRAY['car','boat','truck','SUV','pontoon'])[1 + g % 5],
             'Full detail please, interior and exterior. Dog hair in the back seat.',
             (ARRAY['new','contacted','quoted','booked','completed','lost'])[1 + g % 6],
             '', '10.0.' || (g % 250) || '.' || (g % 200),
             timestamptz '2026-11-21 12:00:00+00' - (g || ' minutes')::interval,
             timestamptz '2026-11-21 12:00:00+00' - (g || ' minutes')::interval
      FROM generate_series(${from}::int, ${to}::int) AS g`.execute(db);
  }
  // VACUUM also moves the new rows out of the GIN indexes' pending lists, as autovacuum
  // soon would on a live database; until then every search scans those lists.
  await sql`VACUUM ANALYZE quote_requests`.execute(db);
  return performance.now() - start;
}
