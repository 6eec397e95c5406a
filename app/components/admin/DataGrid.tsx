import { Pencil, Trash2 } from "lucide-react";
import { Form, useFetcher, type FetcherWithComponents } from "react-router";
import { ariaSort, formatSort, toggleSort, type ListQuery } from "~/lib/list-query";
import type { TableRow, TableSchema } from "~/lib/table-schema";
import { GridCell } from "./GridCell";
import { ListQueryInputs } from "./ListQueryInputs";

export const DELETE_FETCHER = "admin-delete-row";
const CONFIRM_DELETE = "Are you sure you want to delete this item?";

interface DataGridProps {
  schema: TableSchema;
  rows: TableRow[];
  /** The rows' query: the headers show and toggle its sort. */
  query: ListQuery;
  path: string;
  /** The list URL the delete posts to (the action answers with a redirect back to it). */
  listUrl: string;
}

/** The grid: an Actions column, then one column per property; sortable headers toggle the sort. */
export function DataGrid({ schema, rows, query, path, listUrl }: DataGridProps) {
  const columns = Object.entries(schema.properties);
  const editable = !schema.readOnly;
  const fetcher = useFetcher({ key: DELETE_FETCHER });
  const deletingId = fetcher.state !== "idle" ? fetcher.formData?.get("id") : null;

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {editable && (
              <th
                scope="col"
                className="w-24 px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                Actions
              </th>
            )}
            {columns.map(([name, prop]) =>
              prop.sortable ? (
                <th
                  key={name}
                  scope="col"
                  aria-sort={ariaSort(query, name)}
                  className="px-4 py-2 text-left whitespace-nowrap"
                >
                  <SortButton field={name} title={prop.title} schema={schema} query={query} path={path} />
                </th>
              ) : (
                <th
                  key={name}
                  scope="col"
                  className="px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase"
                >
                  {prop.title}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (editable ? 1 : 0)} className="px-4 py-12 text-center text-slate-500">
                No data available
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                className={`align-top transition-opacity hover:bg-slate-50/80 ${String(row.id) === deletingId ? "opacity-40" : ""}`}
              >
                {editable && (
                  <td className="px-4 py-2.5 whitespace-nowrap">
                    <RowActions id={row.id} schema={schema} query={query} path={path} listUrl={listUrl} fetcher={fetcher} />
                  </td>
                )}
                {columns.map(([name, prop]) => (
                  <td key={name} className="px-4 py-2.5 text-slate-700">
                    <GridCell name={name} prop={prop} value={row[name]} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortButton(props: { field: string; title: string; schema: TableSchema; query: ListQuery; path: string }) {
  const { field, title, schema, query, path } = props;
  const current = query.sort.field === field ? query.sort.direction : null;
  return (
    <Form method="get" action={path} preventScrollReset>
      <ListQueryInputs schema={schema} query={query} omit={["page", "sort"]} />
      <button
        type="submit"
        name="sort"
        value={formatSort(toggleSort(query, field).sort)}
        className={`-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold tracking-wide uppercase hover:bg-slate-200/60 focus-visible:outline-2 focus-visible:outline-brand-500 ${
          current ? "text-brand-700" : "text-slate-600"
        }`}
      >
        {title}
        <span aria-hidden className={`w-3 text-center text-sm leading-none ${current ? "" : "text-slate-300"}`}>
          {current === "asc" ? "↑" : current === "desc" ? "↓" : "↕"}
        </span>
      </button>
    </Form>
  );
}

const iconButton =
  "inline-flex size-8 items-center justify-center rounded-md text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-500";

/**
 * Edit and Delete. Both are GET forms to a URL state (?edit=ID opens the form,
 * ?delete=ID a confirmation) so they work without JavaScript; with it, Delete
 * asks with confirm() and posts through a fetcher instead.
 */
function RowActions({
  id,
  schema,
  query,
  path,
  listUrl,
  fetcher,
}: {
  id: number;
  schema: TableSchema;
  query: ListQuery;
  path: string;
  listUrl: string;
  fetcher: FetcherWithComponents<unknown>;
}) {
  return (
    <div className="flex items-center gap-1">
      <Form method="get" action={path} preventScrollReset state={{ dialogFromList: true }}>
        <ListQueryInputs schema={schema} query={query} />
        <button
          type="submit"
          name="edit"
          value={id}
          aria-label="Edit"
          title="Edit"
          className={`${iconButton} hover:bg-brand-50 hover:text-brand-700`}
        >
          <Pencil aria-hidden className="size-4" />
        </button>
      </Form>
      <Form
        method="get"
        action={path}
        preventScrollReset
        onSubmit={(event) => {
          event.preventDefault();
          if (!window.confirm(CONFIRM_DELETE)) return;
          void fetcher.submit({ intent: "delete", id: String(id) }, { method: "post", action: listUrl });
        }}
      >
        <ListQueryInputs schema={schema} query={query} />
        <button
          type="submit"
          name="delete"
          value={id}
          aria-label="Delete"
          title="Delete"
          className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </Form>
    </div>
  );
}
