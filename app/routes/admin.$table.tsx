import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  replace,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { TableSidebar } from "~/components/admin/TableSidebar";
import { TableView, type OpenDialog } from "~/components/admin/TableView";
import { rowFromFormData } from "~/components/admin/form-values";
import { FAILURE_TITLE, type RowActionFailure } from "~/components/admin/row-action";
import { listSearch, pageCount, readListState, type ListState, type SortState } from "~/lib/list-state";
import type { TableRow } from "~/lib/table-schema";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { db } from "~/server/db.server";
import { readForm } from "~/server/form-body.server";
import { getTable, requireTable, tableNames, tableSchema } from "~/server/tables/registry.server";
import { createRow, deleteRow, getRow, listRows, parseListQuery, updateRow } from "~/server/tables/rows.server";
import type { Route } from "./+types/admin.$table";

/*
 * /admin/{table}?page=&sort=&q= — one admin table. The URL is the whole view
 * state: the list (page, sort, search) and which dialog is open (?new=1,
 * ?edit=ID, ?delete=ID), so reload and Back work and every button is a real
 * form that works without JavaScript. The admin layout's middleware has
 * already checked that the user is an administrator.
 */

// Changing only these opens or closes a dialog: the list need not be reloaded.
const DIALOG_PARAMS = ["new", "edit", "delete"];

export async function loader({ request, params }: Route.LoaderArgs) {
  const table = requireTable(params.table);
  const url = new URL(request.url);
  const path = `/admin/${table.name}`;
  const urlState = readListState(url.searchParams);

  // The list as the URL has it, and the sort actually applied (the table's default when the URL names none).
  let state: ListState = urlState;
  let activeSort: SortState = table.defaultSort;
  let rows: TableRow[] = [];
  let total = 0;
  let loadError: string | undefined;
  try {
    // Only the dashboard's own parameters: page size stays 50, search is q.
    const query = parseListQuery(table, pick(url.searchParams, ["page", "sort", "q"]), { searchParam: "q" });
    state = { ...urlState, page: query.page };
    activeSort = query.sort;
    ({ rows, total } = await listRows(db(), table, query));
    // Past the last page (its last row was deleted, or an old link): show the last page.
    if (rows.length === 0 && total > 0 && query.page > 1) {
      throw redirect(`${path}${listSearch({ ...state, page: pageCount(total) })}`);
    }
  } catch (error) {
    if (!(error instanceof Response) || (error.status >= 300 && error.status < 400)) throw error;
    loadError = `Failed to load data for ${table.name}: ${await messageOf(error)}`;
  }

  // A row to edit that is not on this page (a shared or typed URL).
  const editId = url.searchParams.get("edit");
  let editRow: TableRow | null = null;
  if (editId && !table.readOnly && !rows.some((row) => String(row.id) === editId)) {
    editRow = await getRow(db(), table, editId).catch((error: unknown) => {
      if (error instanceof Response && error.status === 404) return null;
      throw error;
    });
  }

  return {
    tables: tableNames().map((name) => {
      const { title, description } = getTable(name)!;
      return { name, title, description };
    }),
    schema: tableSchema(table),
    searchFields: Object.entries(table.columns)
      .filter(([, column]) => column.searchable)
      .map(([name]) => name),
    rows,
    total,
    state,
    activeSort,
    loadError,
    editRow,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const table = requireTable(params.table);
  const url = new URL(request.url);
  const back = `/admin/${table.name}${listSearch(readListState(url.searchParams))}`;
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const { form } = body;
  const intent = form.get("intent");
  if (intent !== "create" && intent !== "update" && intent !== "delete") {
    throw data({ error: "intent must be create, update or delete" }, { status: 400 });
  }
  const id = typeof form.get("id") === "string" ? (form.get("id") as string) : undefined;
  const values = intent === "delete" ? undefined : rowFromFormData(tableSchema(table), form);
  const actor = adminUserFrom(context);
  try {
    if (intent === "create") await createRow(db(), table, values, actor);
    else if (intent === "update") await updateRow(db(), table, id, values, actor);
    else await deleteRow(db(), table, id, actor);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const body = (await error
      .clone()
      .json()
      .catch(() => ({}))) as { fields?: Record<string, string> };
    return data<RowActionFailure>(
      { intent, error: `${FAILURE_TITLE[intent]}: ${await messageOf(error)}`, fields: body.fields, values, id },
      { status: error.status },
    );
  }
  // Back to the list, replacing the form's history entry (?new=1 / ?edit=ID) so Back does not reopen it.
  return replace(back);
}

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return withoutDialog(currentUrl) === withoutDialog(nextUrl) ? false : defaultShouldRevalidate;
}

export default function AdminTable({ loaderData, actionData }: Route.ComponentProps) {
  const { tables, schema, rows, total, state, activeSort, searchFields, loadError, editRow } = loaderData;
  const [params] = useSearchParams();
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-8 lg:py-8">
      <TableSidebar tables={tables} current={schema.name} />
      <TableView
        key={schema.name}
        schema={schema}
        rows={rows}
        total={total}
        state={state}
        activeSort={activeSort}
        searchFields={searchFields}
        loadError={loadError}
        failure={actionData ?? undefined}
        dialog={openDialog(params, schema.readOnly === true, rows, editRow)}
      />
    </main>
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.schema.title;
  return [{ title: title ? `${title} · Admin Dashboard` : "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-7xl px-6 py-12">
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h2 className="text-lg font-semibold">{notFound ? "Table not found" : "Something went wrong"}</h2>
        <p className="mt-1 text-sm">
          {notFound ? "There is no admin table at this address." : "The table could not be shown. Please try again."}
        </p>
        <Link to="/admin" className="mt-4 inline-block text-sm font-semibold text-red-900 underline">
          Back to the dashboard
        </Link>
      </div>
    </main>
  );
}

/** Which dialog the URL opens. Read in the component, since opening one does not rerun the loader. */
function openDialog(
  params: URLSearchParams,
  readOnly: boolean,
  rows: TableRow[],
  editRow: TableRow | null,
): OpenDialog {
  if (readOnly) return null;
  const editId = params.get("edit");
  if (editId) {
    const row =
      rows.find((r) => String(r.id) === editId) ?? (editRow && String(editRow.id) === editId ? editRow : null);
    return row ? { kind: "edit", row } : null;
  }
  if (params.get("new")) return { kind: "create" };
  const deleteId = params.get("delete");
  return deleteId ? { kind: "delete", id: deleteId } : null;
}

function pick(params: URLSearchParams, names: string[]): URLSearchParams {
  return new URLSearchParams([...params].filter(([name]) => names.includes(name)));
}

function withoutDialog(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  params.sort();
  return params.toString();
}

/** The `error` of a JSON error response, else its status text. */
async function messageOf(response: Response): Promise<string> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === "string" ? body.error : response.statusText || `HTTP ${response.status}`;
}
