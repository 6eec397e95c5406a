import type { ShownTime } from "~/lib/time-ago";

/** "12 min ago", with the exact time on hover and read out by screen readers. */
export function TimeAgo({ time, className }: { time: ShownTime; className?: string }) {
  return (
    <time dateTime={time.iso} title={time.exact} className={className}>
      {time.ago}
      <span className="sr-only"> ({time.exact})</span>
    </time>
  );
}
