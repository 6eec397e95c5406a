import { formatDuration } from "~/lib/duration";
import { ESTIMATE_STATUS_TITLES } from "~/lib/estimate-status";
import { formatCents } from "~/lib/money";
import { phoneView } from "~/lib/phone";
import { shownTime, type ShownTime } from "~/lib/time-ago";
import { returningCustomer } from "../customers/customers.server";
import type { DB } from "../db.server";
import { listEstimates } from "../estimates/estimate-lists.server";
import { acceptedEstimateOf, leadJobsView } from "../jobs/job-view.server";
import { leadInvoices } from "../invoices/invoice-lists.server";
import { leadPhotos } from "../quote-photos/lead-photos.server";
import { EMAIL_KINDS } from "./lead-mail.server";
import { getLead, leadTimeline, type TimelineEntry } from "./lead.server";

/**
 * What /admin/leads/{id} shows, built on the server: the lead without its
 * client address, its History oldest first, every time already in words
 * (formatted with one `now`, so the browser's hydration shows the same ones).
 * The components take their props from these types (LeadView, HistoryItem),
 * so a change here breaks their typecheck rather than drifting from a copy.
 */

export async function leadView(db: DB, id: number, now: Date, timeZone: string) {
  const lead = await getLead(db, id);
  const [timeline, estimates, photos, jobs, acceptedEstimateId, invoices, customer] = await Promise.all([
    leadTimeline(db, lead),
    listEstimates(db, { leadId: lead.id }),
    leadPhotos(db, lead.id),
    leadJobsView(db, lead.id),
    acceptedEstimateOf(db, lead.id),
    leadInvoices(db, lead.id),
    returningCustomer(db, lead.id),
  ]);
  const at = (date: Date) => shownTime(date, now, timeZone);
  const { created_at, first_response_at, client_ip: _ip, phone_e164, phone_ext, ...details } = lead;
  return {
    lead: {
      ...details,
      /** The phone as shown and dialled, from its number (docs/decisions/0108). */
      phoneView: phoneView({ phone: lead.phone, e164: phone_e164, ext: phone_ext }),
      received: at(created_at),
      /** From arrival to the first move out of New, formatted; null while it is New. */
      responseTime: first_response_at ? formatDuration((first_response_at.getTime() - created_at.getTime()) / 1000) : null,
      /** The customer's photos in their order, served to administrators only (docs/decisions/0085). */
      photos,
    },
    history: timeline.map((entry, index) => historyItem(entry, index, at)),
    /** The request's customer record: `returning` when they have other requests (docs/decisions/0090). */
    customer,
    estimates: estimates.map((e) => ({ id: e.id, number: e.number, status: ESTIMATE_STATUS_TITLES[e.status], total: formatCents(e.totalCents) })),
    jobs,
    /** Schedule Job from the lead is for its newest accepted estimate, when it has one. */
    acceptedEstimateId,
    invoices,
  };
}

function historyItem(entry: TimelineEntry, index: number, at: (date: Date) => ShownTime) {
  switch (entry.type) {
    case "received":
      return { type: entry.type, key: "received", at: at(entry.at) };
    case "email":
      return {
        type: entry.type,
        key: `email-${entry.id}`,
        at: at(entry.at),
        id: entry.id,
        // The kinds' titles live with the e-mails, on the server.
        title: entry.kind ? EMAIL_KINDS[entry.kind] : "E-mail",
        to: entry.to,
        subject: entry.subject,
        state: entry.state,
        error: entry.lastError,
        nextTry: entry.nextAttemptAt ? at(entry.nextAttemptAt) : null,
        sentAt: entry.sentAt ? at(entry.sentAt) : null,
      };
    case "status":
    case "note":
    case "estimate":
    case "job":
      return { ...entry, key: `${entry.type}-${index}`, at: at(entry.at) };
  }
}

export type LeadPageView = Awaited<ReturnType<typeof leadView>>;
export type LeadView = LeadPageView["lead"];
/** One entry of a lead's History, oldest first. */
export type HistoryItem = LeadPageView["history"][number];
/** The lead page's list of its estimates. */
export type LeadEstimate = LeadPageView["estimates"][number];

/** What the lead page's action answers when it refuses a form (400, 404, 409). */
export interface LeadActionFailure {
  intent: "status" | "note" | "retry" | "";
  error: string;
  fields?: Record<string, string>;
  /** What was typed, so a page rendered without JavaScript keeps it. */
  values?: { note?: string; reason?: string; email?: string };
}
