import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "./types";

/**
 * Who acts (docs/decisions/0123): a signed-in staff member, by their users row
 * (the pages show its current e-mail) and the e-mail they act under (kept as
 * the label a deleted user's rows still show), or a label for anyone without
 * a users row: the customer, the system, the first start (FIRST_START_ACTOR of
 * app/lib/row-history.ts). A SessionUser is a staff actor as it is.
 */
export type Actor = { id: number; email: string } | string;

/**
 * The two columns every table that records an actor has. The id is stored
 * only while its user exists: a user deleted while their request ran leaves
 * the label, as the delete (ON DELETE SET NULL) leaves their earlier rows.
 */
export function actorColumns(actor: Actor): ActorPair<"actor"> {
  return actorPair("actor", actor);
}

/** Both values, for the label column `label` and its id column beside it (`recorded_by`, `recorded_by_id`: 2026-11-30-05-actor-ids-everywhere). */
export type ActorPair<L extends string> = { [K in L]: string } & { [K in `${L}_id`]: RawBuilder<number | null> | null };

export function actorPair<L extends string>(label: L, actor: Actor): ActorPair<L> {
  const [text, id] = typeof actor === "string" ? [actor, null] : [actor.email, sql<number | null>`(SELECT id FROM users WHERE id = ${actor.id})`];
  return { [label]: text, [`${label}_id`]: id } as ActorPair<L>;
}

/**
 * Runs `work` in a transaction that knows who is acting: the label is set as
 * `app.actor` and the user id (or '') as `app.actor_id` for the transaction
 * only, and the database's triggers (the lead status history,
 * db/migrations/2026-11-23-01-leads.ts; the row history,
 * 2026-11-24-01-trash-history.ts; both since 2026-11-29-80-actor-id) record
 * them with what they write. Writes made outside it record '' (unknown). In
 * the database layer, beside the triggers that read it, so the seed
 * (./seed.ts) uses it without importing the server; the server's modules
 * import it through app/server/actor.server.ts.
 */
export async function asActor<T>(db: Kysely<Database>, actor: Actor, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const [label, id] = typeof actor === "string" ? [actor, ""] : [actor.email, String(actor.id)];
  const run = async (trx: Kysely<Database>) => {
    await sql`SELECT set_config('app.actor', ${label}, true), set_config('app.actor_id', ${id}, true)`.execute(trx);
    return work(trx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
