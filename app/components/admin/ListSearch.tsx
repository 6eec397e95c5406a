import { Search } from "lucide-react";
import { Form } from "react-router";
import { secondaryButton } from "~/components/ui/button";

/**
 * A list's search box: a plain GET form to the list's page (works without
 * JavaScript) holding `q` and the list's other parameters (`keep`, e.g. the
 * status filter), so a search starts again at page 1 of the same view. Keyed
 * by the search, so Back or a filter link shows the search the URL holds.
 */
export function ListSearch({
  action,
  id,
  label,
  placeholder,
  q,
  keep = {},
}: {
  action: string;
  id: string;
  /** The box's accessible name ("Search invoices"). */
  label: string;
  placeholder: string;
  q: string;
  keep?: Record<string, string | null | undefined>;
}) {
  return (
    <Form method="get" action={action} role="search" className="flex w-full gap-2 sm:max-w-md">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          key={q}
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          autoComplete="off"
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      {/* After q, in the order of the list's own links (lib/list-query/url.ts). */}
      {Object.entries(keep).map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}
      <button type="submit" className={secondaryButton}>
        Search
      </button>
    </Form>
  );
}
