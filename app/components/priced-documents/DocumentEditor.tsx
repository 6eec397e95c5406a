import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatTaxRate } from "~/lib/money";
import { previewTotals, serviceLine, type EditorDiscount, type EditorLine, type ServiceChoice } from "~/lib/priced-lines";
import { Totals } from "./LinesAndTotals";
import { INPUT, PricedLines } from "./PricedLines";

/** What every kind's editor holds: the lines and the message, as typed. */
export interface DocumentValues {
  lines: EditorLine[];
  message: string;
}

interface Props<V extends DocumentValues> {
  /** "Estimate #12": the form's name for a screen reader. */
  legend: string;
  values: V;
  setValues: React.Dispatch<React.SetStateAction<V>>;
  taxRateMilliPercent: number;
  /** The plan discount shown under the lines (docs/decisions/0155): not an input, the server makes it. */
  discount?: EditorDiscount | null;
  services: ServiceChoice[];
  errors: Record<string, string>;
  /** Nothing can be changed (a decided estimate). */
  readOnly?: boolean;
  /** Add Line and Remove, when they change more than the lines (an estimate's Duration). */
  addLine?: (values: V, services: readonly ServiceChoice[], serviceId: string) => V;
  removeLine?: (values: V, index: number, services: readonly ServiceChoice[]) => V;
  /** The kind's own fields, between the lines and the message (an estimate's Duration, Valid Until, Vehicle). */
  fields?: React.ReactNode;
  /** "Send Estimate": the button beside Save (each posts its `intent`, save or send). */
  sendLabel: string;
  /** Buttons instead of Save and Send (a decided estimate's Copy). */
  actions?: (busy: boolean) => React.ReactNode;
}

/**
 * A priced document's editor (docs/decisions/0116): one form with the lines,
 * the kind's own fields, Message to Customer, the totals as typed at the
 * document's tax rate, and the kind's buttons. The values live in the kind's
 * editor, which says what Add Line and Remove change besides the lines.
 */
export function DocumentEditor<V extends DocumentValues>(props: Props<V>) {
  const { legend, values, setValues, taxRateMilliPercent, discount = null, services, errors, readOnly = false, fields, sendLabel, actions } = props;
  const { addLine = addServiceLine, removeLine = removeAt } = props;
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const totals = previewTotals(values.lines, taxRateMilliPercent, discount);
  const discountRow: [string, string][] = totals.discount ? [[totals.discount.description, totals.discount.amount]] : [];
  return (
    <Form method="post" noValidate className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <fieldset disabled={readOnly || busy} className="min-w-0 space-y-5">
        <legend className="sr-only">{legend}</legend>
        <PricedLines
          lines={values.lines}
          errors={errors}
          hydrated={hydrated}
          services={services}
          onChange={(lines) => setValues((v) => ({ ...v, lines }))}
          onRemove={(i) => setValues((v) => removeLine(v, i, services))}
          onAdd={(choice) => setValues((v) => addLine(v, services, choice))}
        />
        {fields}
        <EditorField label="Message to Customer" name="message" error={errors.message}>
          <textarea id="message" name="message" rows={3} value={values.message} onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))} className={INPUT} aria-invalid={errors.message ? true : undefined} />
        </EditorField>
      </fieldset>
      <Totals rows={[...discountRow, ["Subtotal", totals.subtotal], [`Tax (${formatTaxRate(taxRateMilliPercent)}%)`, totals.tax], ["Total", totals.total, true]]} />
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        {actions ? (
          actions(busy)
        ) : (
          <>
            <button type="submit" name="intent" value="save" className={buttonClass("secondary")} disabled={busy}>
              Save
            </button>
            <button type="submit" name="intent" value="send" className={buttonClass("primary")} disabled={busy}>
              {sendLabel}
            </button>
          </>
        )}
      </div>
    </Form>
  );
}

const addServiceLine = <V extends DocumentValues>(values: V, services: readonly ServiceChoice[], serviceId: string): V => ({ ...values, lines: [...values.lines, serviceLine(services, serviceId)] });
const removeAt = <V extends DocumentValues>(values: V, index: number): V => ({ ...values, lines: values.lines.filter((_, i) => i !== index) });

/** A labelled input of the editor with its refusal under it. */
export function EditorField({ label, name, error, children }: { label: string; name: string; error?: string; children: React.ReactNode }) {
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
