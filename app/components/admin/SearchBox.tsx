import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { listSearch, withSearch, type ListQuery } from "~/lib/list-query";
import type { TableSchema } from "~/lib/table-schema";
import { ListQueryInputs } from "./ListQueryInputs";

const DEBOUNCE_MS = 300;

/**
 * 'Search...': a GET form (Enter submits it without JavaScript); with
 * JavaScript the list follows the typing after a short pause, replacing the
 * history entry so Back does not step through every keystroke. A new search
 * goes back to page 1.
 */
export function SearchBox({ schema, query, path }: { schema: TableSchema; query: ListQuery; path: string }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward (or a sort click) can change q under the input: follow it, unless the person is typing.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input && input.value.trim() !== query.q) input.value = query.q;
  }, [query.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form method="get" action={path} role="search" className="relative w-full sm:max-w-xs">
      <ListQueryInputs schema={schema} query={query} omit={["page", "q"]} />
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        ref={inputRef}
        type="search"
        name="q"
        aria-label="Search"
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
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
    </Form>
  );
}
