import { Eye, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ariaSort, formatSort, toggleSort, type ListQuery } from "~/lib/list-query";
import type { TableRow, TableSchema } from "~/lib/table-schema";
import { GridCell } from "./GridCell";
import { ListQueryInputs } from "./ListQueryInputs";
import { RowCards } from "./RowCard";

interface DataGridProps {
  schema: TableSchema;
  rows: TableRow[];
  /** The rows' query: the headers show and toggle its sort. */
  query: ListQuery;
  path: string;
}

/**
 * The grid: an Actions column, then one column per property; sortable headers
 * toggle the sort. Below the md breakpoint (phones) the same rows are a list
 * of cards instead: CSS picks one, so it works without JavaScript too.
 */
export function DataGrid({ schema, rows, query, path }: DataGridProps) {
  const columns = Object.entries(schema.properties);
  const actions = (id: number, variant: ActionsVariant) => (
    <RowActions id={id} schema={schema} query={query} path={path} variant={variant} />
  );

  return (
    <>
      <RowCards schema={schema} rows={rows} actions={(id) => actions(id, "labelled")} />
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            <tr>
              {/* Every table has it: View reads a row whole, in read-only tables too. */}
              <th
                scope="col"
                className="w-28 px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                Actions
              </th>
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
                <td colSpan={columns.length + 1} className="px-4 py-12 text-center text-slate-500">
                  No data available
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className="align-top hover:bg-slate-50/80"
                >
                  <td className="px-4 py-2.5 whitespace-nowrap">{actions(row.id, "icons")}</td>
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
    </>
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

/** "icons": the grid's compact icon buttons; "labelled": a phone card's buttons, icon and word, 44 px high. */
type ActionsVariant = "icons" | "labelled";

const iconButton =
  "inline-flex size-8 items-center justify-center rounded-md text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-500";
const cardButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500";

/** One action's button: an icon named by aria-label in the grid, icon and visible word on a card. */
function ActionButton(props: { variant: ActionsVariant; name: string; value: number; label: string; icon: ReactNode; hover: string }) {
  const { variant, name, value, label, icon, hover } = props;
  const labelled = variant === "labelled";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      aria-label={labelled ? undefined : label}
      title={labelled ? undefined : label}
      className={`${labelled ? cardButton : iconButton} ${hover}`}
    >
      {icon}
      {labelled && label}
    </button>
  );
}

/**
 * View, Edit and Delete. Each is a GET form to a URL state (?view=ID shows
 * the row read-only, ?edit=ID opens the form, ?delete=ID a confirmation) so
 * they work without JavaScript; Delete's confirmation is the app's own dialog
 * (DeleteConfirmDialog) with JavaScript too. A read-only table has View only.
 */
function RowActions({
  id,
  schema,
  query,
  path,
  variant,
}: {
  id: number;
  schema: TableSchema;
  query: ListQuery;
  path: string;
  variant: ActionsVariant;
}) {
  // Each action is a GET form to the list's own URL with the list's state, so
  // the dialog opens (and closes back to the same page) without JavaScript too.
  const open = (name: "view" | "edit" | "delete", label: string, icon: ReactNode, hover: string) => (
    <Form method="get" action={path} preventScrollReset state={{ dialogFromList: true }}>
      <ListQueryInputs schema={schema} query={query} />
      <ActionButton variant={variant} name={name} value={id} label={label} icon={icon} hover={hover} />
    </Form>
  );
  return (
    <div className={`flex flex-wrap items-center ${variant === "labelled" ? "gap-2" : "gap-1"}`}>
      {open("view", "View", <Eye aria-hidden className="size-4" />, "hover:bg-slate-100 hover:text-slate-800")}
      {!schema.readOnly && open("edit", "Edit", <Pencil aria-hidden className="size-4" />, "hover:bg-brand-50 hover:text-brand-700")}
      {!schema.readOnly && open("delete", "Delete", <Trash2 aria-hidden className="size-4" />, "hover:bg-red-50 hover:text-red-700")}
    </div>
  );
}
