import { useEffect, useRef, type FormEvent, type RefObject } from "react";
import { useNavigate } from "react-router";
import { formatSort, isFilterable, listSearch, parseListQuery, withSearch, type ListQuery } from "~/lib/list-query";
import type { TableSchema } from "~/lib/table-schema";
import { FilterSelects } from "./FilterBar";
import { ListSearch } from "./ListSearch";

const DEBOUNCE_MS = 300;

/**
 * An admin table's 'Search...' (the one search box, ListSearch) with the
 * filter menus of its enum and boolean columns in the same GET form, so
 * searching and filtering work without JavaScript (the URL then keeps empty
 * parameters, which mean "none"). With JavaScript the list follows the typing
 * after a short pause (replacing the history entry so Back does not step
 * through every keystroke), a filter applies as soon as it is chosen, and the
 * URL stays clean. Either way a new search or filter goes back to page 1. `/`
 * anywhere but in a field focuses the box.
 */
export function SearchBox({ schema, query, path }: { schema: TableSchema; query: ListQuery; path: string }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hasFilters = Object.values(schema.properties).some(isFilterable);
  const sort = formatSort(query.sort) !== formatSort(schema.defaultSort) ? formatSort(query.sort) : null;

  // Back/forward (or a sort click) can change q under the input: follow it, unless the person is typing.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input && input.value.trim() !== query.q) input.value = query.q;
  }, [query.q]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useSlashToSearch(inputRef);

  /** The form's fields as the loader would read them, minus the empty ones. */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") params.append(name, value);
    const parsed = parseListQuery(schema, params, "dashboard");
    void navigate(`${path}${listSearch(schema, parsed.ok ? parsed.query : parsed.fallback)}`, { preventScrollReset: true });
  }

  function typed(value: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const next = withSearch(query, value);
      if (next !== query) void navigate(`${path}${listSearch(schema, next)}`, { replace: true, preventScrollReset: true });
    }, DEBOUNCE_MS);
  }

  return (
    <ListSearch
      action={path}
      id="table-search"
      label="Search"
      placeholder="Search..."
      q={query.q}
      keep={{ sort }}
      shortcut="/"
      live={{ inputRef, onChange: typed, onSubmit: submit }}
      className="flex w-full min-w-0 flex-col gap-3 sm:flex-1 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {hasFilters && <FilterSelects schema={schema} query={query} />}
    </ListSearch>
  );
}

/** `/` focuses the search box, unless the person is typing somewhere or a dialog is open. */
function useSlashToSearch(inputRef: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])")) return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [inputRef]);
}
