/**
 * Calendar days and wall-clock arithmetic in an IANA time zone with nothing
 * but Intl: the one place dates are read (isCalendarDay) and wall times are
 * turned into instants and back, clock changes included (docs/decisions/0109).
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

/**
 * The first instant of a day (YYYY-MM-DD) in `timeZone`: its midnight, or,
 * where a spring clock change skips midnight (America/Santiago, America/Havana),
 * the instant of the change, when the clock jumps from the day before into it.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnight = localInstant(day, 0, timeZone);
  if (midnight !== null) return new Date(midnight);
  // Before the change the wall clock reads the day before, after it this day: find the change, to the second.
  const wall = wallMs(day, 0);
  let [before, after] = offsetCandidates(wall, timeZone) as [number, number];
  while (after - before > 1000) {
    const mid = Math.floor((before + after) / 2000) * 1000;
    if (mid + zoneOffsetMs(mid, timeZone) >= wall) after = mid;
    else before = mid;
  }
  return new Date(after);
}

const ISO_DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/** YYYY-MM-DD of `at` in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  return dateFormat(timeZone, ISO_DAY, "en-CA").format(at);
}

/**
 * Whether `text` is a real calendar day written YYYY-MM-DD (year 0001–9999,
 * the month's own last day, 29 February in leap years only): the one rule
 * every date a person or a program sends is read by. Pure arithmetic, so
 * "2027-13-01" is a plain no, never an Invalid Date.
 */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/** The wall clock `minute` minutes after the midnight of `day`, read as UTC (ms). setUTCFullYear, as Date.UTC would read years 0–99 as 1900–1999. */
function wallMs(day: string, minute: number): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(0).setUTCFullYear(y, m - 1, d) + minute * 60_000;
}

/** The day `days` after `day` (YYYY-MM-DD, calendar arithmetic). */
export function addDays(day: string, days: number): string {
  return new Date(wallMs(day, 0) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instant the wall clock in `timeZone` reads `minute` minutes after the
 * midnight of `day`, or null where it never does (the hour a spring clock
 * change skips). Where it does twice (the hour an autumn change repeats), the
 * first.
 */
export function localInstant(day: string, minute: number, timeZone: string): number | null {
  const wall = wallMs(day, minute);
  for (const at of offsetCandidates(wall, timeZone)) if (at + zoneOffsetMs(at, timeZone) === wall) return at;
  return null;
}

/** The instants a wall time may be, by the zone's offsets a day either side (the only two it can have that day), earlier first. */
function offsetCandidates(wall: number, timeZone: string): number[] {
  return [wall - zoneOffsetMs(wall - 86_400_000, timeZone), wall - zoneOffsetMs(wall + 86_400_000, timeZone)].sort((a, b) => a - b);
}

/**
 * Whether the wall clock in `timeZone` shows the same reading at another
 * instant too (the hour an autumn change repeats): such a time is ambiguous
 * unless its zone abbreviation (EDT or EST) is said with it.
 */
export function wallTimeRepeats(at: Date | number, timeZone: string): boolean {
  const t = Math.floor((typeof at === "number" ? at : at.getTime()) / 1000) * 1000;
  const wall = t + zoneOffsetMs(t, timeZone);
  const [first, second] = offsetCandidates(wall, timeZone) as [number, number];
  return first !== second && first + zoneOffsetMs(first, timeZone) === wall && second + zoneOffsetMs(second, timeZone) === wall;
}

/**
 * The instant a wall-clock time (YYYY-MM-DD, HH:MM) happens in `timeZone`, as
 * localInstant. A time in the hour a spring change skips is an error of the
 * caller: the forms refuse it on its field first (skippedTimeMessage), as
 * moving it silently would put the job where nobody asked.
 */
export function instantIn(day: string, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const at = localInstant(day, hh * 60 + mm, timeZone);
  if (at === null) throw new RangeError(`${day} ${time} does not exist in ${timeZone} (a clock change skips it): check it with skippedTimeMessage first`);
  return new Date(at);
}

/**
 * Why a wall-clock time (YYYY-MM-DD, HH:MM) cannot be used in `timeZone`, in
 * words for the field `label` names, or null when it happens: the clocks
 * jump over it that night.
 */
export function skippedTimeMessage(label: string, day: string, time: string, timeZone: string): string | null {
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = wallMs(day, hh * 60 + mm);
  if (localInstant(day, hh * 60 + mm, timeZone) !== null) return null;
  const [early, late] = offsetCandidates(wall, timeZone) as [number, number];
  const jump = Math.round((late - early) / 60_000);
  const span = jump % 60 === 0 ? `${jump / 60} hour${jump === 60 ? "" : "s"}` : `${jump} minutes`;
  return `${label} ${time} does not exist on ${day} in ${timeZone}: the clocks go forward ${span} that night. Choose another time.`;
}

/** HH:MM of `at` in `timeZone` (24-hour). */
export function timeIn(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.hour}:${w.minute}`;
}

const LONG_DATE: Intl.DateTimeFormatOptions = { month: "long", day: "numeric", year: "numeric" };

/** "2026-12-27" → "December 27, 2026": a calendar day in words, whatever the zone (documents, e-mails, pages). */
export function longDate(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return dateFormat("UTC", LONG_DATE).format(Date.UTC(y!, m! - 1, d!));
}
