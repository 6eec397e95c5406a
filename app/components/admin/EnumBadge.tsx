import { STATUS_BADGE } from "~/components/leads/status-style";
import { LEAD_STATUSES } from "~/lib/lead-status";

/**
 * The badge colours of the lead inbox (components/leads/status-style.ts), in
 * the order of the lead statuses: an enum value takes the colour of its place
 * in its enum, so the Quote Requests table's Status (whose enum is that list)
 * looks exactly as in the inbox, and every other enum gets the same tested
 * AA-contrast tints. The text is always there: colour never carries the meaning alone.
 */
const TONES = LEAD_STATUSES.map((status) => STATUS_BADGE[status]);

export function EnumBadge({ text, tone }: { text: string; tone: number }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone % TONES.length]}`}
    >
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {text}
    </span>
  );
}
