import { Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { dangerButton } from "~/components/ui/button";
import type { RowActionFailure } from "~/lib/row-form";
import { AdminDialog, CancelButton } from "./AdminDialog";
import { ErrorBanner } from "./ErrorBanner";

const DIALOG_ID = "delete-confirm";
export const CONFIRM_DELETE = "Are you sure you want to delete this item?";
const DELETE_FAILED_ALERT = "Failed to delete item";

/**
 * The delete confirmation, the app's own dialog with and without JavaScript:
 * a page state (?delete=ID) that the grid's Delete button opens. Deleting
 * moves the row to the trash; the list then says "Deleted." with Undo.
 */
export function DeleteConfirmDialog({ id, closeTo, failure }: { id: string; closeTo: string; failure?: RowActionFailure }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";

  // The spec's alert that the delete failed; the banner in the dialog says why.
  useEffect(() => {
    if (failure) window.alert(DELETE_FAILED_ALERT);
  }, [failure]);

  return (
    <AdminDialog id={DIALOG_ID} title="Delete Item" closeTo={closeTo} role="alertdialog">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <div className="space-y-3 px-6 py-5">
          {failure && <ErrorBanner>{failure.error}</ErrorBanner>}
          <p className="text-sm text-slate-700">{CONFIRM_DELETE}</p>
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
