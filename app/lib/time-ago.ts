/**
 * How the inbox shows when something happened: "12 min ago" to read at a
 * glance, and the exact time in the business's time zone for a hover and for
 * screen readers. Both are computed from a `now` and a time zone the loader
 * passes in, so the server's render and the browser's hydration agree.
 */
import { dateFormat } from "./date-format";

export interface ShownTime {
  /** For <time dateTime>. */
  iso: string;
  /** "just now", "12 min ago", "3 h ago", "2 days ago", or a date after a week. */
  ago: string;
  /** "Tue, Nov 3, 2026, 3:14 PM EST". */
  exact: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DATE: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
const EXACT: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };

export function timeAgo(at: Date, now: Date, timeZone: string): string {
  // A time slightly ahead of `now` (clocks of two machines) still reads "just now".
  const seconds = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  if (seconds < MINUTE) return "just now";
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} min ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} h ago`;
  const days = Math.floor(seconds / DAY);
  if (days < 7) return days === 1 ? "1 day ago" : `${days} days ago`;
  return dateFormat(timeZone, DATE).format(at);
}

export function exactTime(at: Date, timeZone: string): string {
  return dateFormat(timeZone, EXACT).format(at);
}

export function shownTime(at: Date, now: Date, timeZone: string): ShownTime {
  return { iso: at.toISOString(), ago: timeAgo(at, now, timeZone), exact: exactTime(at, timeZone) };
}
