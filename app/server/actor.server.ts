import { sql, type RawBuilder } from "kysely";

/**
 * asActor: a transaction that records who acts (the database's triggers read
 * it). It lives in the database layer (db/actor.ts), below the server, so the
 * first start's seed can use it too; the server's modules import it from here.
 */
export { asActor, actorColumns, actorPair, type Actor } from "../../db/actor";

/**
 * Who acted, as a page or an export shows it (docs/decisions/0123): the staff
 * member's current e-mail, through the row's actor_id, else the label stored
 * (the customer, the system, the first start, a deleted user's e-mail).
 * `row` is the alias of a table with the label column `label` (`actor`,
 * `recorded_by`…) and its id beside it (`actor_id`, `recorded_by_id`…).
 */
export function shownActor(row: string, label = "actor"): RawBuilder<string> {
  return sql<string>`coalesce((SELECT email FROM users WHERE users.id = ${sql.ref(`${row}.${label}_id`)}), ${sql.ref(`${row}.${label}`)})`;
}
