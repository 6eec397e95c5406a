/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl: the CSV
 * export's local times (app/lib/csv.ts) and the API tokens' "expires at the
 * end of this day" (app/server/auth/token-form.server.ts) both need a zone's
 * offset at an instant.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  return format;
}

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
    zoneFormat(timeZone)
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

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of `at` in `timeZone`. (A format is made once per zone: making one costs far more than using it.) */
export function dayIn(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The day `days` after `day` (YYYY-MM-DD, calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock time (YYYY-MM-DD, HH:MM) happens in `timeZone`.
 * In the hour a spring clock change skips, the time is read with the offset
 * before the change (02:30 becomes 03:30); in the hour an autumn change
 * repeats, it is the first of the two.
 */
export function instantIn(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The zone's offsets a day before and a day after: around a clock change they differ.
  const before = wall - zoneOffsetMs(wall - 86_400_000, timeZone);
  const after = wall - zoneOffsetMs(wall + 86_400_000, timeZone);
  const shows = (instant: number) => instant + zoneOffsetMs(instant, timeZone) === wall;
  const matching = [before, after].filter(shows);
  return new Date(matching.length ? Math.min(...matching) : before);
}

/** HH:MM of `at` in `timeZone` (24-hour). */
export function timeIn(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.hour}:${w.minute}`;
}
