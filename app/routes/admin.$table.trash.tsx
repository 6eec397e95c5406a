import { data, redirect, replace } from "react-router";
import { TablePageError } from "~/components/admin/TablePageError";
import { CellTimeZone } from "~/components/admin/cell-time-zone";
import { TableSidebar } from "~/components/admin/TableSidebar";
import { withStatus } from "~/components/admin/StatusMessage";
import { TrashView } from "~/components/admin/TrashView";
import { listHref, listPager, parseListQuery, withPage } from "~/lib/list-query";
import { formText, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { readForm } from "~/server/form-body.server";
import { env } from "~/server/env.server";
import { databaseContext } from "~/server/request-context.server";
import { getTable, tableNames, tableSchema } from "~/server/tables/registry.server";
import { restoreRow } from "~/server/tables/rows.server";
import { listTrash, TRASH_KEEP_DAYS, TRASH_LIST } from "~/server/tables/trash.server";
import type { Route } from "./+types/admin.$table.trash";

/*
 * /admin/{table}/trash?page=N — a table's "Recently deleted": the rows deleted
 * in the last 30 days, each with Restore (a plain form post, so it works
 * without JavaScript). Read-only tables have no trash. The admin layout's
 * middleware has already checked that the user is an administrator.
 */

function tableFrom(params: { table?: string }) {
  const table = params.table === undefined ? undefined : getTable(params.table);
  if (!table || table.readOnly) throw Response.json({ error: `No trash for table: ${params.table}` }, { status: 404 });
  return table;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const table = tableFrom(params);
  // Read like every list (lib/list-query): a bad page is named in the banner, past the last one goes to the last.
  const parsed = parseListQuery(TRASH_LIST, new URL(request.url).searchParams);
  const query = parsed.ok ? parsed.query : parsed.fallback;
  const path = `/admin/${table.name}/trash`;
  const { rows, total } = await listTrash(context.get(databaseContext), table, query);
  const pager = listPager(path, TRASH_LIST, query, total);
  if (query.page > Math.max(1, pager.pages)) throw redirect(listHref(path, TRASH_LIST, withPage(query, pager.pages)));
  return {
    tables: tableNames().map((name) => {
      const { title, description } = getTable(name)!;
      return { name, title, description };
    }),
    schema: tableSchema(table),
    items: rows.map((r) => ({ ...r, deletedAt: r.deletedAt.toISOString() })),
    total,
    pager,
    error: parsed.ok ? undefined : parsed.error,
    keepDays: TRASH_KEEP_DAYS,
    // Times on the business's clock, as on the table page (cell-format.ts).
    timeZone: env().BUSINESS_TIME_ZONE,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const table = tableFrom(params);
  const body = await readForm(request);
  if (!body.ok) throw data({ error: body.error }, { status: body.status });
  if (!postedIntent(body.form, { restore: true })) throw data({ error: "intent must be restore" }, { status: 400 });
  const id = formText(body.form, "id") || undefined;
  return refusedOnForm(
    async () => {
      await restoreRow(context.get(databaseContext), table, id, adminUserFrom(context));
      return replace(withStatus(`/admin/${table.name}/trash`, { done: "restored" }));
    },
    (error) => ({ error: `Failed to restore row: ${error.message}` }),
  );
}

export default function AdminTableTrash({ loaderData, actionData }: Route.ComponentProps) {
  const { tables, schema, items, pager, keepDays } = loaderData;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-8 lg:py-8">
      <TableSidebar tables={tables} current={schema.name} />
      <CellTimeZone value={loaderData.timeZone}>
        <TrashView schema={schema} items={items} pager={pager} keepDays={keepDays} error={actionData?.error ?? loaderData.error} />
      </CellTimeZone>
    </main>
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.schema.title;
  return [{ title: title ? `Recently deleted · ${title} · Admin Dashboard` : "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <TablePageError
      error={error}
      notFound="There is no table with deleted rows at this address."
      failed="The deleted rows could not be shown. Please try again."
    />
  );
}
