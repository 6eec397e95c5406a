import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, useNavigation } from "react-router";
import { primaryButton } from "~/components/ui/button";
import { editableProperties, initialFormValues, type FormValues, type RowActionFailure } from "~/lib/row-form";
import { validateField, validateRow, type TableRow, type TableSchema } from "~/lib/table-schema";
import { AdminDialog, CancelButton } from "./AdminDialog";
import { ErrorBanner } from "./ErrorBanner";
import { FormField } from "./FormField";
import { HistoryButton, HistoryOpenForm } from "./HistoryDialog";
import { DiscardChangesPrompt, useUnsavedChangesGuard } from "./unsaved-changes";

interface RowFormDialogProps {
  schema: TableSchema;
  /** null: 'Add New Item'; a row: 'Edit Item', prefilled. */
  row: TableRow | null;
  closeTo: string;
  /** The action's answer to the last failed save of this form, if any. */
  failure?: RowActionFailure;
}

const DIALOG_ID = "row-form";
const SAVE_FAILED_ALERT = "Failed to save item";

/**
 * The generic add/edit form: one field per writable property, validated with
 * the shared validator on each change and all together on submit (a submit
 * with errors is not sent). It posts to the table route's action as a plain
 * form, so fields other than the rich-text editor and uploads also work
 * without JavaScript; the server validates again with the same messages.
 */
export function RowFormDialog({ schema, row, closeTo, failure }: RowFormDialogProps) {
  const intent = row ? "update" : "create";
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [values, setValues] = useState<FormValues>(() => failure?.values ?? initialFormValues(schema, row));
  const [errors, setErrors] = useState<Record<string, string>>(() => failure?.fields ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  // Unsaved: what the form holds differs from the row (or the defaults); a failed save's values count as unsaved.
  const [saved] = useState(() => JSON.stringify(initialFormValues(schema, row)));
  const dirty = JSON.stringify(values) !== saved;
  const guard = useUnsavedChangesGuard(dirty, submitting);

  // A later failed save (with JavaScript the form stays mounted) brings the server's field messages.
  useEffect(() => {
    if (!failure) return;
    setErrors(failure.fields ?? {});
    // An alert that the save failed; the banner in the form says what went wrong.
    window.alert(SAVE_FAILED_ALERT);
  }, [failure]);

  function change(name: string, value: unknown) {
    setValues((current) => ({ ...current, [name]: value }));
    const message = validateField(schema.properties[name]!, value, schema.required.includes(name));
    setErrors(({ [name]: _old, ...rest }) => (message ? { ...rest, [name]: message } : rest));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    const found = validateRow(schema, values);
    setErrors(found);
    const first = editableProperties(schema).find(([name]) => found[name]);
    if (first) {
      event.preventDefault();
      document.getElementById(`field-${first[0]}`)?.focus();
    } else guard.allowLeaving();
  }

  // Ctrl+Enter (⌘+Enter on a Mac) saves from any field, through the same checks as the button.
  function saveShortcut(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || submitting) return;
    event.preventDefault();
    formRef.current?.requestSubmit();
  }

  return (
    <AdminDialog
      id={DIALOG_ID}
      title={row ? "Edit Item" : "Add New Item"}
      closeTo={closeTo}
      fullScreenOnPhone
      onCloseRequest={guard.requestClose}
    >
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={submit}
        onKeyDown={saveShortcut}
        className="flex min-h-0 flex-1 flex-col"
        preventScrollReset
      >
        <input type="hidden" name="intent" value={intent} />
        {row && <input type="hidden" name="id" value={row.id} />}
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
          <fieldset disabled={submitting} className="min-w-0 space-y-5 px-6 py-5">
            <legend className="sr-only">{schema.title}</legend>
            {failure && <ErrorBanner>{failure.error}</ErrorBanner>}
            {editableProperties(schema).map(([name, prop]) => (
              <FormField
                key={name}
                name={name}
                prop={prop}
                value={values[name]}
                onChange={(value) => change(name, value)}
                required={schema.required.includes(name)}
                disabled={submitting}
                error={errors[name]}
              />
            ))}
          </fieldset>
        </div>
        {guard.asking ? (
          <DiscardChangesPrompt onKeep={guard.keepEditing} onDiscard={guard.discard} />
        ) : (
          <div className="relative flex items-center justify-end gap-3 border-t border-slate-200 bg-slate-50 px-6 py-4">
            {row && <HistoryButton />}
            <CancelButton dialogId={DIALOG_ID} closeTo={closeTo} disabled={submitting} />
            <button type="submit" disabled={submitting} className={`${primaryButton} min-h-11 min-w-24`}>
              {submitting && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
              {submitting ? "submitting..." : row ? "Update" : "Create"}
            </button>
          </div>
        )}
      </Form>
      {row && <HistoryOpenForm rowId={row.id} listUrl={closeTo} from="edit" />}
    </AdminDialog>
  );
}
