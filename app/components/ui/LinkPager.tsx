import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

export interface PagerLinks {
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
  previous: string | null;
  next: string | null;
}

const item =
  "inline-flex min-h-10 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-xs";
const active = `${item} hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500`;

/**
 * Previous / Next as links (no JavaScript needed), shown from two pages on, as
 * the tables' pager: the leads inbox and the public /care-guides. `noun` names
 * what is counted ("leads", "guides").
 */
export function LinkPager({ pager, noun }: { pager: PagerLinks; noun: string }) {
  if (pager.pages < 2) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 text-sm text-slate-600 sm:flex-row">
      <p>
        Showing <span className="font-medium text-slate-900">{pager.from}</span> to{" "}
        <span className="font-medium text-slate-900">{pager.to}</span> of{" "}
        <span className="font-medium text-slate-900">{pager.total}</span> {noun}
      </p>
      <div className="flex items-center gap-3">
        <PageLink href={pager.previous} rel="prev">
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </PageLink>
        <span className="whitespace-nowrap">
          Page {pager.page} of {pager.pages}
        </span>
        <PageLink href={pager.next} rel="next">
          Next
          <ChevronRight aria-hidden className="size-4" />
        </PageLink>
      </div>
    </nav>
  );
}

/** At either end there is no page to go to: a disabled button, as on the tables' pager. */
function PageLink({ href, rel, children }: { href: string | null; rel: string; children: React.ReactNode }) {
  if (!href)
    return (
      <button type="button" disabled className={`${item} cursor-not-allowed opacity-50`}>
        {children}
      </button>
    );
  return (
    <Link to={href} rel={rel} className={active}>
      {children}
    </Link>
  );
}
