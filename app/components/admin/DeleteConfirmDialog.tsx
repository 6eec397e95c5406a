import { Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { dangerButton } from "~/components/ui/button";
import { AdminDialog, CancelButton } from "./AdminDialog";

const DIALOG_ID = "delete-confirm";

/**
 * The delete confirmation as a page state (?delete=ID), for browsers without
 * JavaScript; with JavaScript the grid asks with confirm() instead.
 */
export function DeleteConfirmDialog({ id, closeTo }: { id: string; closeTo: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <AdminDialog id={DIALOG_ID} title="Delete Item" closeTo={closeTo} role="alertdialog">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <p className="px-6 py-5 text-sm text-slate-700">Are you sure you want to delete this item?</p>
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
