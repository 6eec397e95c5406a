import { isbot } from "isbot";
import type { DB } from "../db.server";
import { findByToken, limitCustomer } from "../customer-pages.server";
import type { Limit } from "../rate-limit.server";
import { linesView } from "../priced-documents/document-views.server";
import { markViewed } from "./decisions.server";
import { longDate } from "~/lib/time-zone";
import { getEstimateByToken, type Estimate } from "./estimates.server";
import { businessToday } from "../time-zone.server";

/**
 * What /estimates/{token} (the customer's page, no sign-in) reads and may do,
 * and its limits. Decisions are limited per client address like the quote
 * form (docs/decisions/0021); so are wrong tokens, so that guessing costs
 * time as well as luck (docs/decisions/0081).
 */

export const DECISION_LIMITS: Limit[] = [
  { bucket: "estimate:ip", max: 5, windowMs: 10 * 60_000 },
  { bucket: "estimate:ip:day", max: 20, windowMs: 24 * 3600_000 },
];
/** Booking a time (Book This Time), counted apart from the decision that comes before it. */
export const BOOKING_LIMITS: Limit[] = [
  { bucket: "booking:ip", max: 5, windowMs: 10 * 60_000 },
  { bucket: "booking:ip:day", max: 20, windowMs: 24 * 3600_000 },
];
export const NOT_FOUND_MESSAGE = "There is no estimate at this address. Please check the link in your e-mail.";

/** The estimate for its token, or a 404 (counted against the client's wrong-token limit, past which every token is a 429). */
export async function estimateForCustomer(db: DB, token: string | undefined, clientIp: string): Promise<Estimate> {
  return findByToken(db, clientIp, async () => (token ? await getEstimateByToken(db, token) : undefined), NOT_FOUND_MESSAGE);
}

/**
 * Counts a decision against the client's limits (429 past them): the burst
 * limit per client address and estimate (pressing on one estimate again and
 * again; a household or office behind one address answering several
 * estimates is not held up by each other's), the daily one per address.
 */
export async function limitDecision(db: DB, clientIp: string, estimateId: number): Promise<void> {
  const [burst, daily] = DECISION_LIMITS as [Limit, Limit];
  await limitCustomer(db, [burst], `${clientIp}#${estimateId}`);
  await limitCustomer(db, [daily], clientIp);
}

/** Counts a booking against the client's limits (429 past them). */
export const limitBooking = (db: DB, clientIp: string) => limitCustomer(db, BOOKING_LIMITS, clientIp);

/** The first look by a person (not a link scanner or a crawler) marks a sent estimate Viewed. */
export async function noteView(db: DB, estimate: Estimate, request: Request): Promise<void> {
  if (request.method !== "GET" || isbot(request.headers.get("user-agent") ?? "")) return;
  await markViewed(db, estimate);
}

/** The page's data: formatted on the server, nothing private beyond what the e-mail already carried. */
export function customerView(estimate: Estimate, now = new Date()) {
  const accepted = estimate.status === "accepted" && estimate.decidedAt !== null;
  return {
    number: estimate.number,
    status: estimate.status,
    customerName: estimate.customer.name,
    vehicle: estimate.vehicle?.label ?? null,
    validUntil: longDate(estimate.validUntil),
    /** The day it was accepted; with `validUntilPassed`, the page says the price holds (docs/decisions/0105). */
    acceptedOn: accepted ? longDate(businessToday(estimate.decidedAt!)) : null,
    validUntilPassed: estimate.validUntil < businessToday(now),
    message: estimate.message,
    declineReason: estimate.declineReason,
    ...linesView(estimate),
  };
}
export type CustomerEstimate = ReturnType<typeof customerView>;
