import { ArchiveRestore, Lock, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { primaryButton } from "~/components/ui/button";
import { Pager } from "~/components/ui/Pager";
import { listPager, listSearch, parseListQuery, type ListQuery } from "~/lib/list-query";
import type { RowActionFailure } from "~/lib/row-form";
import type { HistoryEntry } from "~/lib/row-history";
import type { TableRow, TableSchema } from "~/lib/table-schema";
import { DataGrid } from "./DataGrid";
import { DeleteConfirmDialog } from "./DeleteConfirmDialog";
import { ErrorBanner } from "./ErrorBanner";
import { ExportCsvButton } from "./ExportCsvButton";
import { HistoryDialog } from "./HistoryDialog";
import { ImportCsvButton } from "./ImportCsvButton";
import { ListQueryInputs } from "./ListQueryInputs";
import { RowFormDialog } from "./RowFormDialog";
import { SearchBox } from "./SearchBox";
import { STATUS_MS, StatusMessage, statusFromParams } from "./StatusMessage";
import { ViewRowDialog } from "./ViewRowDialog";

export type OpenDialog =
  | { kind: "create" }
  | { kind: "edit"; row: TableRow }
  | { kind: "view"; row: TableRow }
  /** `row` is null when the id names no row (an old link). */
  | { kind: "delete"; id: string; row: TableRow | null }
  /** Opened from the edit or the View dialog (`from`), which closing it goes back to. */
  | { kind: "history"; row: TableRow; entries: HistoryEntry[]; from: "edit" | "view" }
  | null;

export interface TableViewProps {
  schema: TableSchema;
  rows: TableRow[];
  total: number;
  /** The list query the rows answer (the table's default sort merged in), from the loader. */
  query: ListQuery;
  loadError?: string;
  /** The last failed write submitted by a form on this page. */
  failure?: RowActionFailure;
  dialog: OpenDialog;
}

/** One table: heading, Export CSV, Add New, search, the grid, the pager and the open dialog. */
export function TableView({
  schema,
  rows,
  total,
  query,
  loadError,
  failure,
  dialog,
}: TableViewProps) {
  const path = `/admin/${schema.name}`;
  const listUrl = listUrlFor(schema, query);
  // The table API reads the same sort and q: every row of this view, not one page.
  const exportHref = `/api/tables/${schema.name}/export${listSearch(schema, { ...query, page: 1 })}`;
  // A failed delete is told in its dialog while that is open; a failed Undo above the grid.
  const deleteFailure =
    (failure?.intent === "delete" && dialog?.kind !== "delete") || failure?.intent === "restore" ? failure : undefined;

  // What was just done: from the URL after a write (?done=saved, ?deleted=ID), or an export made here.
  const [params] = useSearchParams();
  const [exported, setExported] = useState<string | null>(null);
  useEffect(() => {
    if (!exported) return;
    const timer = setTimeout(() => setExported(null), STATUS_MS);
    return () => clearTimeout(timer);
  }, [exported]);
  // The latest wins: an export after a save says so; the next write's message replaces it.
  const urlStatus = statusFromParams(params);
  const search = params.toString();
  useEffect(() => {
    if (statusFromParams(new URLSearchParams(search))) setExported(null);
  }, [search]);
  const status = exported ? { text: exported } : urlStatus;

  // Dim the rows while the next page, sort or search loads (not when a dialog merely opens).
  const navigation = useNavigation();
  const listLoading =
    navigation.state === "loading" &&
    navigation.location.pathname === path &&
    listUrlFor(schema, navigation.location.search) !== listUrl;

  return (
    <section aria-labelledby="table-title" className="min-w-0 flex-1">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="table-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            {schema.title}
            {schema.readOnly && (
              <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                <Lock aria-hidden className="size-3" />
                Read-only
              </span>
            )}
          </h2>
          {schema.description && <p className="mt-1 text-sm text-slate-600">{schema.description}</p>}
        </div>
        {/* On a phone every toolbar button is a 44 px tap target. */}
        <div className="flex shrink-0 flex-wrap gap-2 max-sm:[&_a]:min-h-11 max-sm:[&_button]:min-h-11">
          <ExportCsvButton href={exportHref} table={schema.name} onExported={() => setExported(`Exported ${schema.name}.csv.`)} />
          {!schema.readOnly && <ImportCsvButton table={schema.name} />}
          {!schema.readOnly && (
            <Form method="get" action={path} preventScrollReset state={{ dialogFromList: true }}>
              <ListQueryInputs schema={schema} query={query} />
              <button type="submit" name="new" value="1" className={primaryButton}>
                <Plus aria-hidden className="size-4" />
                Add New
              </button>
            </Form>
          )}
        </div>
      </div>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchBox schema={schema} query={query} path={path} />
        <p className="text-sm text-slate-500" aria-live="polite">
          {total === 1 ? "1 row" : `${total.toLocaleString("en-US")} rows`}
          {query.q && (
            <>
              {" "}
              matching “<span className="font-medium text-slate-700">{query.q}</span>”
            </>
          )}
        </p>
      </div>

      {!schema.readOnly && (
        <p className="mt-3 text-sm">
          <Link
            to={`${path}/trash`}
            className="inline-flex min-h-11 items-center gap-1.5 font-medium text-brand-700 underline-offset-2 hover:underline sm:min-h-0"
          >
            <ArchiveRestore aria-hidden className="size-4" />
            Recently deleted
          </Link>
        </p>
      )}

      <div className="mt-4 space-y-3">
        <StatusMessage status={status} undoAction={listUrl} />
        {loadError && <ErrorBanner>{loadError}</ErrorBanner>}
        {deleteFailure && <ErrorBanner>{deleteFailure.error}</ErrorBanner>}
        <div
          aria-busy={listLoading || undefined}
          className={`transition-opacity duration-200 ${listLoading ? "opacity-60" : ""}`}
        >
          <DataGrid schema={schema} rows={rows} query={query} path={path} />
        </div>
      </div>

      <Pager pager={listPager(path, schema, query, total)} noun="results" as="buttons" className="mt-4" />

      {dialog?.kind === "create" && (
        <RowFormDialog
          key="create"
          schema={schema}
          row={null}
          closeTo={listUrl}
          failure={failure?.intent === "create" ? failure : undefined}
        />
      )}
      {dialog?.kind === "edit" && (
        <RowFormDialog
          key={`edit-${dialog.row.id}`}
          schema={schema}
          row={dialog.row}
          closeTo={listUrl}
          failure={failure?.intent === "update" ? failure : undefined}
        />
      )}
      {dialog?.kind === "view" && <ViewRowDialog key={`view-${dialog.row.id}`} schema={schema} row={dialog.row} closeTo={listUrl} />}
      {dialog?.kind === "delete" && (
        <DeleteConfirmDialog
          schema={schema}
          id={dialog.id}
          row={dialog.row}
          closeTo={listUrl}
          failure={failure?.intent === "delete" ? failure : undefined}
        />
      )}
      {dialog?.kind === "history" && (
        <HistoryDialog
          key={`history-${dialog.row.id}`}
          schema={schema}
          row={dialog.row}
          entries={dialog.entries}
          closeTo={`${listUrl}${listUrl.includes("?") ? "&" : "?"}${dialog.from}=${dialog.row.id}`}
          failure={failure?.intent === "revert" ? failure : undefined}
        />
      )}
    </section>
  );
}

/** The list URL of a query, or of a location's search read as the loader reads it (refused parameters left out). */
function listUrlFor(schema: TableSchema, from: ListQuery | string): string {
  let query = from;
  if (typeof query === "string") {
    const parsed = parseListQuery(schema, new URLSearchParams(query), "dashboard");
    query = parsed.ok ? parsed.query : parsed.fallback;
  }
  return `/admin/${schema.name}${listSearch(schema, query)}`;
}
