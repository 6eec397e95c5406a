import { Pencil } from "lucide-react";
import { Form, useLocation } from "react-router";
import { secondaryButton } from "~/components/ui/button";
import type { TableRow, TableSchema } from "~/lib/table-schema";
import { AdminDialog } from "./AdminDialog";
import { GridCell } from "./GridCell";
import { HistoryButton, HistoryOpenForm } from "./HistoryDialog";
import { HiddenInputs } from "./ListQueryInputs";

const DIALOG_ID = "row-view";

/**
 * A row whole and read-only (?view=ID, a URL state like ?edit=ID, ADR 0051):
 * every property with its title, long text in full, links and badges as in
 * the grid. Rendered by the server, so it works without JavaScript. From an
 * editable table it offers Edit, and History (the row's versions, as from Edit).
 */
export function ViewRowDialog({ schema, row, closeTo }: { schema: TableSchema; row: TableRow; closeTo: string }) {
  const [path = "", search = ""] = closeTo.split("?");
  // Edit takes this dialog's place in history and its origin: opened from the list, closing it steps back there.
  const { state } = useLocation();
  return (
    <AdminDialog id={DIALOG_ID} title="View Item" closeTo={closeTo} fullScreenOnPhone>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 py-5">
        <dl className="divide-y divide-slate-100">
          {Object.entries(schema.properties).map(([name, prop]) => (
            <div key={name} className="grid gap-1 py-2.5 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-slate-500">{prop.title}</dt>
              <dd className="min-w-0 text-sm text-slate-800 sm:col-span-2">
                <GridCell name={name} prop={prop} value={row[name]} full />
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {!schema.readOnly && (
        <div className="flex items-center justify-end gap-3 border-t border-slate-200 bg-slate-50 px-6 py-4">
          <HistoryButton />
          <Form method="get" action={path} preventScrollReset replace state={state}>
            <HiddenInputs params={new URLSearchParams(search)} />
            <button type="submit" name="edit" value={row.id} className={`${secondaryButton} min-h-11`}>
              <Pencil aria-hidden className="size-4" />
              Edit
            </button>
          </Form>
        </div>
      )}
      {!schema.readOnly && <HistoryOpenForm rowId={row.id} listUrl={closeTo} from="view" />}
    </AdminDialog>
  );
}
