import { TRAVEL_BUFFER_MAX } from "~/lib/work-week";
import { isKnownZip, roadMiles } from "../price-book/zip-distance.server";

/**
 * The drive between two jobs (issue 35, docs/decisions/0130): the estimated
 * road miles between their ZIP codes (docs/decisions/0127) at DRIVE_MPH,
 * rounded up to 5 minutes. A job without a ZIP code we know is taken to be
 * at the base (the settings' Base ZIP Code); with no base we know either,
 * there is no drive to count and the travel buffer alone keeps jobs apart.
 * The free times ask for many pairs of a few ZIP codes: each pair is
 * computed once per process.
 */

/**
 * The average speed over the estimated road miles: the longer drives, the
 * ones that outlast the travel buffer, are mostly highway (I-196, US-131,
 * M-6 at 65–70 mph) with town streets at both ends, in a van that tows a
 * water tank. Holland to Grand Rapids (33 estimated miles) is then 45
 * minutes, Muskegon 60.
 */
export const DRIVE_MPH = 45;

/** The longest drive counted, as long as the longest travel buffer: a job farther away is not one a day's schedule plans around. */
export const DRIVE_MINUTES_MAX = TRAVEL_BUFFER_MAX;

/** Minutes to drive `miles` (to a tenth) at DRIVE_MPH, rounded up to 5 minutes, at most DRIVE_MINUTES_MAX. */
export function driveMinutesFor(miles: number): number {
  // In tenths of a mile and whole numbers, so that 7.5 miles is 10 minutes and not 15 by a rounding error.
  const tenths = Math.round(miles * 10);
  return Math.min(DRIVE_MINUTES_MAX, Math.ceil((tenths * 60) / (10 * DRIVE_MPH * 5)) * 5);
}

// Both ZIP codes known; the pair in one order (the distance is the same both ways).
const pairs = new Map<string, number>();
/** A bound on the cache: an area's ZIP codes make a few thousand pairs; past this the cache starts again. */
const PAIRS_MAX = 50_000;

/** The drive in minutes from a job at `a` to one at `b` (either may be null: at the base), 0 when there is none to count. */
export function driveMinutes(a: string | null, b: string | null, baseZip: string | null): number {
  const base = baseZip !== null && isKnownZip(baseZip) ? baseZip : null;
  const from = a !== null && isKnownZip(a) ? a : base;
  const to = b !== null && isKnownZip(b) ? b : base;
  if (from === null || to === null || from === to) return 0;
  const key = from < to ? `${from}${to}` : `${to}${from}`;
  let minutes = pairs.get(key);
  if (minutes === undefined) {
    if (pairs.size >= PAIRS_MAX) pairs.clear();
    minutes = driveMinutesFor(roadMiles(from, to));
    pairs.set(key, minutes);
  }
  return minutes;
}
