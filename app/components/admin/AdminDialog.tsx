import { X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
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
}

/**
 * A modal <dialog> whose open state is the URL (?new=1, ?edit=ID, ?delete=ID).
 * Rendered open on the server, so it shows without JavaScript (over a plain
 * overlay, with Close and Cancel submitting a GET form back to the list); in
 * the browser it becomes a real modal (focus trapped, Escape closes) and
 * closing steps back in history when the list opened it.
 */
export function AdminDialog({ title, closeTo, children, id, role }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const close = useCloseDialog(closeTo);

  useEffect(() => {
    const dialog = ref.current!;
    // Server-rendered `open` makes it a non-modal dialog: reopen it as a modal.
    if (dialog.open) dialog.close();
    dialog.showModal();
    return () => dialog.close();
  }, []);

  const [path = "", query = ""] = closeTo.split("?");
  const closeFormId = `${id}-close`;
  const titleId = `${id}-title`;

  return (
    <>
      {!hydrated && <div aria-hidden className="fixed inset-0 z-40 bg-slate-900/50" />}
      <dialog
        ref={ref}
        open
        role={role}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        className="fixed inset-0 z-50 m-auto w-[calc(100%-2rem)] max-w-2xl overflow-hidden rounded-2xl bg-white p-0 text-slate-800 shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px]"
      >
        <div className="flex max-h-[90vh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <CloseButton form={closeFormId} onClose={close} />
          </div>
          {children}
        </div>
        <form id={closeFormId} method="get" action={path} hidden>
          <HiddenInputs params={new URLSearchParams(query)} />
        </form>
      </dialog>
    </>
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
      className="-mr-2 inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
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
  return (
    <button
      type="submit"
      form={`${dialogId}-close`}
      disabled={disabled}
      onClick={(event) => {
        event.preventDefault();
        close();
      }}
      className={secondaryButton}
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
  return () => void (fromList ? navigate(-1) : navigate(closeTo, { replace: true, preventScrollReset: true }));
}
