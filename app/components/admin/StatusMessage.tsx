import { CircleCheck, Undo2 } from "lucide-react";
import { useEffect } from "react";
import { Form, useLocation, useNavigate } from "react-router";

/**
 * What a write just did, said in a `role="status"` region: the table page's
 * action redirects back with it in the URL (?done=saved, ?deleted=ID…), so it
 * shows after a plain form post without JavaScript too. The region is always
 * rendered (a live region must exist before its text changes to be read
 * out). With JavaScript the message goes after STATUS_MS, and the URL loses
 * it, so a reload does not repeat it.
 */

export const STATUS_MS = 10_000;

/** The URL parameters that carry a status; changing only these need not reload the list. */
export const STATUS_PARAMS = ["done", "deleted"];

const DONE_TEXT: Record<string, string> = {
  saved: "Saved.",
  restored: "Restored.",
  reverted: "Version restored.",
};

export interface Status {
  text: string;
  /** A deleted row's id: the message offers Undo, which restores it. */
  undoId?: string;
}

/** The status the URL carries, if any. */
export function statusFromParams(params: URLSearchParams): Status | null {
  const deleted = params.get("deleted");
  if (deleted && /^\d{1,15}$/.test(deleted)) return { text: "Deleted.", undoId: deleted };
  const done = DONE_TEXT[params.get("done") ?? ""];
  return done ? { text: done } : null;
}

/** `url` (a path and query) with a status added, replacing any earlier one. */
export function withStatus(url: string, status: { done: keyof typeof DONE_TEXT } | { deleted: string | number }): string {
  const [path = "", query = ""] = url.split("?");
  const params = new URLSearchParams(query);
  for (const name of STATUS_PARAMS) params.delete(name);
  for (const [name, value] of Object.entries(status)) params.set(name, String(value));
  return `${path}?${params}`;
}

export function StatusMessage({ status, undoAction }: { status: Status | null; undoAction?: string }) {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!STATUS_PARAMS.some((name) => params.has(name))) return;
    const timer = setTimeout(() => {
      for (const name of STATUS_PARAMS) params.delete(name);
      const search = params.toString();
      void navigate(`${location.pathname}${search ? `?${search}` : ""}`, { replace: true, preventScrollReset: true });
    }, STATUS_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, location.search, navigate]);

  return (
    <div role="status">
      {status && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2.5 text-sm text-emerald-900">
          <CircleCheck aria-hidden className="size-4 shrink-0 text-emerald-700" />
          <span>{status.text}</span>{" "}
          {status.undoId && (
            <Form method="post" action={undoAction} preventScrollReset className="contents">
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="id" value={status.undoId} />
              <button
                type="submit"
                className="inline-flex min-h-9 items-center gap-1.5 rounded-md border border-emerald-300 bg-white px-3 py-1 font-semibold text-emerald-800 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <Undo2 aria-hidden className="size-4" />
                Undo
              </button>
            </Form>
          )}
        </div>
      )}
    </div>
  );
}
