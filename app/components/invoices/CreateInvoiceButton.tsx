import { Receipt } from "lucide-react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * `Create Invoice`: a plain POST to /admin/invoices/new that makes a draft and
 * opens it. From a job (its estimate's lines) or from a lead (empty).
 */
export function CreateInvoiceButton(props: { jobId: number } | { leadId: number }) {
  return (
    <Form method="post" action="/admin/invoices/new">
      {"jobId" in props ? <input type="hidden" name="job_id" value={props.jobId} /> : <input type="hidden" name="lead_id" value={props.leadId} />}
      <button type="submit" className={buttonClass("secondary")}>
        <Receipt aria-hidden className="size-4" />
        Create Invoice
      </button>
    </Form>
  );
}
