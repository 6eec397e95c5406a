import type { EmailState } from "~/lib/email-state";
import type { LeadStatus } from "~/lib/lead-status";
import type { ShownTime } from "~/lib/time-ago";

/**
 * What the leads' loaders hand to these components: plain data, times already
 * formatted on the server (./TimeAgo.tsx), so nothing here needs a server module.
 */

export interface LeadSummary {
  id: number;
  name: string;
  email: string;
  phone: string;
  vehicle_type: string;
  excerpt: string;
  truncated: boolean;
  status: LeadStatus;
  received: ShownTime;
}

export interface StatusFilter {
  /** "New (3)", …, "All". */
  label: string;
  href: string;
  current: boolean;
}

export interface WeekSummary {
  /** The Monday the week starts on, YYYY-MM-DD. */
  week: string;
  counts: Record<LeadStatus, number>;
}

export interface GlanceFigures {
  newWaiting: number;
  waitingTooLong: number;
  waitingTooLongMinutes: number;
  /** Already formatted: "42 min", "3 h 5 min", "—". */
  medianResponse: string;
  respondedLeads: number;
  weeks: WeekSummary[];
}

/** One entry of a lead's History, oldest first. */
export type HistoryItem =
  | { type: "received"; key: string; at: ShownTime }
  | {
      type: "email";
      key: string;
      at: ShownTime;
      id: number;
      /** The kind's title, e.g. "Receipt to the customer". */
      title: string;
      to: string;
      subject: string;
      state: EmailState;
      error: string | null;
      nextTry: ShownTime | null;
      sentAt: ShownTime | null;
    }
  | { type: "status"; key: string; at: ShownTime; from: LeadStatus | null; to: LeadStatus; reason: string; actor: string }
  | { type: "note"; key: string; at: ShownTime; body: string; actor: string }
  | { type: "estimate"; key: string; at: ShownTime; estimateId: number; number: number; kind: EstimateEventKind; body: string; actor: string };

/** What happened to an estimate, as the lead's History lists it. */
export type EstimateEventKind = "created" | "sent" | "viewed" | "accepted" | "declined";

/** The lead page's list of its estimates. */
export interface LeadEstimate {
  id: number;
  number: number;
  status: string;
  total: string;
}

/** What the lead page's action answers when it refuses a form (400, 404, 409). */
export interface LeadActionFailure {
  intent: "status" | "note" | "retry" | "";
  error: string;
  fields?: Record<string, string>;
  /** What was typed, so a page rendered without JavaScript keeps it. */
  values?: { note?: string; reason?: string; email?: string };
}
