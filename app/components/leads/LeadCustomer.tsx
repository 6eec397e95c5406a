import { UserRound } from "lucide-react";
import { Link } from "react-router";
import type { LeadPageView } from "~/server/leads/lead-view.server";

/**
 * The lead's customer record, one click away: a customer with other requests
 * is a `Returning customer`, with how many requests and jobs came before.
 */
export function LeadCustomer({ customer }: { customer: NonNullable<LeadPageView["customer"]> }) {
  const past = [plural(customer.otherRequests, "other request"), plural(customer.otherJobs, "job")].join(", ");
  return (
    <section
      aria-label="Customer"
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border px-4 py-3 text-sm ${
        customer.returning ? "border-amber-200 bg-amber-50 text-amber-900" : "border-slate-200 bg-white text-slate-700"
      }`}
    >
      <UserRound aria-hidden className="size-4 shrink-0" />
      {customer.returning ? (
        <>
          <strong className="font-semibold">Returning customer</strong>
          <span>{past} before</span>
        </>
      ) : (
        <span>First request from this customer</span>
      )}
      <Link to={`/admin/customers/${customer.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {customer.returning ? "See their requests and jobs" : "Customer record"}
      </Link>
    </section>
  );
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
