/**
 * A row's history as the dashboard shows it (the server reads it in
 * app/server/tables/history.server.ts): both sides use these shapes.
 */

export type HistoryOp = "create" | "update" | "delete" | "restore" | "revert";

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  id: number;
  op: HistoryOp;
  /** Who: a staff member's current e-mail (the one they acted under once their user is deleted), FIRST_START_ACTOR, or "" when the write named no one (SQL run by hand). */
  actor: string;
  /** ISO 8601. */
  at: string;
  /** The declared fields that changed (all of them for a create, delete or restore), in the table's order. */
  changes: FieldChange[];
}

export const HISTORY_OP_TITLES: Record<HistoryOp, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  restore: "Restored from Recently deleted",
  revert: "Earlier version restored",
};

/**
 * The actor the site's own first start records for the content it seeds
 * (db/seed.ts, through asActor): not an e-mail address, so no one can sign in
 * as it. Migration 2026-11-27-03 gave it to the seed entries recorded before.
 */
export const FIRST_START_ACTOR = "first start";

/** Who made a change, as the History dialog says it. */
export function historyActorLabel(actor: string): string {
  if (actor === FIRST_START_ACTOR) return "Added at first start";
  return actor || "unknown (not signed in)";
}
