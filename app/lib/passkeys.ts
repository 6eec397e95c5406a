/**
 * Staff passkeys (docs/decisions/0134): the texts people see, shared by the
 * server (which answers with them) and the pages (which show them, and fall
 * back on them when no answer came). Browser-safe, and light: the sign-in
 * page loads it (the forms' schemas are ./passkey-input.ts).
 */

export const PASSKEY_MESSAGES = {
  /** The person closed the browser's passkey dialog, or it timed out. */
  signInCancelled: "Passkey sign-in was cancelled. Please try again.",
  /** No passkey with this id here: never added, or removed. */
  unknown: "This passkey is not known here. Sign in with an e-mailed code, then add a passkey again.",
  /** The signature, origin, counter or user verification did not hold. */
  refused: "This passkey could not be verified. Please try again.",
  /** The challenge was used, expired, or is another session's. */
  expired: "The passkey request has expired. Please try again.",
  notStaff: "This passkey's account has no access to the dashboard.",
  /** The site is reached by an IP address: WebAuthn needs a domain (APP_URL). */
  unavailable: "Passkeys are not available at this address.",
  tooMany: (seconds: number) => `Too many passkey attempts. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
  /** No answer the page could read (offline, a proxy's error page). */
  signInFailed: "Passkey sign-in failed. Please try again.",
  addCancelled: "Adding the passkey was cancelled.",
  addFailed: "The passkey could not be added. Please try again.",
  alreadyAdded: "This device's passkey is already added.",
  added: "Passkey added. You can sign in with it on the sign-in page.",
  removed: "Passkey removed. It no longer signs in.",
  notFound: "That passkey does not exist or is already removed.",
  noJavaScript: "Adding a passkey needs JavaScript, which is off in this browser.",
  unsupported: "This browser cannot make passkeys.",
};

export const PASSKEY_NAME_MAX = 100;

/** "Chrome on macOS": a passkey's name when none is typed, from the browser that made it. */
export function passkeyDeviceName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Passkey";
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrom(e|ium)\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Windows/, "Windows"],
  [/Linux/, "Linux"],
];
