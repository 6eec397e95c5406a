import { useEffect, useRef, useState } from "react";
import { useBlocker, type Location } from "react-router";
import { dangerButton, secondaryButton } from "~/components/ui/button";

/**
 * The row form's guard against losing typing. While the form holds unsaved
 * changes, every way out asks first: Close, Cancel, Escape and the backdrop
 * (through AdminDialog's onCloseRequest), Back and links inside the app
 * (React Router's blocker), and a reload, a typed address or closing the tab
 * (the browser's own beforeunload question, the only one a page may show
 * there). Saving is not leaving: a valid submit lets the navigation through.
 */
export function useUnsavedChangesGuard(dirty: boolean, submitting: boolean) {
  // Set just before a way out we started ourselves (a save, or Discard), so the blocker lets it pass.
  const allowed = useRef(false);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !allowed.current && leavesForm(currentLocation, nextLocation),
  );

  // A save that failed leaves the form open: the guard holds again.
  useEffect(() => {
    if (!submitting) allowed.current = false;
  }, [submitting]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const asking = pendingClose !== null || blocker.state === "blocked";

  return {
    asking,
    /** AdminDialog's onCloseRequest: close at once when nothing would be lost, else ask (a second Escape answers "keep"). */
    requestClose(close: () => void) {
      if (asking) return keepEditing();
      if (!dirty) return close();
      setPendingClose(() => close);
    },
    keepEditing,
    discard() {
      allowed.current = true;
      if (blocker.state === "blocked") blocker.proceed();
      else pendingClose?.();
      setPendingClose(null);
    },
    /** The form is about to be submitted: the navigation it makes is not a way out. */
    allowLeaving() {
      allowed.current = true;
    },
  };

  function keepEditing() {
    if (blocker.state === "blocked") blocker.reset();
    setPendingClose(null);
  }
}

/** Another page, or another dialog state than this form's (?new / ?edit), leaves the form. */
function leavesForm(current: Location, next: Location): boolean {
  if (current.pathname !== next.pathname) return true;
  const a = new URLSearchParams(current.search);
  const b = new URLSearchParams(next.search);
  return a.get("new") !== b.get("new") || a.get("edit") !== b.get("edit");
}

/** The question, in place of the form's footer: focus starts on the safe answer. */
export function DiscardChangesPrompt({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby="discard-changes-title"
      aria-describedby="discard-changes-text"
      className="flex flex-col gap-3 border-t border-amber-200 bg-amber-50 px-6 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p id="discard-changes-title" className="text-sm font-semibold text-amber-900">
          Discard unsaved changes?
        </p>
        <p id="discard-changes-text" className="text-sm text-amber-900">
          What you changed in this form has not been saved.
        </p>
      </div>
      <div className="flex shrink-0 gap-3">
        <button ref={keep} type="button" onClick={onKeep} className={`${secondaryButton} min-h-11`}>
          Keep editing
        </button>
        <button type="button" onClick={onDiscard} className={`${dangerButton} min-h-11`}>
          Discard changes
        </button>
      </div>
    </div>
  );
}
