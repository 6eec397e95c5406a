import { data } from "react-router";
import { TablePageError } from "~/components/admin/TablePageError";
import { ImportCsvForm, type ImportOutcome } from "~/components/admin/ImportCsvForm";
import { refusedOnForm } from "~/server/form-action.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { databaseContext } from "~/server/request-context.server";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importCsv, readCsvBody } from "~/server/tables/import.server";
import { getTable, writableColumns } from "~/server/tables/registry.server";
import type { Route } from "./+types/admin.$table.import";

/*
 * /admin/{table}/import — CSV import into one table (docs/decisions/0045): a
 * plain multipart form, so it works without JavaScript; with it, the same form
 * posts without leaving the page. The admin layout's middleware has already
 * checked that the user is an administrator.
 */

/** A registered table that can be written; anything else has no import page. */
function tableFrom(params: { table?: string }) {
  const table = params.table === undefined ? undefined : getTable(params.table);
  if (!table || table.readOnly) throw Response.json({ error: `No table to import into: ${params.table}` }, { status: 404 });
  return table;
}

export function loader({ params }: Route.LoaderArgs) {
  const table = tableFrom(params);
  return {
    table: { name: table.name, title: table.title },
    columns: Object.keys(table.columns),
    writable: writableColumns(table).map(([name]) => name),
    maxBytes: IMPORT_MAX_BYTES,
    maxRows: IMPORT_MAX_ROWS,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const table = tableFrom(params);
  return refusedOnForm(
    async () => {
      const text = await readCsvBody(request);
      const result = await importCsv(context.get(databaseContext), table, text, adminUserFrom(context));
      const outcome: ImportOutcome = result.ok
        ? { ok: true, created: result.created, updated: result.updated }
        : { ok: false, problems: result.problems, truncated: result.truncated };
      return data(outcome, { status: result.ok ? 200 : 400 });
    },
    (error): ImportOutcome => ({ ok: false, error: error.message, problems: [], truncated: false }),
  );
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
      <ImportCsvForm {...loaderData} outcome={actionData} />
    </main>
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.table.title;
  return [{ title: title ? `Import CSV · ${title} · Admin Dashboard` : "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <TablePageError
      error={error}
      notFound="There is no table to import into at this address."
      failed="The import page could not be shown. Please try again."
    />
  );
}
