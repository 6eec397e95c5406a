import { LeadDocuments } from "~/components/priced-documents/LeadDocuments";
import { INVOICE_STATUS_TITLES } from "~/lib/invoice-status";
import { CreateInvoiceButton } from "./CreateInvoiceButton";
import type { LeadInvoice } from "~/server/invoices/invoice-lists.server";

/** The lead's invoices and `Create Invoice` (a POST that makes an empty draft and opens it; a job's button sends its job_id instead). */
export function LeadInvoices({ leadId, invoices }: { leadId: number; invoices: LeadInvoice[] }) {
  return (
    <LeadDocuments
      id="invoices-heading"
      title="Invoices"
      create={<CreateInvoiceButton leadId={leadId} />}
      items={invoices.map((i) => ({
        id: i.id,
        href: `/admin/invoices/${i.id}`,
        name: i.status === "void" ? <s>Invoice #{i.number}</s> : `Invoice #${i.number}`,
        detail: (
          <>
            {INVOICE_STATUS_TITLES[i.status]} · <span className="tabular-nums">{i.total}</span>
            {i.status === "sent" || i.status === "partly_paid" ? ` · due ${i.due}` : ""}
          </>
        ),
      }))}
    />
  );
}
