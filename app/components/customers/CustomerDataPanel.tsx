import { Download } from "lucide-react";
import { secondaryButton } from "~/components/ui/button";
import type { CustomerActionFailure } from "~/server/customers/customer-view.server";
import { ConfirmActions, DangerFormButton } from "./DangerFormButton";
import { panelClass } from "./field-style";

/**
 * A customer's data on request (docs/decisions/0122): Export Data downloads
 * one JSON file; Erase Customer first shows what it will do (a GET, so it
 * works without JavaScript), and only the confirm posts.
 */
export function CustomerDataPanel({ customerId, confirm, failure }: { customerId: number; confirm: boolean; failure?: CustomerActionFailure }) {
  const pageUrl = `/admin/customers/${customerId}`;
  return (
    <section aria-labelledby="data-heading" className={panelClass}>
      <h3 id="data-heading" className="text-lg font-semibold text-slate-900">
        Customer's Data
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        On the customer's request: everything about them as one file, or their personal details erased everywhere.
      </p>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure.error}
        </p>
      )}
      {confirm ? (
        <div role="group" aria-labelledby="erase-confirm-heading" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4">
          <h4 id="erase-confirm-heading" className="font-semibold text-red-900">
            Erase customer #{customerId}?
          </h4>
          <p className="mt-1 text-sm text-red-900">
            Their name, e-mail, phone, addresses, notes, vehicles, messages, photos, reviews and the e-mails sent to them are erased from every
            request, estimate, job, invoice and the e-mail log, and their links stop working. Amounts, dates, invoice numbers, line prices and
            payments stay for the books. This cannot be undone: export their data first if they asked for it.
          </p>
          <ConfirmActions action={pageUrl} fields={{ intent: "erase" }}>
            Erase Customer
          </ConfirmActions>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={`${pageUrl}/export`} download className={secondaryButton}>
          <Download aria-hidden className="size-4" />
          Export Data
        </a>
        {!confirm && (
          <DangerFormButton method="get" action={pageUrl} fields={{ "confirm-erase": "1" }}>
            Erase Customer
          </DangerFormButton>
        )}
      </div>
    </section>
  );
}
