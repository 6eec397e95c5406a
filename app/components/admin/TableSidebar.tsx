import { Database } from "lucide-react";
import { Link } from "react-router";

export interface TableSummary {
  name: string;
  title: string;
  description: string;
}

/** 'Database Tables': one link per table, the current one marked; a row of chips on narrow screens. */
export function TableSidebar({ tables, current }: { tables: TableSummary[]; current?: string }) {
  return (
    <nav aria-label="Database Tables" className="lg:w-64 lg:shrink-0">
      <h2 className="mb-2 flex items-center gap-2 px-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">
        <Database aria-hidden className="size-3.5" />
        Database Tables
      </h2>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0 lg:pb-0">
        {tables.map((table) => {
          const active = table.name === current;
          return (
            <li key={table.name} className="shrink-0">
              <Link
                to={`/admin/${table.name}`}
                aria-current={active ? "page" : undefined}
                className={`block rounded-lg border px-3 py-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 lg:border-transparent ${
                  active
                    ? "border-brand-400 bg-brand-50 text-brand-700 lg:border-l-brand-600"
                    : "border-slate-200 bg-white text-slate-700 hover:bg-slate-100 lg:bg-transparent"
                } lg:rounded-l-none lg:border-l-2`}
              >
                <span className="block text-sm font-semibold whitespace-nowrap lg:whitespace-normal">
                  {table.title || table.name}
                </span>
                {table.description && (
                  <span
                    className={`mt-0.5 hidden text-xs leading-snug lg:block ${active ? "text-brand-700" : "text-slate-500"}`}
                  >
                    {table.description}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
