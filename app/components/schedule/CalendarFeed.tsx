import { CalendarSync } from "lucide-react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * The schedule page's private calendar feed (docs/decisions/0084): its
 * address to copy into a calendar app, and Reset feed address (a plain POST
 * to /admin/schedule/feed, which comes back to /admin/schedule?feed=reset).
 * `address` is absolute (calendar-feed.server.ts feedAddress); `justReset`
 * is the ?feed=reset of that return.
 */
export function CalendarFeed({ address, justReset = false }: { address: string; justReset?: boolean }) {
  return (
    <section aria-labelledby="calendar-feed-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="calendar-feed-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarSync aria-hidden className="size-5 text-brand-600" />
        Calendar feed
      </h3>
      <p className="text-sm text-slate-700">
        Subscribe to this address to see every job in your own calendar: in Google Calendar choose Other calendars › From URL, in Apple Calendar
        File › New Calendar Subscription.
      </p>
      <div>
        <label htmlFor="calendar-feed-address" className="block text-sm font-medium text-slate-800">
          Calendar feed address
        </label>
        <input
          id="calendar-feed-address"
          type="text"
          readOnly
          value={address}
          aria-describedby="calendar-feed-private"
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <p id="calendar-feed-private" className="mt-1 text-sm text-slate-600">
          Anyone with this address can see your jobs and customers: keep it private. If it got out, reset it; calendars subscribed to the old address then
          stop updating until you subscribe again with the new one.
        </p>
      </div>
      {justReset && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          The feed address was reset: the old one no longer works.
        </p>
      )}
      <Form method="post" action="/admin/schedule/feed">
        <button type="submit" className={buttonClass("secondary")}>
          Reset feed address
        </button>
      </Form>
    </section>
  );
}
