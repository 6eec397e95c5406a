/**
 * The client's address when `hops` reverse proxies stand in front of the app.
 *
 * Each proxy appends the address it received the connection from to
 * X-Forwarded-For, so only the last `hops` entries were written by machines we
 * trust; whatever lies further left came from the client and may be forged.
 * The client is therefore the entry `hops` places from the right (the socket's
 * peer counting as place 0), the same rule as Express's numeric
 * `trust proxy`, applied here so that it holds wherever the app is mounted.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined, hops: number): string {
  if (hops <= 0 || !forwardedFor) return socketAddress;
  const entries = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the leftmost is the furthest hop anyone recorded.
  return entries[Math.max(0, entries.length - hops)] ?? socketAddress;
}
