import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import type { PagerLinks } from "~/lib/list-query";

const item =
  "inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-xs sm:min-h-10";
const active = `${item} hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500`;

/**
 * Every list's pager, shown from two pages on: 'Showing X to Y of Z {noun}',
 * Previous / Next and 'Page N of M'; at either end a disabled button. Both
 * kinds work without JavaScript: `links` (the inbox, the public lists) are
 * plain links; `buttons` (the admin tables, whose UI contract names the
 * pager's Previous and Next buttons) are GET forms that keep the list's URL
 * and keep the scroll position. Public pages use it too: it imports no admin code.
 */
export function Pager(props: { pager: PagerLinks; noun: string; as?: "links" | "buttons"; className?: string }) {
  const { pager, noun, as = "links", className = "" } = props;
  if (pager.pages < 2) return null;
  const Control = as === "links" ? PageLink : PageButton;
  return (
    <nav
      aria-label="Pagination"
      className={`flex flex-col items-center justify-between gap-3 text-sm text-slate-600 sm:flex-row ${className}`}
    >
      <p>
        Showing <span className="font-medium text-slate-900">{pager.from}</span> to{" "}
        <span className="font-medium text-slate-900">{pager.to}</span> of{" "}
        <span className="font-medium text-slate-900">{pager.total}</span> {noun}
      </p>
      <div className="flex items-center gap-3">
        <Control href={pager.previous} page={pager.page - 1} rel="prev">
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </Control>
        <span className="whitespace-nowrap">
          Page {pager.page} of {pager.pages}
        </span>
        <Control href={pager.next} page={pager.page + 1} rel="next">
          Next
          <ChevronRight aria-hidden className="size-4" />
        </Control>
      </div>
    </nav>
  );
}

interface ControlProps {
  /** The page to go to; null at either end. */
  href: string | null;
  page: number;
  rel: string;
  children: React.ReactNode;
}

function Disabled({ children }: { children: React.ReactNode }) {
  return (
    <button type="button" disabled className={`${item} cursor-not-allowed opacity-50`}>
      {children}
    </button>
  );
}

function PageLink({ href, rel, children }: ControlProps) {
  if (!href) return <Disabled>{children}</Disabled>;
  return (
    <Link to={href} rel={rel} className={active}>
      {children}
    </Link>
  );
}

/** A GET form for `href`: its other parameters as hidden fields, the button sets `page`. */
function PageButton({ href, page, children }: ControlProps) {
  if (!href) return <Disabled>{children}</Disabled>;
  const url = new URL(href, "http://list.invalid");
  const params = [...url.searchParams].filter(([name]) => name !== "page");
  return (
    <Form method="get" action={url.pathname} preventScrollReset>
      {params.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="page" value={page} className={active}>
        {children}
      </button>
    </Form>
  );
}
