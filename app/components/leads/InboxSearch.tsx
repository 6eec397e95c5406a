import { Search } from "lucide-react";
import { Form } from "react-router";
import { secondaryButton } from "~/components/ui/button";
import type { LeadStatus } from "~/lib/lead-status";

/**
 * A plain GET form (works without JavaScript): the search keeps the status
 * filter and starts again at page 1. Keyed by the search so Back or a filter
 * link shows the search the URL holds.
 */
export function InboxSearch({ q, status }: { q: string; status: LeadStatus | null }) {
  return (
    <Form method="get" action="/admin/leads" role="search" className="flex w-full gap-2 sm:max-w-md">
      <label htmlFor="lead-search" className="sr-only">
        Search leads
      </label>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          key={q}
          id="lead-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Name, phone, e-mail, message, notes…"
          autoComplete="off"
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      {/* After q, in the order of the list's own links (lib/list-query/url.ts). */}
      {status && <input type="hidden" name="status" value={status} />}
      <button type="submit" className={secondaryButton}>
        Search
      </button>
    </Form>
  );
}
