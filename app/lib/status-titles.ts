/** A status as the screens title it: "partly_paid" → "Partly Paid". */
export const statusTitle = (status: string) => status.replace(/(^|_)(\w)/g, (_, sep: string, c: string) => (sep ? " " : "") + c.toUpperCase());

/** Every status of a kind with its title, in order: what the badges, filters and lists show. */
export function statusTitles<S extends string>(statuses: readonly S[]): Record<S, string> {
  return Object.fromEntries(statuses.map((s) => [s, statusTitle(s)])) as Record<S, string>;
}
