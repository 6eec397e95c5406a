import { ChevronDown, Database } from "lucide-react";
import { Link } from "react-router";

export interface TableSummary {
  name: string;
  title: string;
  description: string;
}

/**
 * 'Database Tables': one link per table, the current one marked. From the lg
 * breakpoint a sidebar; below it (phones, tablets) a menu that opens from a
 * button-like summary showing the current table (<details>, so it opens
 * without JavaScript too). CSS shows one of the two lists.
 */
export function TableSidebar({ tables, current }: { tables: TableSummary[]; current?: string }) {
  const currentTitle = tables.find((t) => t.name === current)?.title;
  return (
    <nav aria-label="Database Tables" className="lg:w-64 lg:shrink-0">
      {/* Keyed by the table: after a choice (a client-side navigation) the menu starts closed again. */}
      <details key={current} className="group rounded-lg border border-slate-200 bg-white shadow-xs lg:hidden">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-3 py-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
          <span className="flex min-w-0 items-center gap-2">
            <Database aria-hidden className="size-4 shrink-0 text-slate-500" />
            <span className="text-xs font-semibold tracking-wider text-slate-500 uppercase">Database Tables</span>
            {currentTitle && <span className="truncate text-sm font-semibold text-slate-900">{currentTitle}</span>}
          </span>
          <ChevronDown aria-hidden className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
        </summary>
        <ul className="border-t border-slate-200 py-1">
          {tables.map((table) => {
            const active = table.name === current;
            return (
              <li key={table.name}>
                <Link
                  to={`/admin/${table.name}`}
                  aria-current={active ? "page" : undefined}
                  className={`flex min-h-11 items-center px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 ${
                    active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {table.title || table.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </details>

      <h2 className="mb-2 hidden items-center gap-2 px-1 text-xs font-semibold tracking-wider text-slate-500 uppercase lg:flex">
        <Database aria-hidden className="size-3.5" />
        Database Tables
      </h2>
      <ul className="hidden flex-col gap-1 lg:flex">
        {tables.map((table) => {
          const active = table.name === current;
          return (
            <li key={table.name}>
              <Link
                to={`/admin/${table.name}`}
                aria-current={active ? "page" : undefined}
                className={`block rounded-r-lg border-l-2 px-3 py-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                  active ? "border-l-brand-600 bg-brand-50 text-brand-700" : "border-transparent text-slate-700 hover:bg-slate-100"
                }`}
              >
                <span className="block text-sm font-semibold">{table.title || table.name}</span>
                {table.description && (
                  <span className={`mt-0.5 block text-xs leading-snug ${active ? "text-brand-700" : "text-slate-500"}`}>
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
