import type { JobForm } from "~/lib/job-input";
import { JOB_ADDRESS_MAX, JOB_DURATION_MAX_MINUTES, JOB_NOTES_MAX } from "~/lib/job-input";

const INPUT =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 aria-invalid:border-red-500";

/**
 * The fields of Schedule Job and Reschedule: Date, Start Time, Duration
 * (minutes), Address, Notes. `values` is what to show (stored, or as posted
 * when refused); `errors` puts each refusal under its field. `idPrefix` keeps
 * ids unique when two forms share a page.
 */
export function JobFields({ values, errors = {}, idPrefix }: { values: JobForm; errors?: Record<string, string>; idPrefix: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field id={`${idPrefix}-date`} label="Date" error={errors.date}>
        {(props) => <input {...props} name="date" type="date" required defaultValue={values.date} className={INPUT} />}
      </Field>
      <Field id={`${idPrefix}-start`} label="Start Time" error={errors.startTime}>
        {(props) => <input {...props} name="startTime" type="time" required defaultValue={values.startTime} className={INPUT} />}
      </Field>
      <Field id={`${idPrefix}-duration`} label="Duration (minutes)" error={errors.durationMinutes}>
        {(props) => (
          <input
            {...props}
            name="durationMinutes"
            type="number"
            inputMode="numeric"
            min={1}
            max={JOB_DURATION_MAX_MINUTES}
            step={1}
            required
            defaultValue={values.durationMinutes}
            className={INPUT}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-address`} label="Address" error={errors.address} wide>
        {(props) => <input {...props} name="address" type="text" autoComplete="street-address" required maxLength={JOB_ADDRESS_MAX} defaultValue={values.address} className={INPUT} />}
      </Field>
      <Field id={`${idPrefix}-notes`} label="Notes" error={errors.notes} wide>
        {(props) => <textarea {...props} name="notes" rows={3} maxLength={JOB_NOTES_MAX} defaultValue={values.notes} className={INPUT} />}
      </Field>
    </div>
  );
}

interface FieldProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

function Field({ id, label, error, wide, children }: { id: string; label: string; error?: string; wide?: boolean; children: (props: FieldProps) => React.ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div className={wide ? "sm:col-span-3" : undefined}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
