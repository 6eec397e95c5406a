import { Link } from "react-router";
import type { StatusFilterLink } from "~/server/leads/inbox-view.server";

/** "New (3)", "Contacted (0)", … "All": links that wrap onto more lines on a phone rather than scroll. */
export function StatusFilters({ filters }: { filters: StatusFilterLink[] }) {
  return (
    <nav aria-label="Filter leads by status">
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <li key={filter.href}>
            <Link
              to={filter.href}
              aria-current={filter.current ? "page" : undefined}
              className={`inline-flex min-h-10 items-center rounded-full border px-3.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                filter.current
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
              }`}
            >
              {filter.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
