import { Search } from "lucide-react";
import type { FormEvent, ReactNode, Ref } from "react";
import { Form } from "react-router";
import { secondaryButton } from "~/components/ui/button";

/** With JavaScript, the admin tables' box follows the typing (SearchBox.tsx). */
export interface LiveSearch {
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** Parameters the list's own links write before `q` (lib/list-query/url.ts: page, sort, q, then the filters). */
const BEFORE_Q = new Set(["page", "sort"]);

/**
 * Every search box of the dashboard: the admin tables (through SearchBox), the
 * leads inbox, estimates, invoices, customers and the customer page's merge
 * finder. A plain GET form to the list's page (works without JavaScript)
 * holding the search (`q`, or `name`) and the list's other parameters
 * (`keep`, e.g. the sort and the status filter; page is left out), so a search
 * starts again at page 1 of the same view, and the URL reads as the list's own
 * links write it. Keyed by the search, so Back or a filter link shows the
 * search the URL holds (a live box instead follows the URL itself, so typing
 * is never interrupted).
 */
export function ListSearch({
  action,
  id,
  label,
  placeholder,
  q,
  keep = {},
  name = "q",
  button = "Search",
  showLabel = false,
  live,
  shortcut,
  className = "w-full",
  children,
}: {
  action: string;
  id: string;
  /** The box's accessible name ("Search invoices"). */
  label: string;
  placeholder: string;
  q: string;
  keep?: Record<string, string | null | undefined>;
  /** The search's URL parameter. */
  name?: string;
  /** The submit button's text. */
  button?: string;
  /** The label shown above the box (else only for screen readers). */
  showLabel?: boolean;
  live?: LiveSearch;
  /** aria-keyshortcuts of the box. */
  shortcut?: string;
  className?: string;
  /** Further fields of the same form, after the box (the tables' filter menus). */
  children?: ReactNode;
}) {
  const hidden = (before: boolean) =>
    Object.entries(keep).map(
      ([key, value]) =>
        value && key !== "page" && BEFORE_Q.has(key) === before && <input key={key} type="hidden" name={key} value={value} />,
    );
  return (
    <Form method="get" action={action} role="search" onSubmit={live?.onSubmit} className={className}>
      {hidden(true)}
      <div className="flex w-full min-w-0 items-end gap-2 sm:max-w-md">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={showLabel ? "mb-1 block text-sm font-medium text-slate-700" : "sr-only"}>
            {label}
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              key={live ? undefined : q}
              ref={live?.inputRef}
              id={id}
              type="search"
              name={name}
              defaultValue={q}
              placeholder={placeholder}
              aria-keyshortcuts={shortcut}
              autoComplete="off"
              onChange={live ? (event) => live.onChange(event.currentTarget.value) : undefined}
              className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:min-h-10"
            />
          </div>
        </div>
        <button type="submit" className={`${secondaryButton} min-h-11 sm:min-h-10`}>
          {button}
        </button>
      </div>
      {hidden(false)}
      {children}
    </Form>
  );
}
