import { ArrowLeft, CheckCircle2, CloudOff } from "lucide-react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { ConditionReport } from "~/components/jobs/ConditionReport";
import { JobActions } from "~/components/jobs/JobActions";
import { JobAssignment } from "~/components/jobs/JobAssignment";
import { JobDeposit } from "~/components/jobs/JobDeposit";
import { FinishJob, JobFieldSteps } from "~/components/jobs/JobFieldSteps";
import { JobInvoices } from "~/components/jobs/JobInvoices";
import { JobReview } from "~/components/jobs/JobReview";
import { JobWork } from "~/components/jobs/JobWork";
import { JobChecklist } from "~/components/jobs/JobChecklist";
import { galleryCaption, JobPhotos } from "~/components/jobs/JobPhotos";
import { JobSummary } from "~/components/jobs/JobSummary";
import { withKeptWork } from "~/components/jobs/kept-work";
import { sendOrKeep, waiting } from "~/components/offline/field-actions";
import { isQueued } from "~/lib/offline";
import { ARRIVAL_MINUTES } from "~/lib/job-status";
import { ARRIVAL_INVALID, assignSchema, markDoneSchema, onTheWaySchema, recordDepositSchema, startJobSchema } from "~/lib/job-page-forms";
import { jobSchema, readJobForm } from "~/lib/job-input";
import { checklistPackageSchema, checklistPostSchema, photosPostSchema, publishPhotosSchema } from "~/lib/field-work";
import { dayIn } from "~/lib/time-zone";
import { workPartyHref, workPartyLabel } from "~/lib/work-links";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { requireJobWork, requirePermission } from "~/server/auth/permissions.server";
import { env } from "~/server/env.server";
import { dispatchIntent, FIRST_FIELD, formTexts, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { CONDITION_INTENT, CONDITION_SAVED, saveConditionReport } from "~/server/jobs/condition-report.server";
import { conditionReportsPage } from "~/server/jobs/condition-report-view.server";
import { readJobPagePost } from "~/server/jobs/job-page-post.server";
import { recordDeposit } from "~/server/jobs/deposit-recording.server";
import { getJob, jobId } from "~/server/jobs/job-records.server";
import { jobPageView, notTodayQuestion, type JobActionFailure, type JobConfirmation } from "~/server/jobs/job-view.server";
import { assignJob } from "~/server/jobs/job-assignment.server";
import { rescheduleJob } from "~/server/jobs/job-rescheduling.server";
import { cancelJob, markDone, markOnTheWay } from "~/server/jobs/job-status-changes.server";
import { finishJob, startJob } from "~/server/jobs/field-work.server";
import { finishJobInput, finishJobSchema } from "~/lib/finish-job-input";
import { publishReview } from "~/server/reviews/publish.server";
import { saveChecklist, useChecklistOf } from "~/server/field-work/checklist.server";
import { publishJobPhotos } from "~/server/field-work/gallery-pairs.server";
import { PHOTOS_INTENT, saveJobPhotos } from "~/server/field-work/job-photos.server";
import { databaseContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import { areasOf, conditionKind, noteField } from "~/lib/condition-report";
import type { Route } from "./+types/admin.jobs.$id";

/*
 * /admin/jobs/{id} — one job (ui-contract.md, Jobs and the schedule): what,
 * when, where, its history, and the buttons that still apply: Reschedule,
 * Cancel Job (after a confirm step that is a page of its own, ?confirm=cancel,
 * so it works without JavaScript), On My Way and Mark Done (on a job of
 * another day than today, the first post answers a question and its button
 * posts again with confirm=yes), Record Deposit while the booking waits for
 * its deposit, Publish of the customer's review (the
 * `New review:` e-mail links here), and, for the owner or the technician the
 * job is assigned to, the field work: Save Condition Report (a multipart POST
 * with photos, docs/decisions/0136), Save Checklist and Use This Checklist
 * (0138), Upload Before Photos and Upload After Photos (multipart, 0139),
 * and the owner's Publish to Gallery. Each is a POST
 * with an `intent`, answered by a redirect back here saying what was done,
 * or by the page again with the refusal on its field.
 */

const DONE = {
  rescheduled: "Saved. If the time or place changed, the customer was e-mailed the update.",
  cancelled: "The job is cancelled: the customer was e-mailed and the time is free again.",
  on_the_way: "The customer was e-mailed that you are on your way.",
  done: "The job is done.",
  published: "Published: the review now shows on the website.",
  assigned: "Saved: the job is assigned.",
  deposit_recorded: "Deposit recorded: the booking is no longer on hold, and the customer was e-mailed that it arrived.",
  started: "Job started: the clock is running.",
  finished: "Job finished and signed off. A payment taken was recorded on the job's invoice, and the customer was e-mailed the receipt.",
  condition_report: CONDITION_SAVED,
  checklist: "Checklist saved.",
  photos: "Photos uploaded.",
  gallery: "Published: the pair now shows in the gallery.",
} as const;

/** Finish Job's fields as typed, shown again with its refusal. */
const typedFinish = (form: FormData) => formTexts(form, ["signOff", "amount", "method", "tip"]);
type Done = keyof typeof DONE;
/** The checklist's and the photos' forms show their refusals in their own sections. */
const REFUSED_IN_SECTION = new Set(["checklist", "checklist_package", "photos", "publish_photos"]);

export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const id = jobId(params.id);
  const now = new Date();
  const [view, conditionReports] = await Promise.all([jobPageView(db, id, now, adminUserFrom(context)), conditionReportsPage(db, id, now)]);
  const search = new URL(request.url).searchParams;
  const done = search.get("done");
  return {
    ...view,
    conditionReports,
    done: done && done in DONE ? DONE[done as Done] : null,
    confirmCancel: search.get("confirm") === "cancel" && view.job.live,
    arrivalMinutes: [...ARRIVAL_MINUTES],
  };
});

