import type { CustomerTimelineItem } from "~/server/customers/customer-view.server";
import { useLinkNavigation } from "../ui/use-link-navigation";
import { panelClass } from "./field-style";

const KIND_LABEL: Record<CustomerTimelineItem["kind"], string> = {
  request: "Request",
  estimate: "Estimate",
  job: "Job",
  invoice: "Invoice",
  payment: "Payment",
  review: "Review",
  merged: "Merge",
  erased: "Erase",
};

/**
 * Everything with the customer, newest first: each entry links to the page
 * that shows it. A loyal customer's list runs to hundreds of entries, so each
 * is plain markup styled by `.customer-timeline` (app/styles/admin.css) and its
 * link a plain `<a>` that the list's one handler navigates like a `Link`
 * (docs/decisions/0094).
 */
export function CustomerTimeline({ items }: { items: CustomerTimelineItem[] }) {
  const navigateByLink = useLinkNavigation();
  return (
    <section aria-labelledby="timeline-heading" className={panelClass}>
      <h3 id="timeline-heading" className="text-lg font-semibold text-slate-900">
        Timeline
      </h3>
      {items.length ? (
        <ol className="customer-timeline" onClick={navigateByLink}>
          {items.map((item) => (
            <li key={item.key}>
              <span>{KIND_LABEL[item.kind]}</span>
              <span>
                {item.href ? (
                  <a href={item.href} data-discover="true">
                    {item.title}
                  </a>
                ) : (
                  <b>{item.title}</b>
                )}{" "}
                {item.detail}
              </span>
              <time dateTime={item.at.iso} title={item.at.exact}>
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
