import type { JobStatus } from "./job-status";

/**
 * Whether a job's page offers the work done at the job (issue 36: the
 * condition report, the checklist, the photos), and whether the server
 * takes it: between Start Job and Finish Job (docs/decisions/0140), the one
 * place that says so, for the page and the server alike. Browser-safe.
 */
export function showsFieldWork(job: { status: JobStatus }): boolean {
  return job.status === "in_progress";
}

/** The refusal of field work on a job that is not being worked on. */
export const NOT_FIELD_WORK_TIME = "This job is not being worked on: press Start Job first; its field work is saved between Start Job and Finish Job.";