export const action = atEdge(async ({ request, params, context }: Route.ActionArgs) => {
  const id = jobId(params.id);
  const db = context.get(databaseContext);
  const actor = adminUserFrom(context);
  // Only the owner, or the technician the job is assigned to, posts anything here: asked before the body is read (it may carry photos).
  const job = await getJob(db, id);
  requireJobWork(actor, job.assignedTo);
  const post = await readJobPagePost(request, db, job);
  const form = post.form;
  const origin = linkOrigin(request);
  const doneHere = (done: Done, section?: string) => redirect(`/admin/jobs/${id}?done=${done}${section ? `#${section}` : ""}`, 303);
  // The layout lets a technician post here (their job's field work); each of these intents is the owner's alone.
  const ownerOnly = <T extends Record<string, () => Promise<unknown>>>(intents: T): T =>
    Object.fromEntries(Object.entries(intents).map(([name, run]) => [name, () => (requirePermission(actor, "jobs.write"), run())])) as T;
  const ownerHandlers = ownerOnly({
    reschedule: async () => {
      const zone = env().BUSINESS_TIME_ZONE;
      await rescheduleJob(db, id, parseForm(form, jobSchema(dayIn(new Date(), zone), zone)), actor, origin);
      return doneHere("rescheduled");
    },
    // A second press (or another tab) finds it cancelled already: the page says so either way.
    cancel: async () => {
      await cancelJob(db, id, "owner", actor, origin);
      return doneHere("cancelled");
    },
    done: async () => {
      const { confirm } = parseForm(form, markDoneSchema);
      const question = confirm ? null : notTodayQuestion(await getJob(db, id), "done", new Date());
      if (question) return data<JobConfirmation>({ intent: "done", confirm: question });
      await markDone(db, id, actor);
      return doneHere("done");
    },
    assign: async () => {
      await assignJob(db, id, parseForm(form, assignSchema, FIRST_FIELD).assigned_to, actor);
      return doneHere("assigned");
    },
    record_deposit: async () => {
      await recordDeposit(db, id, parseForm(form, recordDepositSchema).method, actor, origin);
      return doneHere("deposit_recorded");
    },
    publish_review: async () => {
      await publishReview(db, id, actor);
      return doneHere("published");
    },
    publish_photos: async () => {
      await publishJobPhotos(db, job, actor, parseForm(form, publishPhotosSchema));
      return doneHere("gallery", "photos");
    },
  });
  // The field work (issue 36): the owner's, or the technician's whose job it is (checked above and in each server function).
  const fieldWork = {
    on_the_way: async () => {
      // On a job of another day it asks first (notTodayQuestion); the answer's button posts again with confirm=yes.
      const { minutes, confirm, key } = parseForm(form, onTheWaySchema, ARRIVAL_INVALID);
      const question = confirm ? null : notTodayQuestion(await getJob(db, id), "on_the_way", new Date());
      if (question) return data<JobConfirmation>({ intent: "on_the_way", confirm: question, minutes, key });
      await markOnTheWay(db, id, minutes, actor, origin, key ?? null);
      return doneHere("on_the_way");
    },
    start: async () => {
      await startJob(db, id, actor, parseForm(form, startJobSchema).key ?? null);
      return doneHere("started");
    },
    finish: async () => {
      await finishJob(db, id, finishJobInput(parseForm(form, finishJobSchema)), actor, origin);
      return doneHere("finished");
    },
    // A replayed key answers the same (these server functions check requireJobWork too).
    condition_report: async () => {
      await saveConditionReport(db, id, post, actor, origin);
      return doneHere("condition_report");
    },
    checklist: async () => {
      await saveChecklist(db, job, actor, parseForm(form, checklistPostSchema, FIRST_FIELD));
      return doneHere("checklist", "checklist");
    },
    checklist_package: async () => {
      await useChecklistOf(db, job, actor, parseForm(form, checklistPackageSchema, FIRST_FIELD));
      return doneHere("checklist", "checklist");
    },
    photos: async () => {
      await saveJobPhotos(db, job, actor, parseForm(form, photosPostSchema, FIRST_FIELD), post);
      return doneHere("photos", "photos");
    },
  };
  const handlers = { ...ownerHandlers, ...fieldWork };
  const intent = postedIntent(form, handlers);
  // A refusal shows on the form that posted it (a rescheduled form with what was typed); the job gone is the page's 404.
  const answer = await refusedOnForm(
    () => dispatchIntent(intent, handlers),
    (error): JobActionFailure | undefined =>
      error.status === 404
        ? undefined
        : {
            intent,
            error: error.message,
            fields: error.fields,
            values: intent === "reschedule" ? readJobForm(form) : undefined,
            typed: intent === CONDITION_INTENT ? conditionTyped(form, job.vehicleKind) : intent === "finish" ? typedFinish(form) : intent === PHOTOS_INTENT ? formTexts(form, ["kind"]) : undefined,
          },
  );
  if (answer instanceof Response) throw answer;
  return answer;
});

/**
 * Without a connection (docs/decisions/0142): a field form (one with a key)
 * is kept on the phone and sent when the connection returns; the page then
 * shows the job as those kept actions leave it.
 */
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) => sendOrKeep(request, serverAction);

