import { ArrowRight, History, RotateCcw } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { secondaryButton } from "~/components/ui/button";
import type { RowActionFailure } from "~/lib/row-form";
import { HISTORY_OP_TITLES, historyActorLabel, type HistoryEntry } from "~/lib/row-history";
import type { TableRow, TableSchema } from "~/lib/table-schema";
import { AdminDialog } from "./AdminDialog";
import { formatDate } from "./cell-format";
import { useCellTimeZone } from "./cell-time-zone";
import { ErrorBanner } from "./ErrorBanner";
import { GridCell } from "./GridCell";
import { HiddenInputs } from "./ListQueryInputs";

const DIALOG_ID = "row-history";

/**
 * A row's versions, newest first (?edit=ID&history=1 or ?view=ID&history=1,
 * opened by the History button of the edit or the View dialog): who changed
 * what, when, each changed field before and after. Every earlier version has
 * "Restore this version", a plain form post (recorded in the history as a
 * restore of that version). Closing goes back to the dialog that opened it.
 */
export function HistoryDialog({
  schema,
  row,
  entries,
  closeTo,
  failure,
}: {
  schema: TableSchema;
  row: TableRow;
  entries: HistoryEntry[];
  /** The URL of the dialog that opened it (Edit or View). */
  closeTo: string;
  failure?: RowActionFailure;
}) {
  const navigation = useNavigation();
  const timeZone = useCellTimeZone();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "revert";
  // The newest version is the row as it is: nothing to restore.
  const current = entries.find((e) => e.op !== "delete")?.id;

  return (
    <AdminDialog id={DIALOG_ID} title="History" closeTo={closeTo}>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 py-5">
        {failure && <ErrorBanner className="mb-4">{failure.error}</ErrorBanner>}
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">No changes have been recorded for this item yet.</p>
        ) : (
          <ol className="space-y-4" aria-label={`Versions of item ${row.id}`}>
            {entries.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-200 p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <p className="text-sm">
                    <span className="font-semibold text-slate-900">{HISTORY_OP_TITLES[entry.op]}</span>
                    <span className="text-slate-600">
                      {" "}
                      · <time dateTime={entry.at}>{formatDate(entry.at, true, timeZone)}</time> · {historyActorLabel(entry.actor)}
                    </span>
                  </p>
                  {entry.id === current ? (
                    <span className="text-xs font-medium text-slate-500">Current version</span>
                  ) : (
                    entry.op !== "delete" && (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="revert" />
                        <input type="hidden" name="id" value={row.id} />
                        <input type="hidden" name="version" value={entry.id} />
                        <button type="submit" disabled={submitting} className={`${secondaryButton} min-h-11`}>
                          <RotateCcw aria-hidden className="size-4" />
                          Restore this version
                        </button>
                      </Form>
                    )
                  )}
                </div>
                {entry.changes.length > 0 && <Changes schema={schema} entry={entry} />}
              </li>
            ))}
          </ol>
        )}
      </div>
    </AdminDialog>
  );
}

/** The changed fields: for an update each one's value before and after; for a create, delete or restore the values. */
function Changes({ schema, entry }: { schema: TableSchema; entry: HistoryEntry }) {
  const both = entry.op === "update" || entry.op === "revert";
  return (
    <dl className="mt-3 divide-y divide-slate-100 text-sm">
      {entry.changes
        .filter((c) => schema.properties[c.field])
        .map(({ field, before, after }) => {
          const prop = schema.properties[field]!;
          return (
            <div key={field} className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
              <dt className="font-medium text-slate-500">{prop.title}</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-2 text-slate-800 sm:col-span-2 [overflow-wrap:anywhere]">
                {both ? (
                  <>
                    <span className="sr-only">from</span>
                    <span className="text-slate-500 line-through decoration-slate-300">
                      <GridCell name={field} prop={prop} value={before} />
                    </span>
                    <ArrowRight aria-hidden className="size-4 shrink-0 text-slate-400" />
                    <span className="sr-only">to</span>
                    <GridCell name={field} prop={prop} value={after} />
                  </>
                ) : (
                  <GridCell name={field} prop={prop} value={entry.op === "delete" ? before : after} />
                )}
              </dd>
            </div>
          );
        })}
    </dl>
  );
}

const OPEN_FORM_ID = "row-history-open";

/**
 * The History button of the edit and the View dialog, and the GET form it
 * submits (kept outside the edit form, which a form cannot nest): the same
 * list URL with ?edit=ID&history=1 or ?view=ID&history=1, so closing the
 * history goes back to the dialog it came from.
 */
export function HistoryButton() {
  return (
    <button type="submit" form={OPEN_FORM_ID} className={`${secondaryButton} min-h-11 sm:mr-auto`}>
      <History aria-hidden className="size-4" />
      History
    </button>
  );
}

export function HistoryOpenForm({ rowId, listUrl, from }: { rowId: number; listUrl: string; from: "edit" | "view" }) {
  const [path = "", search = ""] = listUrl.split("?");
  return (
    <Form id={OPEN_FORM_ID} method="get" action={path} preventScrollReset hidden>
      <HiddenInputs params={new URLSearchParams(search)} />
      <input type="hidden" name={from} value={rowId} />
      <input type="hidden" name="history" value="1" />
    </Form>
  );
}
