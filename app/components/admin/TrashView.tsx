import { ArchiveRestore, ArrowLeft } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { secondaryButton } from "~/components/ui/button";
import { Pager } from "~/components/ui/Pager";
import type { PagerLinks } from "~/lib/list-query";
import type { TableSchema } from "~/lib/table-schema";
import { formatDate } from "./cell-format";
import { useCellTimeZone } from "./cell-time-zone";
import { ErrorBanner } from "./ErrorBanner";
import { GridCell } from "./GridCell";
import { StatusMessage, statusFromParams } from "./StatusMessage";

export interface TrashItem {
  rowId: number;
  row: Record<string, unknown>;
  deletedBy: string;
  /** ISO 8601. */
  deletedAt: string;
}

/** How many of a row's fields a card shows besides its title. */
const KEY_FIELDS = 3;

/**
 * A table's "Recently deleted" (/admin/{table}/trash): the rows in the trash,
 * newest deletion first, as cards (a title field, a few key fields, who
 * deleted it and when) with Restore, a plain form post, and every list's pager.
 */
export function TrashView({
  schema,
  items,
  pager,
  keepDays,
  error,
}: {
  schema: TableSchema;
  items: TrashItem[];
  pager: PagerLinks;
  keepDays: number;
  error?: string;
}) {
  const [params] = useSearchParams();
  const timeZone = useCellTimeZone();
  const navigation = useNavigation();
  const restoring = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const fields = Object.entries(schema.properties).filter(([name, prop]) => name !== "id" && !prop.readOnly);
  const [titleField, ...rest] = fields;
  const path = `/admin/${schema.name}`;

  return (
    <section aria-labelledby="trash-title" className="min-w-0 flex-1">
      <Link
        to={path}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline sm:min-h-0"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to {schema.title}
      </Link>
      <h2 id="trash-title" className="mt-2 text-xl font-semibold text-slate-900">
        Recently deleted: {schema.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Deleted rows are kept for {keepDays} days, then removed for good. Restore puts a row back as it was.
      </p>

      <div className="mt-4 space-y-3">
        <StatusMessage status={statusFromParams(params)} />
        {error && <ErrorBanner>{error}</ErrorBanner>}
        {items.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white px-4 py-12 text-center text-sm text-slate-500">
            Nothing was deleted in the last {keepDays} days.
          </p>
        ) : (
          <ul className="space-y-3">
            {items.map((item) => (
              <li
                key={item.rowId}
                className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${String(item.rowId) === restoring ? "opacity-50" : ""}`}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                      {titleField ? <GridCell name={titleField[0]} prop={titleField[1]} value={item.row[titleField[0]]} /> : `#${item.rowId}`}
                    </h3>
                    <p className="mt-0.5 text-xs text-slate-500">
                      #{item.rowId} · deleted <time dateTime={item.deletedAt}>{formatDate(item.deletedAt, true, timeZone)}</time>
                      {item.deletedBy && ` by ${item.deletedBy}`}
                    </p>
                  </div>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="id" value={item.rowId} />
                    <button type="submit" disabled={restoring !== null && restoring !== undefined} className={`${secondaryButton} min-h-11`}>
                      <ArchiveRestore aria-hidden className="size-4" />
                      Restore
                    </button>
                  </Form>
                </div>
                {rest.length > 0 && (
                  <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                    {rest.slice(0, KEY_FIELDS).map(([name, prop]) => (
                      <div key={name} className="min-w-0">
                        <dt className="text-xs font-medium text-slate-500">{prop.title}</dt>
                        <dd className="text-slate-800 [overflow-wrap:anywhere]">
                          <GridCell name={name} prop={prop} value={item.row[name]} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <Pager pager={pager} noun="deleted rows" className="mt-4" />
    </section>
  );
}
