import { Receipt } from "lucide-react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * `Create Invoice`: a plain POST to /admin/invoices/new that makes a draft and
 * opens it. From a job (its estimate's lines) or from a lead (empty). A job
 * that has an invoice opens it instead; `another` is the owner's explicit
 * `Create Another Invoice`.
 */
export function CreateInvoiceButton(props: { jobId: number; another?: boolean } | { leadId: number }) {
  const another = "jobId" in props && props.another === true;
  return (
    <Form method="post" action="/admin/invoices/new">
      {"jobId" in props ? <input type="hidden" name="job_id" value={props.jobId} /> : <input type="hidden" name="lead_id" value={props.leadId} />}
      {another && <input type="hidden" name="another" value="yes" />}
      <button type="submit" className={buttonClass("secondary")}>
        <Receipt aria-hidden className="size-4" />
        {another ? "Create Another Invoice" : "Create Invoice"}
      </button>
    </Form>
  );
}
