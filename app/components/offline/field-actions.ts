import type { Queued } from "~/lib/offline";
import { keepAction, keptActions, type QueuedAction } from "./queue";
import { sendKeptActions } from "./replay";

/**
 * The one way a field form works without a connection (docs/decisions/0142),
 * for a route's clientAction: a post that carries an idempotency key (the
 * form's hidden `key`, the marker of a field action that is safe to send
 * again) is kept on the phone when there is no connection, when its sending
 * fails for want of one, or while earlier ones still wait (so the order
 * holds); the page then has `{ queued }` as the action's answer. Any other
 * post goes to the server as usual.
 */

export async function sendOrKeep<T>(request: Request, serverAction: () => Promise<T>): Promise<T | Queued> {
  const form = await request.clone().formData();
  const key = form.get("key");
  if (typeof key !== "string" || key === "") return serverAction();
  const keep = async (): Promise<Queued> => {
    const url = new URL(request.url);
    const action = await keepAction(url.pathname, form, (request.headers.get("content-type") ?? "").startsWith("multipart/"));
    void sendKeptActions();
    return { queued: true, intent: action.intent };
  };
  if (!navigator.onLine || (await waiting()).length > 0) return keep();
  try {
    return await serverAction();
  } catch (error) {
    // fetch's own failure (no connection, the connection lost): the server may or may not have it; the key decides.
    if (error instanceof TypeError) return keep();
    throw error;
  }
}

/** The actions of a page still to send (a refused one is not). */
export async function waiting(url?: string): Promise<QueuedAction[]> {
  return (await keptActions(url)).filter((action) => action.refusal === undefined);
}

/**
 * A page's data with fresh keys where a kept action used the one it holds:
 * a page shown from the phone's copy renders the keys it had, and a second
 * form sent with a used key would be taken for the first one's replay.
 */
export function withFreshKeys<T>(data: T, used: QueuedAction[]): T {
  if (used.length === 0) return data;
  const keys = new Set(used.map((action) => action.key));
  const fresh = (value: unknown): unknown => {
    if (typeof value === "string") return keys.has(value) ? crypto.randomUUID() : value;
    if (Array.isArray(value)) return value.map(fresh);
    if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, fresh(inner)]));
    }
    return value;
  };
  return fresh(data) as T;
}
