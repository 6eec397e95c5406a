/**
 * The ZIP code a US address ends with ("12 Main St, Holland, MI 49423", or
 * ZIP+4 "… 49423-1234"), or null. The same rule as the migration that filled
 * jobs.zip from the addresses there were (db/migrations/2026-11-30-10-…):
 * five digits standing alone at the end, so a street number or a longer
 * number is never taken for one.
 */
export function zipOfAddress(address: string): string | null {
  return /(?:^|\D)(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1] ?? null;
}
