import type { QueuedAction } from "~/components/offline/queue";
import { withFreshKeys } from "~/components/offline/field-actions";
import { showsFieldWork } from "~/lib/field-work";
import { JOB_STATUS_TITLES, type JobStatus } from "~/lib/job-status";
import type { JobPageView } from "~/server/jobs/job-view.server";

/** Where the page says when a step done on the phone happened: the server sets the time once it has it. */
const NOT_SENT = "on this phone (not sent yet)";

/**
 * A job's page as the phone's kept actions leave it (docs/decisions/0142):
 * On My Way, Start Job and Finish Job waiting to be sent move the job on, so
 * the next step shows (a job started offline shows its condition report and
 * Finish Job), and a kept Save Checklist ticks its steps; every key a kept
 * action used is replaced by a fresh one.
 * Only what the server would do without a doubt: an action it may refuse
 * shows its refusal once sent.
 */
export function withKeptWork<T extends { job: JobPageView["job"]; fieldWork: JobPageView["fieldWork"]; canWork: boolean }>(data: T, kept: QueuedAction[]): T {
  let job = data.job;
  let steps = data.fieldWork.checklist.steps;
  const moved = (status: JobStatus, more: Partial<JobPageView["job"]>) => ({ ...job, ...more, status, statusTitle: JOB_STATUS_TITLES[status] });
  for (const action of kept) {
    if (action.intent === "on_the_way" && job.status === "scheduled") job = moved("on_the_way", { canStart: false });
    else if (action.intent === "start" && (job.status === "scheduled" || job.status === "on_the_way")) {
      job = moved("in_progress", { canStart: false, inProgress: true, started: NOT_SENT });
    } else if (action.intent === "finish" && job.status === "in_progress") {
      const signOff = action.fields.find(([name]) => name === "signOff")?.[1];
      job = moved("done", { live: false, inProgress: false, finished: NOT_SENT, signedOffName: typeof signOff === "string" ? signOff.trim() : null });
    } else if (action.intent === "checklist") steps = ticked(steps, action);
  }
  // The checklist and the photos take posts while the job is worked on, by who may work it, as the server decides.
  const fieldWork = { ...data.fieldWork, open: data.canWork && showsFieldWork(job), checklist: { ...data.fieldWork.checklist, steps } };
  return withFreshKeys({ ...data, job, fieldWork }, kept);
}

type Step = JobPageView["fieldWork"]["checklist"]["steps"][number];

/** The checklist as a kept Save Checklist leaves it: each step it names ticked if its box was, else not. */
function ticked(steps: Step[], action: QueuedAction): Step[] {
  const values = (name: string) => new Set(action.fields.filter(([field]) => field === name).map(([, value]) => String(value)));
  const named = values("step");
  const done = values("done");
  const at = new Date(action.queuedAt);
  return steps.map((step) => {
    if (!named.has(step.step)) return step;
    if (!done.has(step.step)) return { ...step, done: null };
    return step.done ? step : { ...step, done: { by: "you, on this phone (not sent yet)", at: { iso: at.toISOString(), ago: "just now", exact: at.toLocaleString() } } };
  });
}
