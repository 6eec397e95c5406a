import { Search } from "lucide-react";
import { useEffect, useRef, type FormEvent, type RefObject } from "react";
import { Form, useNavigate } from "react-router";
import { secondaryButton } from "~/components/ui/button";
import { formatSort, isFilterable, listSearch, parseListQuery, withSearch, type ListQuery } from "~/lib/list-query";
import type { TableSchema } from "~/lib/table-schema";
import { FilterSelects } from "./FilterBar";

const DEBOUNCE_MS = 300;

/**
 * 'Search...' and the filter menus of the enum and boolean columns: one GET
 * form with a Search button, so searching and filtering work without
 * JavaScript (the URL then keeps empty parameters, which mean "none"). With
 * JavaScript the list follows the typing after a short pause (replacing the
 * history entry so Back does not step through every keystroke), a filter
 * applies as soon as it is chosen, and the URL stays clean. Either way a new
 * search or filter goes back to page 1. `/` anywhere but in a field focuses the box.
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

  return (
    <Form
      method="get"
      action={path}
      role="search"
      onSubmit={submit}
      className="flex w-full min-w-0 flex-col gap-3 sm:flex-1 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {sort && <input type="hidden" name="sort" value={sort} />}
      <div className="flex w-full gap-2 sm:max-w-sm">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            ref={inputRef}
            type="search"
            name="q"
            aria-label="Search"
            aria-keyshortcuts="/"
            placeholder="Search..."
            defaultValue={query.q}
            autoComplete="off"
            onChange={(event) => {
              const value = event.currentTarget.value;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                const next = withSearch(query, value);
                if (next !== query)
                  void navigate(`${path}${listSearch(schema, next)}`, { replace: true, preventScrollReset: true });
              }, DEBOUNCE_MS);
            }}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:min-h-10"
          />
        </div>
        <button type="submit" className={`${secondaryButton} min-h-11 sm:min-h-10`}>
          Search
        </button>
      </div>
      {hasFilters && <FilterSelects schema={schema} query={query} />}
    </Form>
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
