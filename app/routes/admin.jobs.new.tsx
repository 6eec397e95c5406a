import { ArrowLeft } from "lucide-react";
import { Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { JobFields } from "~/components/jobs/JobFields";
import { buttonClass } from "~/components/ui/button";
import { jobSchema, readJobForm } from "~/lib/job-input";
import { dayIn } from "~/lib/time-zone";
import { atEdge, notFound } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { leadOrigin } from "~/server/customers/work-origin.server";
import { env } from "~/server/env.server";
import { postedForm } from "~/server/form-body.server";
import { formText, parseForm, refusedOnForm } from "~/server/form-action.server";
import { scheduleJob } from "~/server/jobs/job-booking.server";
import { newJobView, type JobActionFailure } from "~/server/jobs/job-view.server";
import { leadId } from "~/server/leads/lead.server";
import { databaseContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import { ownerOverDays } from "~/lib/work-days";
import type { Route } from "./+types/admin.jobs.new";

/*
 * /admin/jobs/new?lead={id}[&estimate={id}] — Schedule Job (ui-contract.md,
 * Jobs and the schedule): one plain form. Saved, it answers a redirect to the
 * job's page (no double post on reload); refused (a field, or a time another
 * job holds), the form again with the message and what was typed.
 */

/** The lead and the estimate from the URL (or the posted form): a 404 when malformed. */
function idsFrom(read: (name: string) => string | null) {
  try {
    const estimate = read("estimate");
    return { lead: leadId(read("lead") ?? undefined), estimate: estimate ? leadId(estimate) : null };
  } catch {
    throw notFound("Open Schedule Job from a lead or an accepted estimate.");
  }
}

export const loader = atEdge(async ({ request, context }: Route.LoaderArgs) => {
  const ids = idsFrom((name) => new URL(request.url).searchParams.get(name));
  return newJobView(context.get(databaseContext), ids.lead, ids.estimate);
});

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const form = await postedForm(request);
  const ids = idsFrom((name) => formText(form, name) || null);
  const zone = env().BUSINESS_TIME_ZONE;
  const db = context.get(databaseContext);
  const user = adminUserFrom(context);
  // A refusal (a field, or a time another job holds) shows on the form with what was typed; a lead or estimate gone is the page's 404.
  return refusedOnForm(
    async () => {
      const input = parseForm(form, jobSchema(dayIn(new Date(), zone), zone));
      // The owner booking it does it, until Assigned To on the job's page says otherwise (docs/decisions/0115).
      const job = await scheduleJob(db, { from: await leadOrigin(db, ids.lead), estimateId: ids.estimate, input, actor: user, origin: linkOrigin(request), assignedTo: user.id, overDays: ownerOverDays(input.durationMinutes) });
      throw redirect(`/admin/jobs/${job.id}`, 303);
    },
    (error): JobActionFailure | undefined => (error.status === 404 ? undefined : { intent: "schedule", error: error.message, fields: error.fields, values: readJobForm(form) }),
  );
});

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Schedule Job: ${loaderData.lead.name}` : "Schedule Job";
  return [{ title: `${title} | Admin Dashboard` }, { name: "robots", content: "noindex" }];
}

export default function NewJobPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, estimate, values, saved } = loaderData;
  const failure = actionData ?? undefined;
  const busy = useNavigation().state === "submitting";
  // An estimate that has a job already is not offered: the form is for the lead alone.
  const forEstimate = estimate && !estimate.job ? estimate : null;
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <Link to={`/admin/leads/${lead.id}`} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Lead: {lead.name}
      </Link>
      <h2 className="text-2xl font-semibold break-words text-slate-900">Schedule Job</h2>
      <p className="text-sm text-slate-700">
        For {lead.name}
        {forEstimate && `, Estimate #${forEstimate.number}`}. The customer gets an e-mail with a calendar invite.
      </p>
      {estimate && !estimate.accepted && <ErrorBanner>Estimate #{estimate.number} is not accepted: schedule a job from the lead instead.</ErrorBanner>}
      {estimate?.job && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Estimate #{estimate.number} already has a job, {estimate.job.when}:{" "}
          <Link to={`/admin/jobs/${estimate.job.id}`} className="font-semibold underline">
            open that job
          </Link>
          . A job saved here is for {lead.name} without the estimate.
        </p>
      )}
      {failure && <ErrorBanner>{failure.error}</ErrorBanner>}
      <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <input type="hidden" name="lead" value={lead.id} />
        {forEstimate && <input type="hidden" name="estimate" value={forEstimate.id} />}
        {/* A refused form shows what was posted: a new key makes the uncontrolled fields take it. */}
        <JobFields key={JSON.stringify(failure?.values ?? values)} idPrefix="job" values={failure?.values ?? values} errors={failure?.fields} saved={saved} />
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          Save Job
        </button>
      </Form>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && typeof error.data?.error === "string" ? error.data.error : "The form could not be shown. Please try again.";
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <Link to="/admin/leads" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        All leads
      </Link>
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h2 className="text-lg font-semibold">{isRouteErrorResponse(error) && error.status === 404 ? "Not found" : "Something went wrong"}</h2>
        <p className="mt-1 text-sm">{message}</p>
      </div>
    </main>
  );
}
