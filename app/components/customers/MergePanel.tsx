import { Form } from "react-router";
import { ListSearch } from "~/components/admin/ListSearch";
import { dangerButton } from "~/components/ui/button";
import type { CustomerActionFailure, CustomerPageView } from "~/server/customers/customer-view.server";
import { ConfirmActions } from "./DangerFormButton";
import { panelClass } from "./field-style";
import { TextField } from "./TextField";

/**
 * Merge another record into this one: find it (a GET search that keeps this
 * page) and choose a found one with its own button, or give its number; then
 * confirm what moves (a GET shows it, only Confirm Merge posts). Plain forms,
 * so it works without JavaScript.
 */
export function MergePanel({ customerId, merge, failure }: { customerId: number; merge: CustomerPageView["merge"]; failure?: CustomerActionFailure }) {
  const refused = merge.preview && !merge.preview.ok ? merge.preview.error : undefined;
  const pageUrl = `/admin/customers/${customerId}`;
  return (
    <section aria-labelledby="merge-heading" className={panelClass}>
      <h3 id="merge-heading" className="text-lg font-semibold text-slate-900">
        Merge
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Join another record of the same person into this one: their requests, estimates, jobs and vehicles move here, and the timeline records it.
      </p>
      {(failure || refused) && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure?.error ?? refused}
        </p>
      )}
      {merge.preview?.ok && (
        <div role="group" aria-labelledby="merge-confirm-heading" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4">
          <h4 id="merge-confirm-heading" className="font-semibold break-words text-red-900">
            Merge #{merge.preview.source.id} {merge.preview.source.name} into this record?
          </h4>
          <p className="mt-1 text-sm break-words text-red-900">
            {[merge.preview.source.email, merge.preview.source.phone].filter(Boolean).join(" · ")}
            {merge.preview.source.email || merge.preview.source.phone ? ". " : ""}
            Their {merge.preview.requests} (with their estimates, jobs and invoices) and {merge.preview.vehicles} move here, and the timeline records it.
            The other record then only points here.
          </p>
          <ConfirmActions action={pageUrl} fields={{ intent: "merge", source: merge.preview.source.id }}>
            Confirm Merge
          </ConfirmActions>
        </div>
      )}
      <ListSearch
        action={pageUrl}
        id="merge-search"
        name="merge"
        label="Find a Customer to Merge"
        showLabel
        placeholder="Name, e-mail, phone or number"
        q={merge.q}
        button="Find"
        className="mt-3 w-full"
      />
      {merge.q && (
        merge.candidates.length ? (
          <ul className="mt-3 divide-y divide-slate-100" aria-label="Customers found">
            {merge.candidates.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span className="min-w-0 text-sm break-words">
                  <span className="font-semibold text-slate-900">
                    #{c.id} {c.name}
                  </span>{" "}
                  <span className="text-slate-600">{[c.email, c.phone].filter(Boolean).join(" · ")}</span>
                </span>
                <Form method="get" action={pageUrl}>
                  <input type="hidden" name="confirm-merge" value={c.id} />
                  <button type="submit" className={dangerButton}>
                    Merge<span className="sr-only"> #{c.id} {c.name} into this record</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600">No other customer matches “{merge.q}”.</p>
        )
      )}
      <Form method="get" action={pageUrl} className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4">
        <div className="min-w-0 flex-1">
          <TextField
            key={merge.typed}
            id="merge-source"
            name="confirm-merge"
            label="Customer Number"
            inputMode="numeric"
            defaultValue={failure?.values?.source ?? merge.typed}
            error={failure?.fields?.source ?? refused}
          />
        </div>
        <button type="submit" className={dangerButton}>
          Merge
        </button>
      </Form>
    </section>
  );
}
