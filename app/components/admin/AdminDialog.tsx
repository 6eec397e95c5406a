import { X } from "lucide-react";
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { secondaryButton } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { HiddenInputs } from "./ListQueryInputs";

interface AdminDialogProps {
  title: string;
  /** The list URL the dialog closes to (path + list query). */
  closeTo: string;
  children: ReactNode;
  /** Form ids must be unique on the page. */
  id: string;
  role?: "dialog" | "alertdialog";
  /** The id of what the dialog says, read out with its title when it opens (the delete confirmation's question and row). */
  describedBy?: string;
  /** On a phone (below sm) the dialog fills the screen: the row form and the View dialog. */
  fullScreenOnPhone?: boolean;
  /**
   * Asked before every close (Close, Cancel, Escape, a click on the backdrop):
   * call `close` to go ahead, or not (the row form asks first when it holds
   * unsaved changes). Without it the dialog closes at once.
   */
  onCloseRequest?: (close: () => void) => void;
}

/** How a dialog's parts ask to close: through the dialog's onCloseRequest. */
const CloseRequestContext = createContext<(() => void) | null>(null);

/**
 * A modal <dialog> whose open state is the URL (?new=1, ?edit=ID, ?view=ID, ?delete=ID).
 * Rendered open on the server, so it shows without JavaScript (over a plain
 * overlay, with Close and Cancel submitting a GET form back to the list); in
 * the browser it becomes a real modal (focus trapped; Escape and a click on
 * the backdrop close it) and closing steps back in history when the list opened it.
 */
export function AdminDialog({ title, closeTo, children, id, role, describedBy, fullScreenOnPhone = false, onCloseRequest }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const close = useCloseDialog(closeTo);
  const requestClose = () => (onCloseRequest ? onCloseRequest(close) : close());
  // Where a click began: a drag from the form onto the backdrop (selecting text) is not a click on the backdrop.
  const pressedOn = useRef<EventTarget | null>(null);

  // Before the browser paints: a dialog shown but not yet modal would let an
  // Escape pressed at once go to the page instead (focus is still outside it).
  useLayoutEffect(() => {
    const dialog = ref.current!;
    // Server-rendered `open` makes it a non-modal dialog: reopen it as a modal.
    if (dialog.open) dialog.close();
    dialog.showModal();
    return () => dialog.close();
  }, []);

  const [path = "", query = ""] = closeTo.split("?");
  const closeFormId = `${id}-close`;
  const titleId = `${id}-title`;
  const size = fullScreenOnPhone
    ? "max-sm:m-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:rounded-none"
    : "";

  return (
    <CloseRequestContext.Provider value={requestClose}>
      {!hydrated && <div aria-hidden className="fixed inset-0 z-40 bg-slate-900/50" />}
      <dialog
        ref={ref}
        open
        role={role}
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        onKeyDown={(event) => {
          // Handled here rather than by the cancel event: Chrome ignores a cancel's
          // preventDefault the second time without a click between, and would close
          // the dialog under the unsaved-changes question.
          if (event.key !== "Escape" || event.defaultPrevented) return;
          event.preventDefault();
          requestClose();
        }}
        onCancel={(event) => {
          event.preventDefault();
          requestClose();
        }}
        onPointerDown={(event) => {
          pressedOn.current = event.target;
        }}
        onClick={(event) => {
          // The dialog's own box is all content: a click whose target is the dialog itself is on the backdrop.
          if (event.target === ref.current && pressedOn.current === ref.current) requestClose();
        }}
        className={`fixed inset-0 z-50 m-auto w-[calc(100%-2rem)] max-w-2xl overflow-hidden rounded-2xl bg-white p-0 text-slate-800 shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px] ${size}`}
      >
        <div className={`flex max-h-[90vh] flex-col ${fullScreenOnPhone ? "max-sm:h-full max-sm:max-h-none" : ""}`}>
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-3">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <CloseButton form={closeFormId} onClose={requestClose} />
          </div>
          {children}
        </div>
        <form id={closeFormId} method="get" action={path} hidden>
          <HiddenInputs params={new URLSearchParams(query)} />
        </form>
      </dialog>
    </CloseRequestContext.Provider>
  );
}

function CloseButton({ form, onClose }: { form: string; onClose: () => void }) {
  return (
    <button
      type="submit"
      form={form}
      aria-label="Close"
      onClick={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="-mr-3 inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <X aria-hidden className="size-5" />
    </button>
  );
}

/** Cancel in a dialog's footer: like Close, a real button that also works without JavaScript. */
export function CancelButton({
  dialogId,
  closeTo,
  disabled,
}: {
  dialogId: string;
  closeTo: string;
  disabled?: boolean;
}) {
  const close = useCloseDialog(closeTo);
  const requestClose = useContext(CloseRequestContext) ?? close;
  return (
    <button
      type="submit"
      form={`${dialogId}-close`}
      disabled={disabled}
      onClick={(event) => {
        event.preventDefault();
        requestClose();
      }}
      className={`${secondaryButton} min-h-11`}
    >
      Cancel
    </button>
  );
}


/** Back to the list: one step back in history when the list opened the dialog, else to the list URL. */
function useCloseDialog(closeTo: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { dialogFromList?: boolean } | null)?.dialogFromList === true;
  // Escape can reach the dialog twice (keydown, then a cancel): step back once.
  const closing = useRef(false);
  return () => {
    if (closing.current) return;
    closing.current = true;
    void (fromList ? navigate(-1) : navigate(closeTo, { replace: true, preventScrollReset: true }));
  };
}
