import { useRef } from "react";
import { useFetcher } from "react-router";
import { secondaryButton } from "~/components/ui/button";
import { EMAIL_STATE_TITLES } from "~/lib/email-state";
import { TimeAgo } from "./TimeAgo";
import type { HistoryItem, LeadActionFailure } from "~/server/leads/lead-view.server";
import { useSubmitResult } from "./use-submit-result";

type EmailItem = Extract<HistoryItem, { type: "email" }>;

/** An e-mail about the lead with where it is: queued, sending, sent, only written to the server log, or failed (to be retried, or given up) with "Retry now". */
export function EmailEntry({ item, failure }: { item: EmailItem; failure?: LeadActionFailure }) {
  const fetcher = useFetcher<LeadActionFailure>({ key: `lead-retry-${item.id}` });
  const busy = fetcher.state !== "idle";
  // The button goes once the e-mail is queued again: focus its new state.
  const stateRef = useRef<HTMLParagraphElement>(null);
  const result = useSubmitResult(fetcher, (refusal) => {
    if (!refusal) stateRef.current?.focus();
  });
  const refused = result ?? (failure?.intent === "retry" && failure.values?.email === String(item.id) ? failure : undefined);

  return (
    <>
      <p className="font-medium text-slate-900">{item.title}</p>
      <p className="mt-0.5 break-words text-slate-700">
        To {item.to}: “{item.subject}”
      </p>
      <p ref={stateRef} tabIndex={-1} className="mt-0.5 break-words focus:outline-none">
        <EmailStateText item={item} />
      </p>
      {(item.state === "retrying" || item.state === "failed") && (
        <fetcher.Form method="post" preventScrollReset className="mt-2">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="email" value={item.id} />
          <button type="submit" disabled={busy} className={secondaryButton}>
            Retry now
          </button>
        </fetcher.Form>
      )}
      {refused && (
        <p role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {refused.error}
        </p>
      )}
      <p className="mt-0.5 text-xs text-slate-600">
        Queued <TimeAgo time={item.at} />
      </p>
    </>
  );
}

function EmailStateText({ item }: { item: EmailItem }) {
  switch (item.state) {
    case "queued":
      return <span className="text-slate-700">Queued, to be sent shortly</span>;
    case "sending":
      return <span className="text-slate-700">Sending…</span>;
    case "sent":
      return (
        <span className="font-medium text-emerald-700">
          Sent{item.sentAt && " "}
          {item.sentAt && <TimeAgo time={item.sentAt} />}
        </span>
      );
    case "logged":
      return (
        <span className="font-medium text-amber-800">
          {EMAIL_STATE_TITLES.logged}
          {item.sentAt && " "}
          {item.sentAt && <TimeAgo time={item.sentAt} />}
        </span>
      );
    case "failed":
      return (
        <span className="text-red-700">
          <span className="font-medium">Not delivered, no more tries:</span> {item.error}
        </span>
      );
    case "retrying":
      return (
        <span className="text-red-700">
          <span className="font-medium">Failed:</span> {item.error}
          {item.nextTry && (
            <>
              {" "}
              Next try: <time dateTime={item.nextTry.iso}>{item.nextTry.exact}</time>.
            </>
          )}
        </span>
      );
  }
}
