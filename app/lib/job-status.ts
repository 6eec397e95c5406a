/** A job's statuses (browser-safe: the job page, the week and the customer's page share them). */
export const JOB_STATUSES = ["scheduled", "on_the_way", "in_progress", "done", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_TITLES: Record<JobStatus, string> = {
  scheduled: "Scheduled",
  on_the_way: "On the way",
  in_progress: "In progress",
  done: "Done",
  cancelled: "Cancelled",
};

/** A job that still holds its time: it can be rescheduled, cancelled, started and finished. */
export const LIVE_JOB_STATUSES = ["scheduled", "on_the_way", "in_progress"] as const;
export const isLiveJob = (status: JobStatus) => (LIVE_JOB_STATUSES as readonly JobStatus[]).includes(status);

/** The choices of `On My Way`: about how many minutes until the detailer arrives. */
export const ARRIVAL_MINUTES = [10, 15, 20, 30, 45, 60, 90] as const;

/** What happened to a job (job_events.kind). */
export type JobEventKind = "scheduled" | "rescheduled" | "on_the_way" | "started" | "done" | "cancelled" | "reminded" | "deposit_held" | "deposit_received";

/** The events as the job's page and its lead's History say them, after "Job". */
export const JOB_EVENT_WORDS: Record<JobEventKind, string> = {
  scheduled: "scheduled",
  rescheduled: "rescheduled",
  on_the_way: "on the way: the customer was told you are coming",
  started: "started: work began at the customer's",
  done: "marked done",
  cancelled: "cancelled",
  reminded: "reminder sent to the customer",
  deposit_held: "held for a deposit",
  deposit_received: "deposit received",
};
