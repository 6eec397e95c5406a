import { LoaderCircle } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { LEAD_STATUS_CONSTRAINT } from "~/lib/lead-input";
import { LEAD_STATUS_TITLES, LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";
import { StatusBadge } from "./StatusBadge";
import type { LeadActionFailure } from "~/server/leads/lead-view.server";
import { useSubmitResult } from "./use-submit-result";

// The statuses a lead can be moved to by a plain button (New is where leads
// start; Lost has its own form, for the reason).
const MOVES = LEAD_STATUSES.filter((s) => s !== "new" && s !== "lost");

/**
 * One small form per status ("Mark Contacted" …), none for the current one.
 * Without JavaScript each posts and the page comes back; with it they post in
 * the background, and focus moves to the new status since the pressed button
 * is gone.
 */
export function StatusActions({ status, failure }: { status: LeadStatus; failure?: LeadActionFailure }) {
  const fetcher = useFetcher<LeadActionFailure>({ key: "lead-status" });
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("status") : null;
  const currentRef = useRef<HTMLParagraphElement>(null);
  const result = useSubmitResult(fetcher, (refusal) => {
    if (!refusal) currentRef.current?.focus();
  });
  const refused = result ?? (failure?.intent === "status" ? failure : undefined);
  const reasonError = refused?.fields?.reason;

  const marker = (to: LeadStatus) => (pending === to ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null);
  return (
    <section aria-labelledby="status-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="status-heading" className="text-base font-semibold text-slate-900">
        Status
      </h3>
      <p ref={currentRef} tabIndex={-1} className="mt-2 flex items-center gap-2 text-sm text-slate-700 focus:outline-none">
        Now: <StatusBadge status={status} />
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {MOVES.filter((to) => to !== status).map((to) => (
          <fetcher.Form key={to} method="post" preventScrollReset>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={to} />
            <button type="submit" disabled={busy} className={buttonClass("secondary")}>
              {marker(to)}
              Mark {LEAD_STATUS_TITLES[to]}
            </button>
          </fetcher.Form>
        ))}
      </div>
      {status !== "lost" && (
        <fetcher.Form method="post" preventScrollReset className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value="lost" />
          <div className="min-w-0 flex-1">
            <label htmlFor="lost-reason" className="block text-sm font-medium text-slate-700">
              Reason (optional)
            </label>
            <input
              id="lost-reason"
              name="reason"
              {...LEAD_STATUS_CONSTRAINT.reason}
              defaultValue={failure?.values?.reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? "lost-reason-error" : undefined}
              placeholder="e.g. went with another detailer"
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-xs placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
            {reasonError && (
              <p id="lost-reason-error" role="alert" className="mt-1.5 text-sm font-medium text-red-700">
                {reasonError}
              </p>
            )}
          </div>
          <button type="submit" disabled={busy} className={buttonClass("danger")}>
            {marker("lost")}
            Mark Lost
          </button>
        </fetcher.Form>
      )}
      <p role="status" className="mt-2 text-sm text-slate-600">
        {busy ? "Saving…" : ""}
      </p>
      {refused && !reasonError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {refused.error}
        </p>
      )}
    </section>
  );
}
