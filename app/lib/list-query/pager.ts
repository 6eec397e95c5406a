import { withPage } from "./rules";
import type { ListQuery, ListSpec } from "./spec";
import { listHref } from "./url";

/**
 * What every list's pager (components/ui/Pager.tsx) shows: rows `from`–`to`
 * of `total` on page `page` of `pages`, and the address of the page before
 * and after (null at either end).
 */
export interface PagerLinks {
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
  previous: string | null;
  next: string | null;
}

export function pageCount(query: ListQuery, total: number): number {
  return Math.ceil(Math.max(0, total) / query.limit);
}

/** `visible` is false below two pages (one page needs no pager). */
export function pagerInfo(query: ListQuery, total: number) {
  const { page, limit } = query;
  const pages = pageCount(query, total);
  return {
    page,
    pages,
    from: total === 0 ? 0 : Math.min((page - 1) * limit + 1, total),
    to: Math.min(page * limit, total),
    total,
    visible: pages >= 2,
    hasPrevious: page > 1,
    hasNext: page < pages,
  };
}

/** The pager of the list at `path` for this query, its links keeping the sort, search and filters. */
export function listPager(path: string, spec: ListSpec, query: ListQuery, total: number) {
  const info = pagerInfo(query, total);
  const href = (page: number) => listHref(path, spec, withPage(query, page));
  return {
    ...info,
    previous: info.hasPrevious ? href(info.page - 1) : null,
    next: info.hasNext ? href(info.page + 1) : null,
  } satisfies PagerLinks;
}
