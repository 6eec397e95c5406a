import { CheckCircle2, Circle, ListChecks } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { ChecklistStep } from "~/server/field-work/checklist.server";
import type { FieldWorkView } from "~/server/field-work/field-work-view.server";
import type { JobActionFailure } from "~/server/jobs/job-view.server";

const SELECT =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40";

/**
 * The job's Checklist (docs/decisions/0138): its package's steps as
 * checkboxes, each ticked one saying who ticked it and when. While the job is
 * worked on, one plain form (intent `checklist`, the page's `key`) whose
 * Save Checklist posts every step at once, with or without JavaScript, so a
 * phone's queue can keep and send it as it is; afterwards, the steps as they
 * were left. A job without steps says so, and offers Use This Checklist with
 * a package of the price book.
 */
export function JobChecklist({ jobId, open, checklist, failure }: { jobId: number; open: boolean; checklist: FieldWorkView["checklist"]; failure?: JobActionFailure }) {
  const busy = useNavigation().state === "submitting";
  const { steps, packages, key } = checklist;
  const refused = failure && (failure.intent === "checklist" || failure.intent === "checklist_package") ? failure : undefined;
  const doneCount = steps.filter((s) => s.done).length;
  return (
    <section id="checklist" aria-labelledby="checklist-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="checklist-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ListChecks aria-hidden className="size-5 text-brand-700" />
        Checklist
      </h3>
      {refused && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {refused.error}
        </p>
      )}
      {!steps.length ? (
        <>
          <p className="mt-2 text-sm text-slate-700">There is no checklist for this job: it was not booked with a package of the price book.</p>
          {open && packages.length > 0 && (
            <Form method="post" action={`/admin/jobs/${jobId}`} className="mt-3 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="checklist_package" />
              <input type="hidden" name="key" value={key} />
              <div>
                <label htmlFor="checklist-package" className="mb-1 block text-sm font-medium text-slate-800">
                  Package
                </label>
                <select id="checklist-package" name="package" className={SELECT}>
                  {packages.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                Use This Checklist
              </button>
            </Form>
          )}
        </>
      ) : open ? (
        // A new key after each save: the form is made again with the page's.
        <Form key={key} method="post" action={`/admin/jobs/${jobId}`} className="mt-2">
          <input type="hidden" name="intent" value="checklist" />
          <input type="hidden" name="key" value={key} />
          <p className="text-sm text-slate-600">
            {doneCount} of {steps.length} done
          </p>
          <fieldset className="mt-2">
            <legend className="sr-only">Steps</legend>
            <ul className="divide-y divide-slate-100">
              {steps.map((step) => (
                <StepBox key={step.position} step={step} />
              ))}
            </ul>
          </fieldset>
          <button type="submit" className={`${buttonClass("primary")} mt-3`} disabled={busy}>
            Save Checklist
          </button>
        </Form>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {steps.map((step) => (
            <li key={step.position} className="flex items-start gap-2 py-2 text-sm">
              {step.done ? <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" /> : <Circle aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />}
              <span>
                <span className="text-slate-900">{step.step}</span>
                <span className="sr-only">{step.done ? ": done" : ": not done"}</span>
                {step.done && (
                  <span className="block text-xs text-slate-600">
                    <DoneBy done={step.done} />
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One step: its name posted always (`step`), and its box (`done`) when ticked, so the post says which are not. */
function StepBox({ step }: { step: ChecklistStep }) {
  const id = `step-${step.position}`;
  return (
    <li className="py-2">
      <input type="hidden" name="step" value={step.step} />
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="done"
          value={step.step}
          defaultChecked={step.done !== null}
          aria-describedby={step.done ? `${id}-note` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <div className="min-w-0">
          <label htmlFor={id} className="text-sm break-words text-slate-900">
            {step.step}
          </label>
          {step.done && (
            <p id={`${id}-note`} className="text-xs text-slate-600">
              <DoneBy done={step.done} />
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

function DoneBy({ done }: { done: NonNullable<ChecklistStep["done"]> }) {
  return (
    <>
      Done by {done.by} ·{" "}
      <time dateTime={done.at.iso} title={done.at.exact}>
        {done.at.exact}
      </time>
    </>
  );
}
