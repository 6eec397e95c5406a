/**
 * The list query: page, page size, sort, search and filters, read from a
 * list's URL against the list's declaration (ListSpec), written back into
 * links, and changed by the list's rules. One module for both sides and for
 * every list: the loaders and the table API parse with it, the views build
 * every link and GET form from the query the loader hands them, and the SQL
 * reads the same object. docs/decisions/0054.
 */
export { defaultListQuery, isFilterable, MAX_LIMIT, PAGE_SIZE } from "./spec";
export type { ListField, ListFilter, ListQuery, ListSpec } from "./spec";
export { MAX_PAGE, MAX_TERM, parseListQuery, type ListQueryMode, type ListQueryResult } from "./parse";
export { formatSort, listHref, listSearch, listSearchParams } from "./url";
export { ariaSort, filterValue, toggleSort, withFilter, withPage, withSearch } from "./rules";
export { listPager, pageCount, pagerInfo, type PagerLinks } from "./pager";
export { searchGroups } from "./search";