// The page's last data, for a revalidation the worker's cache cannot answer (no connection, the worker not yet running).
type ServerData = Awaited<ReturnType<Route.ClientLoaderArgs["serverLoader"]>>;
const lastSeen = new Map<string, ServerData>();

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<ServerData> {
  const path = new URL(request.url).pathname;
  let data: ServerData;
  try {
    data = await serverLoader();
    lastSeen.set(path, data);
  } catch (error) {
    const seen = lastSeen.get(path);
    if (!(error instanceof TypeError) || !seen) throw error;
    data = seen;
  }
  return withKeptWork(data, await waiting(path));
}
// Also on the first render: a page shown from the phone's copy is brought up to what the phone kept.
clientLoader.hydrate = true as const;

/** The condition report's fields as typed, for the form shown again without JavaScript (photos cannot be). */
function conditionTyped(form: FormData, vehicleKind: string | null): Record<string, string> {
  return formTexts(form, [...areasOf(conditionKind(vehicleKind)).map(noteField), "signed_name", "agreed"]);
}

export function meta({ data: loaderData, error }: Route.MetaArgs) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = loaderData ? `Job: ${loaderData.job.customer.name}` : notFound ? "Job not found" : "Error";
  return [{ title: `${title} | Admin Dashboard` }, { name: "robots", content: "noindex" }];
}

