import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form } from "react-router";
import { pagerInfo, type ListQuery } from "~/lib/list-query";
import type { TableSchema } from "~/lib/table-schema";
import { ListQueryInputs } from "./ListQueryInputs";

/** Shown from two pages on: 'Showing X to Y of Z results', Previous / Next and 'Page N of M'. */
export function Pager(props: { schema: TableSchema; query: ListQuery; total: number; path: string }) {
  const { schema, query, total, path } = props;
  const info = pagerInfo(query, total);
  if (!info.visible) return null;
  const button =
    "inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm sm:min-h-0 font-medium text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex flex-col items-center justify-between gap-3 text-sm text-slate-600 sm:flex-row"
    >
      <p>
        Showing <span className="font-medium text-slate-900">{info.from}</span> to{" "}
        <span className="font-medium text-slate-900">{info.to}</span> of{" "}
        <span className="font-medium text-slate-900">{info.total}</span> results
      </p>
      <div className="flex items-center gap-3">
        <Form method="get" action={path} preventScrollReset>
          <ListQueryInputs schema={schema} query={query} omit={["page"]} />
          <button type="submit" name="page" value={info.page - 1} disabled={!info.hasPrevious} className={button}>
            <ChevronLeft aria-hidden className="size-4" />
            Previous
          </button>
        </Form>
        <span className="whitespace-nowrap">
          Page {info.page} of {info.pages}
        </span>
        <Form method="get" action={path} preventScrollReset>
          <ListQueryInputs schema={schema} query={query} omit={["page"]} />
          <button type="submit" name="page" value={info.page + 1} disabled={!info.hasNext} className={button}>
            Next
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </Form>
      </div>
    </nav>
  );
}
