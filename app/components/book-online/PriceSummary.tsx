import { beyondMessage, type BeyondView, type PriceView } from "~/lib/book-online-form";
import { Totals } from "../priced-documents/LinesAndTotals";
import { QUOTE_ANCHOR } from "../site/QuoteField";
import { useSiteSettings } from "../site/use-site-settings";
import { linkClass } from "./parts";

/**
 * A price as the server worked it out (docs/decisions/0128): each line (the
 * package for the vehicle, each add-on, the condition's surcharge, the
 * travel fee), the Total and how long the work takes. Nothing is added up
 * here.
 */
export function PriceSummary({ price }: { price: PriceView }) {
  const rows: [string, string, boolean?][] = price.tax ? [["Subtotal", price.subtotal], ["Tax", price.tax]] : [];
  rows.push(["Total", price.total, true]);
  return (
    <div className="space-y-3">
      <ul aria-label="Price lines" className="divide-y divide-slate-200 text-sm">
        {price.lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-4 py-2">
            <span className="text-slate-800">{line.description}</span>
            <span className="shrink-0 tabular-nums text-slate-900">{line.amount}</span>
          </li>
        ))}
      </ul>
      <Totals rows={rows} />
      <p className="text-right text-sm text-slate-700">
        Takes about <span className="font-semibold text-slate-900">{price.duration}</span>
      </p>
    </div>
  );
}

/** The address of the home page's quote form with the Vehicle Type filled in (quotePrefill), and what is asked for. */
export function quoteFormHref(vehicleType: string, message = ""): string {
  const query = new URLSearchParams({ vehicle_type: vehicleType, ...(message ? { message } : {}) });
  return `/?${query}#${QUOTE_ANCHOR}`;
}

/** A ZIP Code beyond the Service Radius: no price online; the quote form instead. */
export function BeyondNotice({ beyond, vehicleType }: { beyond: BeyondView; vehicleType: string }) {
  const { responseTime } = useSiteSettings();
  return (
    <div role="status" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-medium">{beyondMessage(beyond)}</p>
      <p>
        {/* A page load, not a client-side one: the home page fills the form in from the address. */}
        <a href={quoteFormHref(vehicleType, `Service at ZIP Code ${beyond.zip}.`)} className={linkClass}>
          Request a quote
        </a>{" "}
        instead, and we'll get back to you {responseTime || "soon"}.
      </p>
    </div>
  );
}