export default function JobPage({ loaderData, actionData }: Route.ComponentProps) {
  const { job, events, review, done, fieldWork } = loaderData;
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const confirmation = actionData && "confirm" in actionData ? actionData : undefined;
  const queued = isQueued(actionData);
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <Link to={workPartyHref(job)} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {workPartyLabel(job, job.customer.name)}
      </Link>
      <h2 className="text-2xl font-semibold break-words text-slate-900">Job for {job.customer.name}</h2>
      {done && !actionData && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {done}
        </p>
      )}
      {queued && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          Kept on this phone: it is sent when the connection returns.
        </p>
      )}
      {failure && !REFUSED_IN_SECTION.has(failure.intent) && <ErrorBanner>{failure.error}</ErrorBanner>}
      <JobSummary job={job} />
      {loaderData.deposit && <JobDeposit jobId={job.id} deposit={loaderData.deposit} error={failure?.intent === "record_deposit" ? failure.fields?.method : undefined} />}
      {loaderData.owner && <JobAssignment jobId={job.id} live={job.live} {...loaderData.assignment} />}
      {loaderData.canWork && <JobFieldSteps job={job} arrivalMinutes={loaderData.arrivalMinutes} stepKeys={loaderData.stepKeys} confirmation={confirmation} />}
      <JobWork work={loaderData.work} />
      {/* Between Start Job and Finish Job: the work at the customer's (showsFieldWork). */}
      <ConditionReport job={job} reports={loaderData.conditionReports} failure={failure?.intent === "condition_report" ? failure : undefined} />
      {(fieldWork.open || fieldWork.checklist.steps.length > 0) && <JobChecklist jobId={job.id} open={fieldWork.open} checklist={fieldWork.checklist} failure={failure} />}
      {(fieldWork.open || fieldWork.photos.length > 0) && (
        <JobPhotos jobId={job.id} open={fieldWork.open} fieldWork={fieldWork} caption={galleryCaption(loaderData.work)} failure={failure} />
      )}
      {loaderData.canWork && job.inProgress && <FinishJob job={job} fieldKey={loaderData.fieldKey} failure={failure} />}
      {loaderData.owner && <JobActions {...loaderData} failure={failure} confirmation={confirmation} />}
      {loaderData.owner && <JobInvoices job={job} invoices={loaderData.invoices} />}
      {review && <JobReview review={review} />}
      <section aria-labelledby="job-history-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h3 id="job-history-heading" className="text-base font-semibold text-slate-900">
          History
        </h3>
        <ol className="mt-3 space-y-3 text-sm">
          {events.map((e) => (
            <li key={e.id}>
              <p className="font-medium text-slate-900">Job {e.words}</p>
              {e.body && <p className="mt-0.5 break-words text-slate-700">{e.body}</p>}
              <p className="mt-0.5 text-xs text-slate-600">
                {e.actor && `by ${e.actor} · `}
                <time dateTime={e.at.iso} title={e.at.exact}>
                  {e.at.exact}
                </time>
              </p>
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <Link to="/admin/leads" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        All leads
      </Link>
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h2 className="text-lg font-semibold">{notFound ? "Job not found" : "Something went wrong"}</h2>
        <p className="mt-1 text-sm">{notFound ? "There is no job at this address: the link may be mistyped, or its lead was deleted." : "The job could not be shown. Please try again."}</p>
      </div>
    </main>
  );
}
