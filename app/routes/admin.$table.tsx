import { data, redirect, replace, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { TablePageError } from "~/components/admin/TablePageError";
import { CellTimeZone } from "~/components/admin/cell-time-zone";
import { TableSidebar } from "~/components/admin/TableSidebar";
import { STATUS_PARAMS, withStatus } from "~/components/admin/StatusMessage";
import { TableView, type OpenDialog } from "~/components/admin/TableView";
import { listSearch, pageCount, parseListQuery, withPage } from "~/lib/list-query";
import { FAILURE_TITLE, rowFromFormData, type RowActionFailure } from "~/lib/row-form";
import type { HistoryEntry } from "~/lib/row-history";
import type { TableRow } from "~/lib/table-schema";
import { formText, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { AppError } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { readForm } from "~/server/form-body.server";
import { env } from "~/server/env.server";
import { databaseContext } from "~/server/request-context.server";
import { getTable, tableNames, tableSchema } from "~/server/tables/registry.server";
import { rowHistory } from "~/server/tables/history.server";
import { createRow, deleteRow, getRow, listRows, restoreRow, restoreVersion, updateRow } from "~/server/tables/rows.server";
import type { Route } from "./+types/admin.$table";

/*
 * /admin/{table}?page=&sort=&q= — one admin table. The URL is the whole view
 * state: the list query (page, sort, search) and which dialog is open
 * (?new=1, ?edit=ID, ?view=ID, ?delete=ID; &history=1 over Edit or View), so
 * reload and Back work and every button is a real form that works without
 * JavaScript. The admin layout's middleware has already checked that the
 * user is an administrator.
 */

// Changing only these opens or closes a dialog (or clears a status message): the list need not be reloaded.
const DIALOG_PARAMS = ["new", "edit", "view", "delete", ...STATUS_PARAMS];

/** The registered table the URL names; otherwise the page is not found. */
function tableFrom(params: { table?: string }) {
  const table = params.table === undefined ? undefined : getTable(params.table);
  if (!table) throw Response.json({ error: `Unknown table: ${params.table}` }, { status: 404 });
  return table;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const table = tableFrom(params);
  const schema = tableSchema(table);
  const db = context.get(databaseContext);
  const url = new URL(request.url);

  // A refused parameter is shown in the banner and left out of every link the page makes.
  const parsed = parseListQuery(schema, url.searchParams, "dashboard");
  const query = parsed.ok ? parsed.query : parsed.fallback;
  const { rows, total } = parsed.ok ? await listRows(db, table, query) : { rows: [], total: 0 };
  // Past the last page (its last row was deleted, or an old link): show the last page.
  if (rows.length === 0 && total > 0 && query.page > 1) {
    throw redirect(`/admin/${table.name}${listSearch(schema, withPage(query, pageCount(query, total)))}`);
  }

  // The row a dialog names (?view=ID, ?edit=ID, ?delete=ID) when it is not on this page (a shared or typed URL).
  const dialogId = dialogRowId(url.searchParams, table.readOnly === true);
  const onPage = dialogId ? rows.find((row) => String(row.id) === dialogId) : undefined;
  const dialogRow = dialogId && !onPage ? await getRow(db, table, dialogId).catch(notFoundAsNull) : null;

  // The History of the edit or View dialog (?edit=ID&history=1, ?view=ID&history=1): the row's versions, newest first.
  const historyOf =
    url.searchParams.get("history") && !table.readOnly && (url.searchParams.get("view") || url.searchParams.get("edit"))
      ? (onPage ?? dialogRow)
      : null;
  const history = historyOf ? await rowHistory(db, table, historyOf.id) : null;

  return {
    history,
    tables: tableNames().map((name) => {
      const { title, description } = getTable(name)!;
      return { name, title, description };
    }),
    schema,
    query,
    rows,
    total,
    loadError: parsed.ok ? undefined : `Failed to load data for ${table.name}: ${parsed.error}`,
    dialogRow,
    // The grid shows times on the business's clock (cell-format.ts), as the CSV export writes them.
    timeZone: env().BUSINESS_TIME_ZONE,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const table = tableFrom(params);
  const schema = tableSchema(table);
  const parsed = parseListQuery(schema, new URL(request.url).searchParams, "dashboard");
  const back = `/admin/${table.name}${listSearch(schema, parsed.ok ? parsed.query : parsed.fallback)}`;
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  const { form } = body;
  const intent = postedIntent(form, FAILURE_TITLE);
  if (!intent) throw data({ error: "intent must be create, update, delete, restore or revert" }, { status: 400 });
  const id = formText(form, "id") || undefined;
  const values = intent === "create" || intent === "update" ? rowFromFormData(schema, form) : undefined;
  const db = context.get(databaseContext);
  const actor = adminUserFrom(context);
  const refused = await refusedOnForm(
    async () => {
      if (intent === "create") await createRow(db, table, values, actor);
      else if (intent === "update") await updateRow(db, table, id, values, actor);
      else if (intent === "delete") await deleteRow(db, table, id, actor);
      else if (intent === "restore") await restoreRow(db, table, id, actor);
      else await restoreVersion(db, table, id, formText(form, "version") || undefined, actor);
    },
    (error): RowActionFailure => ({ intent, error: `${FAILURE_TITLE[intent]}: ${error.message}`, fields: error.fields, values, id }),
  );
  if (refused) return refused;
  // Back to the list, replacing the form's history entry (?new=1 / ?edit=ID) so
  // Back does not reopen it, with what was done (and Undo after a delete).
  const status =
    intent === "delete" ? { deleted: id! } : { done: intent === "restore" ? "restored" : intent === "revert" ? "reverted" : "saved" };
  return replace(withStatus(back, status));
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
  const { tables, schema, query, rows, total, loadError, dialogRow } = loaderData;
  const [params] = useSearchParams();
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-8 lg:py-8">
      <TableSidebar tables={tables} current={schema.name} />
      <CellTimeZone value={loaderData.timeZone}>
        <TableView
          key={schema.name}
          schema={schema}
          rows={rows}
          total={total}
          query={query}
          loadError={loadError}
          failure={actionData ?? undefined}
          dialog={withHistory(openDialog(params, schema.readOnly === true, rows, dialogRow), loaderData.history)}
        />
      </CellTimeZone>
    </main>
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.schema.title;
  return [{ title: title ? `${title} · Admin Dashboard` : "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <TablePageError
      error={error}
      notFound="There is no admin table at this address."
      failed="The table could not be shown. Please try again."
    />
  );
}

/** The id of the row the URL's dialog shows, in the order openDialog looks: View (read-only tables too), Edit, Delete. */
function dialogRowId(params: URLSearchParams, readOnly: boolean): string | null {
  return params.get("view") || (readOnly ? null : params.get("edit") || params.get("delete") || null);
}

/** A row that is not there reads as none: the dialog then shows nothing or says so. */
function notFoundAsNull(error: unknown): null {
  if (error instanceof AppError && error.status === 404) return null;
  throw error;
}

/** Which dialog the URL opens. Read in the component, since opening one does not rerun the loader. */
function openDialog(
  params: URLSearchParams,
  readOnly: boolean,
  rows: TableRow[],
  dialogRow: TableRow | null,
): OpenDialog {
  // The page's own row, or the one the loader fetched because it is on another page.
  const rowFor = (id: string) => rows.find((r) => String(r.id) === id) ?? (dialogRow && String(dialogRow.id) === id ? dialogRow : null);
  const viewId = params.get("view");
  const viewRow = viewId ? rowFor(viewId) : null;
  if (viewRow) return { kind: "view", row: viewRow };
  if (readOnly) return null;
  const editId = params.get("edit");
  if (editId) {
    const row = rowFor(editId);
    return row ? { kind: "edit", row } : null;
  }
  if (params.get("new")) return { kind: "create" };
  const deleteId = params.get("delete");
  return deleteId ? { kind: "delete", id: deleteId, row: rowFor(deleteId) } : null;
}

/** The edit or View dialog's History replaces it when the URL asks (&history=1) and the loader read it. */
function withHistory(dialog: OpenDialog, history: HistoryEntry[] | null): OpenDialog {
  if (!history || (dialog?.kind !== "edit" && dialog?.kind !== "view")) return dialog;
  return { kind: "history", row: dialog.row, entries: history, from: dialog.kind };
}

function withoutDialog(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  params.sort();
  return params.toString();
}

