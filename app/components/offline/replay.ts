import { keptActions, refuseAction, removeAction, type QueuedAction } from "./queue";

/**
 * Sends the kept actions (docs/decisions/0142), oldest first, each with its
 * key: removed once the server has taken it (a 2xx, or the redirect of a
 * saved form), kept with its refusal when the server refuses it (a 4xx: shown,
 * not sent again), and left for the next try when there is no connection, the
 * server is in trouble or the session has ended; the actions after it wait, so
 * the order holds. One run at a time in a tab; another tab's run at the same
 * moment sends the same keys, which the server takes once.
 */

type Outcome = { sent: true } | { refused: string } | { later: true };

let running: Promise<number> | undefined;

/** Runs the queue; resolves with how many actions were sent. */
export function sendKeptActions(): Promise<number> {
  running ??= run().finally(() => (running = undefined));
  return running;
}

async function run(): Promise<number> {
  let sent = 0;
  for (const action of await keptActions()) {
    if (action.refusal !== undefined || action.id === undefined) continue;
    if (!navigator.onLine) break;
    const outcome = await send(action);
    if ("later" in outcome) break;
    if ("sent" in outcome) {
      await removeAction(action.id);
      sent++;
    } else await refuseAction(action, outcome.refused);
  }
  return sent;
}

async function send(action: QueuedAction): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(action.url, { method: "POST", body: bodyOf(action), credentials: "same-origin", redirect: "follow" });
  } catch {
    return { later: true };
  }
  // The session ended (the guard sends the sign-in page): kept until the person signs in again.
  if (response.redirected && new URL(response.url).pathname === "/login") return { later: true };
  // A saved form answers with a redirect (followed here). The page shown again
  // without one is the server asking first (On My Way on a job of another
  // day): nothing was done, so it is shown with the question, not taken as sent.
  if (response.ok && !response.redirected) return { refused: await refusalOf(response) };
  if (response.ok) return { sent: true };
  // Too many at once, or a timeout: a matter of time, like a 5xx.
  if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) return { refused: await refusalOf(response) };
  return { later: true };
}

function bodyOf(action: QueuedAction): FormData | URLSearchParams {
  if (action.multipart) {
    const form = new FormData();
    for (const [name, value] of action.fields) form.append(name, value);
    return form;
  }
  return new URLSearchParams(action.fields.filter((field): field is [string, string] => typeof field[1] === "string"));
}

/** The refusal as the page says it (its alert: the form's error; or the question it asks), or the status. */
async function refusalOf(response: Response): Promise<string> {
  const fallback = `The server refused it (${response.status}).`;
  try {
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    return page.querySelector('[role="alert"], [data-question]')?.textContent?.trim() || fallback;
  } catch {
    return fallback;
  }
}
