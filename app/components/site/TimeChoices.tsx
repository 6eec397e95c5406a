/**
 * The free times as one radio group named `Time` (the field `start`): a line
 * per day with its times, each time's name carrying its day for a screen
 * reader (the day's line is for the eye). Book This Time on an accepted
 * estimate's page and on /book. Plain markup: the customer's pages ship no
 * JavaScript.
 */

export interface TimeDay {
  /** "Monday, December 7, 2026" */
  label: string;
  /** Each start as the server wrote it (an instant) and as read ("9:00 AM"). */
  times: { value: string; label: string }[];
}

interface Props {
  days: TimeDay[];
  required: boolean | undefined;
  /** The time sent before (a refused form), checked again. */
  checked?: string;
  /** Why the time sent was refused (taken meanwhile, none chosen). */
  error?: string;
  legendClass: string;
}

export function TimeChoices({ days, required, checked, error, legendClass }: Props) {
  return (
    <fieldset role="radiogroup" aria-invalid={error ? true : undefined} aria-describedby={error ? "start-error" : undefined}>
      <legend className={legendClass}>Time</legend>
      {error && (
        <p id="start-error" role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="mt-3 max-h-[26rem] space-y-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-4">
        {days.map((day) => (
          <div key={day.label}>
            <div aria-hidden="true" className="text-sm font-semibold text-slate-900">
              {day.label}
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              {day.times.map((time) => (
                <label
                  key={time.value}
                  className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400"
                >
                  <input type="radio" name="start" value={time.value} defaultChecked={checked === time.value} required={required} className="accent-brand-600" />
                  <span className="sr-only">{day.label}, </span>
                  {time.label}
                </label>
              ))}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
