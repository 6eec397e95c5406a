import type { LeadStatus } from "~/lib/lead-status";

/**
 * One colour per status, for the badge (text on a tint, AA contrast) and the
 * chart's bars (at least 3:1 against white). The colour never carries the
 * meaning alone: badges hold the status's title, the chart has a legend and a table.
 */
export const STATUS_BADGE: Record<LeadStatus, string> = {
  new: "bg-brand-50 text-brand-700 ring-brand-600/30",
  contacted: "bg-amber-50 text-amber-800 ring-amber-600/30",
  quoted: "bg-violet-50 text-violet-800 ring-violet-600/30",
  booked: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  completed: "bg-slate-100 text-slate-700 ring-slate-500/30",
  lost: "bg-rose-50 text-rose-800 ring-rose-600/30",
};

export const STATUS_FILL: Record<LeadStatus, string> = {
  new: "#0270c7",
  contacted: "#d97706",
  quoted: "#7c3aed",
  booked: "#059669",
  completed: "#64748b",
  lost: "#e11d48",
};
