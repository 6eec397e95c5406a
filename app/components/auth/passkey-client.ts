import { PASSKEY_MESSAGES } from "~/lib/passkeys";
import { ApiError } from "./AuthProvider";

/**
 * The browser's side of passkeys (docs/decisions/0134): the WebAuthn
 * ceremonies through @simplewebauthn/browser, loaded only when a person
 * presses the button (a dynamic import: no page's bundle carries it), and
 * the two requests of each ceremony. Failures come out as ApiError with the
 * words to show: the server's, or what the browser's refusal means.
 */

/** Whether this browser can use passkeys at all (WebAuthn exists: a secure context, a browser that has it). */
export function browserHasPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** Signs in with a passkey the person picks in the browser's dialog: the session cookie is set on success. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = await postJson("/api/passkeys/sign-in/options", {}, PASSKEY_MESSAGES.signInFailed);
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
  } catch (error) {
    throw new ApiError(ceremonyRefusal(error, { cancelled: PASSKEY_MESSAGES.signInCancelled, other: PASSKEY_MESSAGES.signInFailed }));
  }
  await postJson("/api/passkeys/sign-in", { response }, PASSKEY_MESSAGES.signInFailed);
}

/** Makes a passkey for the signed-in person on this device and adds it to their account as `name` ("" for the device's name). */
export async function addPasskey(name: string): Promise<void> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const optionsJSON = await postJson("/api/passkeys/register/options", {}, PASSKEY_MESSAGES.addFailed);
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]["optionsJSON"] });
  } catch (error) {
    throw new ApiError(ceremonyRefusal(error, { cancelled: PASSKEY_MESSAGES.addCancelled, other: PASSKEY_MESSAGES.addFailed }));
  }
  await postJson("/api/passkeys/register", { response, name }, PASSKEY_MESSAGES.addFailed);
}

/**
 * What the browser's refusal means to the person. NotAllowedError is the
 * dialog closed or timed out (WebAuthn tells no more, on purpose);
 * InvalidStateError at registration is an authenticator that holds one of
 * this account's passkeys already (the excluded credentials).
 */
function ceremonyRefusal(error: unknown, words: { cancelled: string; other: string }): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return words.cancelled;
  if (name === "InvalidStateError") return PASSKEY_MESSAGES.alreadyAdded;
  return words.other;
}

/** POSTs JSON; throws ApiError with the server's `error` text, or `fallback` when no readable answer came. */
async function postJson(path: string, body: unknown, fallback: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(fallback);
  }
  const data = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (data && typeof data.error === "string" && data.error) throw new ApiError(data.error);
  if (!response.ok || !data) throw new ApiError(fallback);
  return data;
}
