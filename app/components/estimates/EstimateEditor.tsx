import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { addLine, previewTotals, removeLine, type EditorValues, type ServiceChoice } from "~/lib/estimate-editor";
import { ESTIMATE_STATUS_TITLES, type EstimateStatus } from "~/lib/estimate-status";
import { formatTaxRate } from "~/lib/money";
import { EstimateLines, INPUT } from "./EstimateLines";

/** What the editor's action answers when it does not redirect: the lines as they now are, and why a save was refused. */
export interface EditorFailure {
  error?: string;
  fields?: Record<string, string>;
  values: EditorValues;
}

interface Props {
  estimate: {
    id: number;
    number: number;
    status: EstimateStatus;
    decided: boolean;
    email: string;
    taxRateMilliPercent: number;
    declineReason: string;
    stamp: string;
  };
  values: EditorValues;
  services: ServiceChoice[];
  /** The customer's saved vehicles, to say which one the estimate is for. */
  vehicles: { id: number; label: string }[];
  done: "saved" | "sent" | null;
  failure?: EditorFailure;
}

/** The editor: lines, duration, Valid Until, the vehicle, message, the totals, Save and Send Estimate. */
export function EstimateEditor({ estimate, values: stored, services, vehicles, done, failure }: Props) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [values, setValues] = useState<EditorValues>(failure?.values ?? stored);
  const [choice, setChoice] = useState("");
  // A new answer from the server (a save, a refusal, a post without JavaScript) replaces what is shown.
  useEffect(() => setValues(failure?.values ?? stored), [failure, estimate.stamp]);
  const totals = previewTotals(values.lines, estimate.taxRateMilliPercent);
  const errors = failure?.fields ?? {};
  const readOnly = estimate.decided;
  const set = (patch: Partial<EditorValues>) => setValues((v) => ({ ...v, ...patch }));

  return (
    <section aria-labelledby="estimate-heading" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="estimate-heading" className="text-2xl font-semibold text-slate-900">
          Estimate #{estimate.number}
        </h2>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700">{ESTIMATE_STATUS_TITLES[estimate.status]}</span>
        <a href={`/admin/estimates/${estimate.id}/pdf`} className="text-sm font-semibold text-brand-700 hover:underline">
          View PDF
        </a>
      </div>
      <div role="status">
        {done && !failure && (
          <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
            <CheckCircle2 aria-hidden className="size-4" />
            {done === "sent" ? `Estimate sent to ${estimate.email}.` : "Estimate saved."}
          </p>
        )}
      </div>
      {failure?.error && <ErrorBanner>{failure.error}</ErrorBanner>}
      {readOnly && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          The customer has {estimate.status} this estimate{estimate.declineReason ? ` (“${estimate.declineReason}”)` : ""}, so it can no longer be
          changed. Copy it to a new estimate to make changes.
        </p>
      )}
      <Form method="post" noValidate className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <fieldset disabled={readOnly || busy} className="min-w-0 space-y-5">
          <legend className="sr-only">Estimate #{estimate.number}</legend>
          <EstimateLines
            lines={values.lines}
            errors={errors}
            hydrated={hydrated}
            onChange={(lines) => set({ lines })}
            onRemove={(i) => setValues((v) => removeLine(v, i, services))}
          />
          {errors.lines && <p className="text-sm font-medium text-red-600">{errors.lines}</p>}
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="add-service" className="mb-1.5 block text-sm font-medium text-slate-800">
                Add a service
              </label>
              <select id="add-service" name="addService" value={choice} onChange={(e) => setChoice(e.target.value)} className={INPUT}>
                <option value="">An empty line</option>
                {services.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title} ({s.price})
                  </option>
                ))}
              </select>
            </div>
            <button
              type={hydrated ? "button" : "submit"}
              name="intent"
              value="add"
              onClick={hydrated ? () => setValues((v) => addLine(v, services, choice)) : undefined}
              className={buttonClass("secondary")}
            >
              Add Line
            </button>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Duration (minutes)" name="durationMinutes" error={errors.durationMinutes}>
              <input id="durationMinutes" name="durationMinutes" inputMode="numeric" value={values.durationMinutes} onChange={(e) => set({ durationMinutes: e.target.value })} className={INPUT} aria-invalid={errors.durationMinutes ? true : undefined} />
            </Field>
            <Field label="Valid Until" name="validUntil" error={errors.validUntil}>
              <input id="validUntil" name="validUntil" type="date" value={values.validUntil} onChange={(e) => set({ validUntil: e.target.value })} className={INPUT} aria-invalid={errors.validUntil ? true : undefined} />
            </Field>
            {(vehicles.length > 0 || values.vehicleId) && (
              <Field label="Vehicle" name="vehicleId" error={errors.vehicleId}>
                <select id="vehicleId" name="vehicleId" value={values.vehicleId} onChange={(e) => set({ vehicleId: e.target.value })} className={INPUT} aria-invalid={errors.vehicleId ? true : undefined}>
                  <option value="">Not recorded</option>
                  {vehicles.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.label}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          </div>
          <Field label="Message to Customer" name="message" error={errors.message}>
            <textarea id="message" name="message" rows={3} value={values.message} onChange={(e) => set({ message: e.target.value })} className={INPUT} />
          </Field>
        </fieldset>
        <dl aria-label="Totals" className="ml-auto max-w-xs space-y-1 border-t border-slate-200 pt-4 text-sm">
          <Total label="Subtotal" value={totals.subtotal} />
          <Total label={`Tax (${formatTaxRate(estimate.taxRateMilliPercent)}%)`} value={totals.tax} />
          <Total label="Total" value={totals.total} strong />
        </dl>
        <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
          {readOnly ? (
            <button type="submit" name="intent" value="copy" className={buttonClass("primary")} disabled={busy}>
              Copy to New Estimate
            </button>
          ) : (
            <>
              <button type="submit" name="intent" value="save" className={buttonClass("secondary")} disabled={busy}>
                Save
              </button>
              <button type="submit" name="intent" value="send" className={buttonClass("primary")} disabled={busy}>
                Send Estimate
              </button>
            </>
          )}
        </div>
      </Form>
    </section>
  );
}

function Field({ label, name, error, children }: { label: string; name: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={name} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {error && <p className="mt-1.5 text-sm font-medium text-red-600">{error}</p>}
    </div>
  );
}

function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-6 ${strong ? "text-base font-bold text-slate-900" : "text-slate-700"}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-total={label.split(" ")[0]}>
        {value}
      </dd>
    </div>
  );
}
