import type { JobForm } from "~/lib/job-input";
import { JOB_CONSTRAINT } from "~/lib/job-input";
import type { SavedDetails } from "~/server/customers/saved-details.server";

const INPUT =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 aria-invalid:border-red-500";

/**
 * The fields of Schedule Job and Reschedule: Date, Start Time, Duration
 * (minutes), Address, Notes, and Vehicle when the customer has saved ones.
 * `values` is what to show (stored, or as posted when refused); `errors` puts
 * each refusal under its field; `saved` offers a returning customer's earlier
 * addresses (the browser's own suggestion list, no script needed) and their
 * vehicles. `idPrefix` keeps ids unique when two forms share a page. What is
 * required and the limits come from the form's schema (JOB_CONSTRAINT).
 */
export function JobFields({ values, errors = {}, idPrefix, saved }: { values: JobForm; errors?: Record<string, string>; idPrefix: string; saved: SavedDetails }) {
  const addressesId = `${idPrefix}-saved-addresses`;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field id={`${idPrefix}-date`} label="Date" error={errors.date}>
        {(props) => <input {...props} name="date" type="date" {...JOB_CONSTRAINT.date} defaultValue={values.date} className={INPUT} />}
      </Field>
      <Field id={`${idPrefix}-start`} label="Start Time" error={errors.startTime}>
        {(props) => <input {...props} name="startTime" type="time" {...JOB_CONSTRAINT.startTime} defaultValue={values.startTime} className={INPUT} />}
      </Field>
      <Field id={`${idPrefix}-duration`} label="Duration (minutes)" error={errors.durationMinutes}>
        {(props) => (
          <input
            {...props}
            name="durationMinutes"
            type="number"
            inputMode="numeric"
            step={1}
            {...JOB_CONSTRAINT.durationMinutes}
            defaultValue={values.durationMinutes}
            className={INPUT}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-address`} label="Address" error={errors.address} hint={saved.addresses.length ? "This customer's earlier addresses are in the field's list." : undefined} wide>
        {(props) => (
          <input
            {...props}
            name="address"
            type="text"
            autoComplete="street-address"
            list={saved.addresses.length ? addressesId : undefined}
            {...JOB_CONSTRAINT.address}
            defaultValue={values.address}
            className={INPUT}
          />
        )}
      </Field>
      {saved.addresses.length > 0 && (
        <datalist id={addressesId}>
          {saved.addresses.map((address) => (
            <option key={address} value={address} />
          ))}
        </datalist>
      )}
      {(saved.vehicles.length > 0 || values.vehicleId) && (
        <Field id={`${idPrefix}-vehicle`} label="Vehicle" error={errors.vehicleId} wide>
          {(props) => (
            <select {...props} name="vehicleId" defaultValue={values.vehicleId} className={INPUT}>
              <option value="">Not recorded</option>
              {saved.vehicles.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field id={`${idPrefix}-notes`} label="Notes" error={errors.notes} wide>
        {(props) => <textarea {...props} name="notes" rows={3} {...JOB_CONSTRAINT.notes} defaultValue={values.notes} className={INPUT} />}
      </Field>
    </div>
  );
}

interface FieldProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export function Field(props: { id: string; label: string; error?: string; hint?: string; wide?: boolean; children: (props: FieldProps) => React.ReactNode }) {
  const { id, label, error, hint, wide, children } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={wide ? "sm:col-span-3" : undefined}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
