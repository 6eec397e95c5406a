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
