import { Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { dangerButton } from "~/components/ui/button";
import type { RowActionFailure } from "~/lib/row-form";
import type { TableRow, TableSchema } from "~/lib/table-schema";
import { AdminDialog, CancelButton } from "./AdminDialog";
import { cellContent } from "./cell-format";
import { useCellTimeZone } from "./cell-time-zone";
import { ErrorBanner } from "./ErrorBanner";

const DIALOG_ID = "delete-confirm";
export const CONFIRM_DELETE = "Are you sure you want to delete this item?";
const DELETE_FAILED_ALERT = "Failed to delete item";
const DESCRIPTION_ID = `${DIALOG_ID}-description`;

/**
 * The delete confirmation, the app's own dialog with and without JavaScript:
 * a page state (?delete=ID) that the grid's Delete button opens. Under the
 * spec's question it names the row (its title field and id), so a tap on the
 * wrong card's Delete is caught before it happens. Deleting moves the row to
 * the trash; the list then says "Deleted." with Undo.
 */
export function DeleteConfirmDialog({
  schema,
  id,
  row,
  closeTo,
  failure,
}: {
  schema: TableSchema;
  id: string;
  /** null when no such row exists (an old link): deleting then says it was not found. */
  row: TableRow | null;
  closeTo: string;
  failure?: RowActionFailure;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const name = rowName(schema, row, useCellTimeZone());

  // The spec's alert that the delete failed; the banner in the dialog says why.
  useEffect(() => {
    if (failure) window.alert(DELETE_FAILED_ALERT);
  }, [failure]);

  return (
    <AdminDialog id={DIALOG_ID} title="Delete Item" closeTo={closeTo} role="alertdialog" describedBy={DESCRIPTION_ID}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <div className="space-y-3 px-6 py-5">
          {failure && <ErrorBanner>{failure.error}</ErrorBanner>}
          <div id={DESCRIPTION_ID} className="space-y-3">
            <p className="text-sm text-slate-700">{CONFIRM_DELETE}</p>
            <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm [overflow-wrap:anywhere]">
              {name && <span className="font-semibold text-slate-900">{name} </span>}
              <span className="text-slate-600">#{id}</span>
            </p>
          </div>
        </div>
        <div className="flex items-center justify-end gap-3 border-t border-slate-200 bg-slate-50 px-6 py-4">
          <CancelButton dialogId={DIALOG_ID} closeTo={closeTo} disabled={submitting} />
          <button type="submit" disabled={submitting} className={dangerButton}>
            <Trash2 aria-hidden className="size-4" />
            Delete
          </button>
        </div>
      </Form>
    </AdminDialog>
  );
}

/**
 * What the row is called where people meet it: the text of its title field
 * (the registry's pick: a question, a name, an e-mail address), as the grid
 * and the phone's card show it. Nothing for a table named only by ids.
 */
function rowName(schema: TableSchema, row: TableRow | null, timeZone: string): string | null {
  const field = schema.titleField;
  const prop = field && field !== "id" ? schema.properties[field] : undefined;
  if (!row || !field || !prop) return null;
  const content = cellContent(field, prop, row[field], timeZone);
  return "text" in content ? content.text : null;
}
