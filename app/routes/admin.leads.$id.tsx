import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link, replace } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { LeadJobs } from "~/components/jobs/LeadJobs";
import { LeadDetails } from "~/components/leads/LeadDetails";
import { LeadCustomer } from "~/components/leads/LeadCustomer";
import { LeadEstimates } from "~/components/leads/LeadEstimates";
import { LeadInvoices } from "~/components/invoices/LeadInvoices";
import { NoteForm } from "~/components/leads/NoteForm";
import { StatusActions } from "~/components/leads/StatusActions";
import { StatusBadge } from "~/components/leads/StatusBadge";
import { Timeline } from "~/components/leads/Timeline";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { env } from "~/server/env.server";
import { postedForm } from "~/server/form-body.server";
import { leadNoteSchema, leadStatusSchema } from "~/lib/lead-input";
import { dispatchIntent, FIRST_FIELD, formText, formTexts, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { addLeadNote, changeLeadStatus, leadId, retryLeadEmail } from "~/server/leads/lead.server";
import { leadView, type LeadActionFailure } from "~/server/leads/lead-view.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.leads.$id";

/*
 * /admin/leads/{id} — one lead: its details, the status buttons, notes and
 * its History. Every button is a POST form with an `intent` (status, note,
 * retry) to this route's action, which answers a redirect back here (so a
 * reload never posts twice) or, when it refuses, the reason with its status
 * for the form to show.
 */

export const loader = atEdge(async ({ params, context }: Route.LoaderArgs) =>
  leadView(context.get(databaseContext), leadId(params.id), new Date(), env().BUSINESS_TIME_ZONE),
);

export const action = atEdge(async ({ request, params, context }: Route.ActionArgs) => {
  const id = leadId(params.id);
  const form = await postedForm(request);
  const db = context.get(databaseContext);
  const actor = adminUserFrom(context);
  const handlers = {
    status: async () => {
      const { status, reason } = parseForm(form, leadStatusSchema, FIRST_FIELD);
      return changeLeadStatus(db, id, status, actor, reason);
    },
    note: async () => addLeadNote(db, id, parseForm(form, leadNoteSchema, FIRST_FIELD).note, actor),
    // An id that is no e-mail of this lead's is its 404.
    retry: () => retryLeadEmail(db, id, formText(form, "email")),
  };
  const intent = postedIntent(form, handlers);
  const refused = await refusedOnForm(
    () => dispatchIntent(intent, handlers),
    // The lead itself is gone (deleted meanwhile): the page's "Lead not found".
    (error): LeadActionFailure | undefined =>
      error.status === 404 && intent !== "retry" ? undefined : { intent, error: error.message, fields: error.fields, values: formTexts(form, ["note", "reason", "email"]) },
  );
  if (refused) return refused;
  // Back to the page, replacing the POST in the history.
  return replace(`/admin/leads/${id}`);
});

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, history, estimates, jobs, acceptedEstimateId, invoices, customer } = loaderData;
  // Set only when the form was posted without JavaScript; with it, each form reads its own fetcher.
  const failure = actionData ?? undefined;
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <BackToInbox />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 className="min-w-0 text-2xl font-semibold break-words text-slate-900">{lead.name}</h2>
        <StatusBadge status={lead.status} />
      </div>
      {failure?.intent === "" && <ErrorBanner>{failure.error}</ErrorBanner>}
      {customer && <LeadCustomer customer={customer} />}
      <LeadDetails lead={lead} />
      <StatusActions status={lead.status} failure={failure} />
      <LeadEstimates leadId={lead.id} estimates={estimates} />
      <LeadJobs leadId={lead.id} jobs={jobs} estimateId={acceptedEstimateId} />
      <LeadInvoices leadId={lead.id} invoices={invoices} />
      <NoteForm failure={failure} />
      <Timeline items={history} failure={failure} />
    </main>
  );
}

function BackToInbox() {
  return (
    <Link to="/admin/leads" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
      <ArrowLeft aria-hidden className="size-4" />
      All leads
    </Link>
  );
}

export function meta({ data: loaderData, error }: Route.MetaArgs) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = loaderData ? `${loaderData.lead.name} | Leads` : notFound ? "Lead not found" : "Error";
  return [{ title: `${title} | Admin Dashboard` }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <BackToInbox />
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h2 className="text-lg font-semibold">{notFound ? "Lead not found" : "Something went wrong"}</h2>
        <p className="mt-1 text-sm">
          {notFound
            ? "There is no lead at this address: the link may be mistyped, or the lead was deleted."
            : "The lead could not be shown. Please try again."}
        </p>
      </div>
    </main>
  );
}
