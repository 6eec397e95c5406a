import { isLiveJob, type JobStatus } from "./job-status";

/**
 * Whether a job's page offers the work done at the job (issue 36: the
 * condition report now; the checklist and photos later), and whether the
 * server takes it: the one place that says when, for the page and the server
 * alike. For now while the job is live (scheduled or on the way); once jobs
 * record when they were started and finished, between Start Job and
 * Finish Job. Browser-safe.
 */
export function showsFieldWork(job: { status: JobStatus }): boolean {
  return isLiveJob(job.status);
}

/** The refusal of field work on a job that is not (or no longer) being worked on. */
export const NOT_FIELD_WORK_TIME = "This job is not being worked on: its field work can be saved only while the job is live.";
