import { filterValue, isFilterable, type ListQuery } from "~/lib/list-query";
import type { TableSchema } from "~/lib/table-schema";

/**
 * One menu per enum or boolean column (`?status=new`, `?published=true`),
 * inside the search form: without JavaScript its Search button applies them;
 * with it, choosing one submits the form at once. "All" is the empty value.
 */
export function FilterSelects({ schema, query }: { schema: TableSchema; query: ListQuery }) {
  const columns = Object.entries(schema.properties).filter(([, prop]) => isFilterable(prop));
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
      {columns.map(([name, prop]) => {
        const options =
          prop.type === "boolean"
            ? [
                { value: "true", label: "Yes" },
                { value: "false", label: "No" },
              ]
            : prop.enum!.map((value, i) => ({ value: String(value), label: prop.enumTitles?.[i] ?? String(value) }));
        return (
          <label key={name} className="flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-600">
            {prop.title}
            <select
              name={name}
              // Keyed by the URL's value: Back/Forward show the filter the list has.
              key={filterValue(query, name)}
              defaultValue={filterValue(query, name)}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:min-h-10 sm:w-auto"
            >
              <option value="">All</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </div>
  );
}
