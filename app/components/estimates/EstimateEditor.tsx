import { useEffect, useState } from "react";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { DocumentEditor, EditorField } from "~/components/priced-documents/DocumentEditor";
import { DocumentHeading, DoneNote } from "~/components/priced-documents/DocumentHeader";
import { INPUT } from "~/components/priced-documents/PricedLines";
import { buttonClass } from "~/components/ui/button";
import { addLine, removeLine, type EditorValues } from "~/lib/estimate-editor";
import { ESTIMATE_STATUS_TITLES, type EstimateStatus } from "~/lib/estimate-status";
import type { EditorDiscount, ServiceChoice } from "~/lib/priced-lines";

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
  /** The plan discount under the lines (docs/decisions/0155), null without one. */
  discount: EditorDiscount | null;
  services: ServiceChoice[];
  /** The customer's saved vehicles, to say which one the estimate is for. */
  vehicles: { id: number; label: string }[];
  done: "saved" | "sent" | null;
  failure?: EditorFailure;
}

/** The estimate's editor: the priced document's (lines, message, totals) with Duration, Valid Until and the vehicle; Save and Send Estimate, or Copy once decided. */
export function EstimateEditor({ estimate, values: stored, discount, services, vehicles, done, failure }: Props) {
  const [values, setValues] = useState<EditorValues>(failure?.values ?? stored);
  // A new answer from the server (a save, a refusal, a post without JavaScript) replaces what is shown.
  useEffect(() => setValues(failure?.values ?? stored), [failure, estimate.stamp]);
  const errors = failure?.fields ?? {};
  const readOnly = estimate.decided;
  const set = (patch: Partial<EditorValues>) => setValues((v) => ({ ...v, ...patch }));

  return (
    <section aria-labelledby="estimate-heading" className="space-y-4">
      <DocumentHeading id="estimate-heading" title={`Estimate #${estimate.number}`} status={ESTIMATE_STATUS_TITLES[estimate.status]} pdfHref={`/admin/estimates/${estimate.id}/pdf`} />
      <DoneNote message={done && !failure ? (done === "sent" ? `Estimate sent to ${estimate.email}.` : "Estimate saved.") : null} />
      {failure?.error && <ErrorBanner>{failure.error}</ErrorBanner>}
      {readOnly && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          The customer has {estimate.status} this estimate{estimate.declineReason ? ` (“${estimate.declineReason}”)` : ""}, so it can no longer be
          changed. Copy it to a new estimate to make changes.
        </p>
      )}
      <DocumentEditor
        legend={`Estimate #${estimate.number}`}
        values={values}
        setValues={setValues}
        taxRateMilliPercent={estimate.taxRateMilliPercent}
        discount={discount}
        services={services}
        errors={errors}
        readOnly={readOnly}
        addLine={addLine}
        removeLine={removeLine}
        fields={
          <div className="grid gap-4 sm:grid-cols-2">
            <EditorField label="Duration (minutes)" name="durationMinutes" error={errors.durationMinutes}>
              <input id="durationMinutes" name="durationMinutes" inputMode="numeric" value={values.durationMinutes} onChange={(e) => set({ durationMinutes: e.target.value })} className={INPUT} aria-invalid={errors.durationMinutes ? true : undefined} />
            </EditorField>
            <EditorField label="Valid Until" name="validUntil" error={errors.validUntil}>
              <input id="validUntil" name="validUntil" type="date" value={values.validUntil} onChange={(e) => set({ validUntil: e.target.value })} className={INPUT} aria-invalid={errors.validUntil ? true : undefined} />
            </EditorField>
            {(vehicles.length > 0 || values.vehicleId) && (
              <EditorField label="Vehicle" name="vehicleId" error={errors.vehicleId}>
                <select id="vehicleId" name="vehicleId" value={values.vehicleId} onChange={(e) => set({ vehicleId: e.target.value })} className={INPUT} aria-invalid={errors.vehicleId ? true : undefined}>
                  <option value="">Not recorded</option>
                  {vehicles.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.label}
                    </option>
                  ))}
                </select>
              </EditorField>
            )}
          </div>
        }
        sendLabel="Send Estimate"
        actions={
          readOnly
            ? (busy) => (
                <button type="submit" name="intent" value="copy" className={buttonClass("primary")} disabled={busy}>
                  Copy to New Estimate
                </button>
              )
            : undefined
        }
      />
    </section>
  );
}
