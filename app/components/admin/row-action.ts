import type { FormValues } from "./form-values";

/** What the table route's action answers when a write fails (success is a redirect). */
export interface RowActionFailure {
  intent: "create" | "update" | "delete";
  /** The banner: 'Failed to create row: {server message}' and so on. */
  error: string;
  /** Field messages from the server's validator, keyed by property name. */
  fields?: Record<string, string>;
  /** What was submitted, so a page rendered without JavaScript keeps the typing. */
  values?: FormValues;
  id?: string;
}

export const FAILURE_TITLE: Record<RowActionFailure["intent"], string> = {
  create: "Failed to create row",
  update: "Failed to update row",
  delete: "Failed to delete row",
};
