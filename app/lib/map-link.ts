/** An address on a map, in whatever maps app or site the device opens (the lead's and the job's pages). */
export function mapHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
