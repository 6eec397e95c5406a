/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl: the CSV
 * export's local times (app/lib/csv.ts) and the API tokens' "expires at the
 * end of this day" (app/server/auth/token-form.server.ts) both need a zone's
 * offset at an instant.
 */
import { dateFormat } from "./date-format";

// hourCycle h23 gives 00–23 (older engines wrote midnight as 24, see wallClock).
const WALL_CLOCK: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };

/** The wall clock in `timeZone` at an instant, as two-digit texts (year four). */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

export function wallClock(at: Date | number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    dateFormat(timeZone, WALL_CLOCK)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  // hourCycle h23 gives 00–23; older engines wrote midnight as 24.
  const hour = parts.hour === "24" ? "00" : parts.hour!;
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at an instant, in milliseconds (-5 h in Detroit's winter): its wall clock read as UTC, minus the instant. */
export function zoneOffsetMs(at: Date | number, timeZone: string): number {
  const t = typeof at === "number" ? at : at.getTime();
  const w = wallClock(t, timeZone);
  const local = Date.UTC(Number(w.year), Number(w.month) - 1, Number(w.day), Number(w.hour), Number(w.minute), Number(w.second));
  // The wall clock has whole seconds: compare it with the instant's whole second.
  return local - Math.floor(t / 1000) * 1000;
}

/** The instant a day (YYYY-MM-DD) begins in `timeZone`. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Twice: the offset at the guess may differ from the one at the answer around a clock change.
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone));
}

const ISO_DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/** YYYY-MM-DD of `at` in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  return dateFormat(timeZone, ISO_DAY, "en-CA").format(at);
}

/** The day `days` after `day` (YYYY-MM-DD, calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant the wall clock in `timeZone` reads `minute` minutes after the
 * midnight of `day`, or null where it never does (the hour a spring clock
 * change skips). Where it does twice (the hour an autumn change repeats), the
 * first.
 */
export function localInstant(day: string, minute: number, timeZone: string): number | null {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  for (const at of offsetCandidates(wall, timeZone)) if (at + zoneOffsetMs(at, timeZone) === wall) return at;
  return null;
}

/** The instants a wall time may be, by the zone's offsets a day either side (the only two it can have that day), earlier first. */
function offsetCandidates(wall: number, timeZone: string): number[] {
  return [wall - zoneOffsetMs(wall - 86_400_000, timeZone), wall - zoneOffsetMs(wall + 86_400_000, timeZone)].sort((a, b) => a - b);
}

/**
 * The instant a wall-clock time (YYYY-MM-DD, HH:MM) happens in `timeZone`,
 * as localInstant, except that a time in the hour a spring change skips is
 * read with the offset before the change (02:30 becomes 03:30).
 */
export function instantIn(day: string, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const minute = hh * 60 + mm;
  const exact = localInstant(day, minute, timeZone);
  if (exact !== null) return new Date(exact);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  return new Date(wall - zoneOffsetMs(wall - 86_400_000, timeZone));
}

/** HH:MM of `at` in `timeZone` (24-hour). */
export function timeIn(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.hour}:${w.minute}`;
}
