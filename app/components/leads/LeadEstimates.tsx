import { FileText } from "lucide-react";
import { Form } from "react-router";
import { LeadDocuments } from "~/components/priced-documents/LeadDocuments";
import { buttonClass } from "~/components/ui/button";
import type { LeadEstimate } from "~/server/leads/lead-view.server";

/** The lead's estimates and `Create Estimate` (a POST that makes a draft and opens its editor). */
export function LeadEstimates({ leadId, estimates }: { leadId: number; estimates: LeadEstimate[] }) {
  return (
    <LeadDocuments
      id="estimates-heading"
      title="Estimates"
      create={
        <Form method="post" action="/admin/estimates">
          <input type="hidden" name="leadId" value={leadId} />
          <button type="submit" className={buttonClass("primary")}>
            <FileText aria-hidden className="size-4" />
            Create Estimate
          </button>
        </Form>
      }
      items={estimates.map((e) => ({
        id: e.id,
        href: `/admin/estimates/${e.id}`,
        name: `Estimate #${e.number}`,
        detail: (
          <>
            {e.status} · <span className="tabular-nums">{e.total}</span>
          </>
        ),
      }))}
    />
  );
}
