/**
 * The lead pipeline, browser-safe: the inbox, the lead's page, the Quote
 * Requests table and the database's CHECK constraint share these statuses.
 */
export const LEAD_STATUSES = ["new", "contacted", "quoted", "booked", "completed", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_TITLES: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  booked: "Booked",
  completed: "Completed",
  lost: "Lost",
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

/** The longest reason a lost lead may be given, and the longest note. */
export const LOST_REASON_MAX = 300;
export const NOTE_MAX = 5000;
