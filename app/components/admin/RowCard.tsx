import type { ReactNode } from "react";
import type { TableRow, TableSchema } from "~/lib/table-schema";
import { GridCell } from "./GridCell";

/**
 * The grid on a phone (below the md breakpoint; hidden from md on, where the
 * table shows): one card per row with the row's title field as its heading,
 * the table's two or three key fields (TableSchema.cardFields, chosen by the
 * registry) and the row's actions. View shows everything else.
 */
export function RowCards({
  schema,
  rows,
  actions,
}: {
  schema: TableSchema;
  rows: TableRow[];
  actions: (id: number) => ReactNode;
}) {
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white px-4 py-12 text-center text-slate-500 md:hidden">
        No data available
      </p>
    );
  }
  return (
    <ul aria-label={`${schema.title} rows`} className="space-y-3 md:hidden">
      {rows.map((row) => (
        <li key={row.id}>
          <RowCard schema={schema} row={row} actions={actions(row.id)} />
        </li>
      ))}
    </ul>
  );
}

function RowCard({ schema, row, actions }: { schema: TableSchema; row: TableRow; actions: ReactNode }) {
  const titleField = schema.titleField ?? "id";
  const titleProp = schema.properties[titleField];
  const headingId = `row-card-${row.id}`;
  const fields = (schema.cardFields ?? []).filter((name) => schema.properties[name]);
  return (
    <article aria-labelledby={headingId} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">
        {titleField === "id" || !titleProp || row[titleField] === "" || row[titleField] == null ? (
          `Item #${row.id}`
        ) : (
          <GridCell name={titleField} prop={titleProp} value={row[titleField]} />
        )}
      </h3>
      {fields.length > 0 && (
        <dl className="mt-2 space-y-1.5 text-sm">
          {fields.map((name) => (
            <div key={name} className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <dt className="text-slate-500">{schema.properties[name]!.title}</dt>
              <dd className="min-w-0 text-right text-slate-800 [overflow-wrap:anywhere]">
                <GridCell name={name} prop={schema.properties[name]!} value={row[name]} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="mt-3 border-t border-slate-100 pt-3">{actions}</div>
    </article>
  );
}
