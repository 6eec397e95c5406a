import { Link } from "react-router";
import type { CustomerTimelineItem } from "~/server/customers/customer-view.server";
import { panelClass } from "./field-style";

const KIND_LABEL: Record<CustomerTimelineItem["kind"], string> = {
  request: "Request",
  estimate: "Estimate",
  job: "Job",
  invoice: "Invoice",
  payment: "Payment",
  review: "Review",
  merged: "Merge",
};

/** Everything with the customer, newest first: each entry links to the page that shows it. */
export function CustomerTimeline({ items }: { items: CustomerTimelineItem[] }) {
  return (
    <section aria-labelledby="timeline-heading" className={panelClass}>
      <h3 id="timeline-heading" className="text-lg font-semibold text-slate-900">
        Timeline
      </h3>
      {items.length ? (
        <ol className="mt-3 space-y-3">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm">
              <span className="w-20 shrink-0 text-xs font-semibold tracking-wide text-slate-600 uppercase">{KIND_LABEL[item.kind]}</span>
              <span className="min-w-0 flex-1 break-words">
                {item.href ? (
                  <Link to={item.href} className="font-semibold text-brand-700 hover:underline">
                    {item.title}
                  </Link>
                ) : (
                  <span className="font-semibold text-slate-900">{item.title}</span>
                )}{" "}
                <span className="text-slate-700">{item.detail}</span>
              </span>
              <time dateTime={item.at.iso} title={item.at.exact} className="whitespace-nowrap text-slate-600">
                {item.at.ago}
              </time>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Nothing yet.</p>
      )}
    </section>
  );
}
