import { LEAD_STATUS_TITLES, type LeadStatus } from "~/lib/lead-status";
import { STATUS_BADGE } from "./status-style";

/** The lead's status as a coloured pill holding its title. */
export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_BADGE[status]}`}
    >
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {LEAD_STATUS_TITLES[status]}
    </span>
  );
}
