import { statusTitles } from "./status-titles";

/** An estimate's statuses (browser-safe: the editor, the list and the customer page share them). */
export const ESTIMATE_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "expired"] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

export const ESTIMATE_STATUS_TITLES = statusTitles(ESTIMATE_STATUSES);

export const isEstimateStatus = (value: unknown): value is EstimateStatus => ESTIMATE_STATUSES.includes(value as EstimateStatus);

/** Decided ones are kept as the customer decided on them: the owner copies one to change it. */
export const isDecided = (status: EstimateStatus) => status === "accepted" || status === "declined";

/** The customer may still accept or decline (and it is not past its Valid Until day). */
export const OPEN_STATUSES = ["sent", "viewed"] as const;

/**
 * The status shown: a sent estimate past its Valid Until day (YYYY-MM-DD,
 * business time zone) reads as expired without anything having to write it.
 */
export function shownStatus(status: EstimateStatus, validUntil: string, today: string): EstimateStatus {
  return (status === "sent" || status === "viewed") && validUntil < today ? "expired" : status;
}

export const DECLINE_REASON_MAX = 300;
