import { CloudOff, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { keptActions, onQueueChange, removeAction, type QueuedAction } from "./queue";
import { sendKeptActions } from "./replay";
import { keepPageOffline, registerServiceWorker } from "./service-worker";

/** How often the page tries again without being told the connection is back (a weak signal comes and goes unannounced). */
const RETRY_MS = 30_000;

/**
 * `N changes waiting to send` (issue 36, docs/decisions/0142) on every admin
 * page, Today and the job pages among them: a polite live region, so a
 * screen reader hears the count change without losing its place; below it
 * any change the server refused, with its reason, until dismissed. It also
 * registers the staff's service worker and sends the queue when the page
 * loads, when the connection returns, and every RETRY_MS (with nothing
 * waiting, a try reads the queue and stops).
 */
export function OfflineQueueStatus() {
  const actions = useKeptActions();
  const waiting = actions.filter((action) => action.refusal === undefined).length;
  const refused = actions.filter((action) => action.refusal !== undefined);
  return (
    <div className="mx-auto max-w-7xl px-6 empty:hidden">
      <p aria-live="polite" className="empty:hidden">
        {waiting > 0 && (
          <span className="mt-3 inline-flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
            <CloudOff aria-hidden className="size-4" />
            {waiting === 1 ? "1 change waiting to send" : `${waiting} changes waiting to send`}
          </span>
        )}
      </p>
      {refused.length > 0 && (
        <ul role="alert" className="mt-3 space-y-2">
          {refused.map((action) => (
            <li key={action.id} className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              <span className="min-w-0 break-words">
                Not sent ({action.intent.replaceAll("_", " ")}): {action.refusal}
              </span>
              <button type="button" onClick={() => void removeAction(action.id!)} className="inline-flex min-h-11 shrink-0 items-center gap-1 font-semibold hover:underline">
                <X aria-hidden className="size-4" />
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function useKeptActions(): QueuedAction[] {
  const [actions, setActions] = useState<QueuedAction[]>([]);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const { pathname, search } = useLocation();

  useEffect(() => {
    registerServiceWorker();
    let live = true;
    const read = () => void keptActions().then((all) => live && setActions(all), () => {});
    // Once some were sent, the page shows what the server now holds.
    const send = () =>
      void sendKeptActions().then(
        (sent) => {
          if (sent > 0 && live) void revalidate.current();
        },
        () => {},
      );
    read();
    send();
    const stop = onQueueChange(read);
    window.addEventListener("online", send);
    const timer = window.setInterval(() => navigator.onLine && send(), RETRY_MS);
    return () => {
      live = false;
      stop();
      window.removeEventListener("online", send);
      window.clearInterval(timer);
    };
  }, []);

  useEffect(() => keepPageOffline(window.location.href), [pathname, search]);
  return actions;
}
