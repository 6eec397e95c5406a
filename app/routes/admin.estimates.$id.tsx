import { CalendarPlus } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { scheduleJobHref } from "~/components/jobs/LeadJobs";
import { BackLinks } from "~/components/priced-documents/DocumentHeader";
import { buttonClass } from "~/components/ui/button";
import { EstimateEditor, type EditorFailure } from "~/components/estimates/EstimateEditor";
import { addLine, removeLine, toEstimateForm } from "~/lib/estimate-editor";
import { isDecided } from "~/lib/estimate-status";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { editorValues, postedValues } from "~/server/estimates/editor.server";
import { keptDiscount, plannedDiscount } from "~/server/plans/plan-discount.server";
import { copyEstimate, estimateId, getEstimate, saveEstimate } from "~/server/estimates/estimates.server";
import { sendEstimate } from "~/server/estimates/send.server";
import { postedForm } from "~/server/form-body.server";
import { dispatchIntent, formText, refusedOnForm } from "~/server/form-action.server";
import { savedDetails } from "~/server/customers/saved-details.server";
import { postedEditorIntent, REMOVE_LINE, serviceChoices } from "~/server/priced-documents/document-views.server";
import { databaseContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/admin.estimates.$id";

/*
 * /admin/estimates/{id} — the estimate editor (ui-contract.md, Estimates).
 * One form; its buttons post an `intent`: save, send (saves, then sends),
 * copy, and without JavaScript add / remove-{i} (answered with the lines as
 * posted plus or minus one, and the totals computed here; nothing stored).
 * With JavaScript, Add Line and Remove change the lines in place and the
 * totals follow as typed. Saves and sends answer a redirect (no double post).
 */

export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const estimate = await getEstimate(db, estimateId(params.id));
  const done = new URL(request.url).searchParams.get("done");
  return {
    estimate: {
      id: estimate.id,
      number: estimate.number,
      status: estimate.status,
      decided: isDecided(estimate.storedStatus),
      leadId: estimate.leadId,
      customerId: estimate.customerId,
      customer: estimate.customer.name,
      email: estimate.customer.email,
      taxRateMilliPercent: estimate.taxRateMilliPercent,
      declineReason: estimate.declineReason,
      stamp: `${estimate.id}-${estimate.totalCents}-${estimate.lines.length}-${estimate.sentAt?.getTime() ?? 0}-${estimate.validUntil}`,
    },
    values: editorValues(estimate),
    // A draft's is the customer's plan's as Save will make it; a decided one's, its own line.
    discount: isDecided(estimate.storedStatus) ? keptDiscount(estimate.lines) : await plannedDiscount(db, estimate.customerId),
    services: await serviceChoices(db),
    vehicles: (await savedDetails(db, estimate.customerId)).vehicles,
    done: done === "saved" || done === "sent" ? (done as "saved" | "sent") : null,
  };
});

export const action = atEdge(async ({ request, params, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const id = estimateId(params.id);
  const form = await postedForm(request);
  const values = postedValues(form);
  const actor = adminUserFrom(context);
  // Saves, sends and copies end in a redirect (no double post), thrown past the refusals.
  const doneHere = (done: "saved" | "sent") => redirect(`/admin/estimates/${id}?done=${done}`, 303);
  const handlers = {
    save: async () => {
      await saveEstimate(db, id, toEstimateForm(values));
      throw doneHere("saved");
    },
    send: async () => {
      await saveEstimate(db, id, toEstimateForm(values));
      await sendEstimate(db, id, actor, linkOrigin(request));
      throw doneHere("sent");
    },
    copy: async () => {
      throw redirect(`/admin/estimates/${await copyEstimate(db, id, actor)}`, 303);
    },
    add: async () => data<EditorFailure>({ values: addLine(values, await serviceChoices(db), formText(form, "addService")) }),
    [REMOVE_LINE]: async () => data<EditorFailure>({ values: removeLine(values, line, await serviceChoices(db)) }),
  };
  const { intent, line } = postedEditorIntent(form, handlers);
  // A refusal shows on the editor with what was typed; the estimate gone is the page's 404.
  return refusedOnForm(
    () => dispatchIntent(intent, handlers),
    (error): EditorFailure | undefined => (error.status === 404 ? undefined : { error: error.message, fields: error.fields, values }),
  );
});

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Estimate #${loaderData.estimate.number}` : "Estimate";
  return [{ title: `${title} · Admin Dashboard` }, { name: "robots", content: "noindex" }];
}

export default function EstimatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { estimate } = loaderData;
  return (
    <main className="mx-auto max-w-4xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <BackLinks work={estimate} customer={estimate.customer} list={{ href: "/admin/estimates", label: "All estimates" }} />
      {/* Schedule Job's form is a lead's (admin.jobs.new); an estimate without one is scheduled by the later screens that make it. */}
      {estimate.status === "accepted" && estimate.leadId !== null && (
        <Link to={scheduleJobHref(estimate.leadId, estimate.id)} className={buttonClass("primary")}>
          <CalendarPlus aria-hidden className="size-4" />
          Schedule Job
        </Link>
      )}
      <EstimateEditor {...loaderData} failure={actionData ?? undefined} />
    </main>
  );
}
