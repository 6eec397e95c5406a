import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { primaryButton } from "~/components/ui/button";
import { LEAD_NOTE_CONSTRAINT } from "~/lib/lead-input";
import type { LeadActionFailure } from "~/server/leads/lead-view.server";
import { useSubmitResult } from "./use-submit-result";

/**
 * "Add a note". The server says what is wrong (an empty note, one too long),
 * shown under the field; with JavaScript the note posts in the background and
 * the field empties once it is in the History.
 */
export function NoteForm({ failure }: { failure?: LeadActionFailure }) {
  const fetcher = useFetcher<LeadActionFailure>({ key: "lead-note" });
  const busy = fetcher.state !== "idle";
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const [added, setAdded] = useState(false);
  const result = useSubmitResult(fetcher, (refusal) => {
    const note = noteRef.current;
    if (note && !refusal) note.value = "";
    setAdded(!refusal);
    note?.focus();
  });
  const refused = result ?? (failure?.intent === "note" ? failure : undefined);
  const error = refused ? (refused.fields?.note ?? refused.error) : undefined;

  return (
    <section aria-labelledby="note-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="note-heading" className="sr-only">
        Notes
      </h3>
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="lead-note" className="block text-base font-semibold text-slate-900">
          Add a note
        </label>
        <textarea
          ref={noteRef}
          id="lead-note"
          name="note"
          rows={3}
          // Not `required`: an empty note is the server's to refuse, by name beside the field.
          maxLength={LEAD_NOTE_CONSTRAINT.note.maxLength}
          defaultValue={failure?.intent === "note" ? failure.values?.note : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "lead-note-error" : undefined}
          placeholder="Called, left a voicemail…"
          className="mt-2 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-xs placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-500"
        />
        {error && (
          <p id="lead-note-error" role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="mt-3 flex items-center gap-3">
          <button type="submit" disabled={busy} className={primaryButton}>
            Add Note
          </button>
          <p role="status" className="text-sm text-slate-600">
            {busy ? "Saving…" : added ? "Note added." : ""}
          </p>
        </div>
      </fetcher.Form>
    </section>
  );
}
