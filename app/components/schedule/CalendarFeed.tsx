import { CalendarSync } from "lucide-react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * A private calendar feed (docs/decisions/0084, 0148): its address to copy
 * into a calendar app, and Reset feed address (a plain POST). The business's
 * on the schedule page (to /admin/schedule/feed, which comes back to
 * /admin/schedule?feed=reset); a person's own on their account page (`own`:
 * to /admin/account with intent reset-feed, back to ?done=feed-reset).
 * `address` is absolute (calendar-feed.server.ts feedAddress,
 * staffFeedAddress); `justReset` is what the return says.
 */
export function CalendarFeed({ address, justReset = false, own = false }: { address: string; justReset?: boolean; own?: boolean }) {
  const id = own ? "own-calendar-feed" : "calendar-feed";
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarSync aria-hidden className="size-5 text-brand-600" />
        {own ? "Your calendar feed" : "Calendar feed"}
      </h3>
      <p className="text-sm text-slate-700">
        Subscribe to this address to see {own ? "the jobs assigned to you" : "every job"} in your own calendar: in Google Calendar choose Other calendars ›
        From URL, in Apple Calendar File › New Calendar Subscription.
      </p>
      <div>
        <label htmlFor={`${id}-address`} className="block text-sm font-medium text-slate-800">
          {own ? "Your calendar feed address" : "Calendar feed address"}
        </label>
        <input
          id={`${id}-address`}
          type="text"
          readOnly
          value={address}
          aria-describedby={`${id}-private`}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <p id={`${id}-private`} className="mt-1 text-sm text-slate-600">
          Anyone with this address can see your jobs and customers: keep it private. If it got out, reset it; calendars subscribed to the old address then
          stop updating until you subscribe again with the new one.
        </p>
      </div>
      {justReset && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          The feed address was reset: the old one no longer works.
        </p>
      )}
      <Form method="post" action={own ? "/admin/account" : "/admin/schedule/feed"}>
        {own && <input type="hidden" name="intent" value="reset-feed" />}
        <button type="submit" className={buttonClass("secondary")}>
          Reset feed address
        </button>
      </Form>
    </section>
  );
}
