import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { JOB_EVENT_WORDS } from "~/lib/job-status";
import { LEAD_STATUS_TITLES } from "~/lib/lead-status";
import { EmailEntry } from "./EmailEntry";
import { TimeAgo } from "./TimeAgo";
import type { HistoryItem, LeadActionFailure } from "~/server/leads/lead-view.server";

// While an e-mail is on its way, the page looks again this often, a limited
// number of times (the outbox sends within seconds; a failure shows as such).
const REFRESH_MS = 3_000;
const MAX_REFRESHES = 20;

const ESTIMATE_EVENT_WORDS = {
  created: "created",
  sent: "sent",
  viewed: "first viewed by the customer",
  accepted: "accepted",
  declined: "declined",
} as const;

/** "History": what happened to the lead, oldest first. */
export function Timeline({ items, failure }: { items: HistoryItem[]; failure?: LeadActionFailure }) {
  useRefreshWhileSending(items.some((item) => item.type === "email" && (item.state === "queued" || item.state === "sending")));
  return (
    <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="history-heading" className="text-base font-semibold text-slate-900">
        History
      </h3>
      <ol className="mt-3 space-y-4 border-l-2 border-slate-200 pl-4">
        {items.map((item) => (
          <li key={item.key} className="relative text-sm">
            <span aria-hidden className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-slate-300 ring-2 ring-white" />
            <Entry item={item} failure={failure} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Entry({ item, failure }: { item: HistoryItem; failure?: LeadActionFailure }) {
  switch (item.type) {
    case "received":
      return (
        <>
          <p className="font-medium text-slate-900">Received</p>
          <When item={item} />
        </>
      );
    case "email":
      return <EmailEntry item={item} failure={failure} />;
    case "status":
      return (
        <>
          <p className="font-medium text-slate-900">
            {`Status: ${item.from ? `${LEAD_STATUS_TITLES[item.from]} → ` : ""}${LEAD_STATUS_TITLES[item.to]}`}
          </p>
          {item.reason && <p className="mt-0.5 break-words text-slate-700">Reason: {item.reason}</p>}
          <When item={item} />
        </>
      );
    case "estimate":
      return (
        <>
          <p className="font-medium text-slate-900">
            <Link to={`/admin/estimates/${item.estimateId}`} className="text-brand-700 hover:underline">
              Estimate #{item.number}
            </Link>{" "}
            {ESTIMATE_EVENT_WORDS[item.kind]}
          </p>
          {item.body && <p className="mt-0.5 break-words text-slate-700">{item.kind === "declined" ? `Reason: ${item.body}` : item.body}</p>}
          <When item={item} />
        </>
      );
    case "job":
      return (
        <>
          <p className="font-medium text-slate-900">
            <Link to={`/admin/jobs/${item.jobId}`} className="text-brand-700 hover:underline">
              Job
            </Link>{" "}
            {JOB_EVENT_WORDS[item.kind]}
          </p>
          {item.body && <p className="mt-0.5 break-words text-slate-700">{item.body}</p>}
          <When item={item} />
        </>
      );
    case "note":
      return (
        <>
          <p className="font-medium text-slate-900">Note{item.actor && ` by ${item.actor}`}</p>
          <p className="mt-1 rounded-lg bg-amber-50 p-2.5 break-words whitespace-pre-wrap text-slate-800">{item.body}</p>
          <When item={item} withActor={false} />
        </>
      );
  }
}

/** "by owner@example.com · 12 min ago". */
function When({ item, withActor = true }: { item: HistoryItem; withActor?: boolean }) {
  const actor = withActor && "actor" in item ? item.actor : "";
  return (
    <p className="mt-0.5 text-xs text-slate-600">
      {actor && `by ${actor} · `}
      <TimeAgo time={item.at} />
    </p>
  );
}

function useRefreshWhileSending(sending: boolean): void {
  const revalidator = useRevalidator();
  const refreshes = useRef(0);
  const idle = revalidator.state === "idle";
  useEffect(() => {
    if (!sending || !idle || refreshes.current >= MAX_REFRESHES) return;
    const timer = setTimeout(() => {
      refreshes.current++;
      void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearTimeout(timer);
    // The revalidator object changes every render; what matters is whether to wait again.
  }, [sending, idle]);
}
