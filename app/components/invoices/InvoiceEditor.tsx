import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { EstimateLines, INPUT } from "~/components/estimates/EstimateLines";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { previewTotals, serviceLine, type ServiceChoice } from "~/lib/estimate-editor";
import { formatTaxRate } from "~/lib/money";
import type { InvoiceValues } from "~/server/invoices/invoice-page.server";
import { Totals } from "./InvoiceTotals";

interface Props {
  invoice: { number: number; taxRateMilliPercent: number; stamp: string };
  values: InvoiceValues;
  services: ServiceChoice[];
  fields: Record<string, string>;
}

/**
 * A draft invoice's editor: the estimate editor's lines (Add Line, Remove,
 * live totals at the invoice's own tax rate), the message, Save and Send
 * Invoice. Without JavaScript, Add Line and Remove post and the server
 * answers the lines as they then are.
 */
export function InvoiceEditor({ invoice, values: stored, services, fields }: Props) {
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const [values, setValues] = useState<InvoiceValues>(stored);
  const [choice, setChoice] = useState("");
  useEffect(() => setValues(stored), [stored, invoice.stamp]);
  const totals = previewTotals(values.lines, invoice.taxRateMilliPercent);
  return (
    <Form method="post" noValidate className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <fieldset disabled={busy} className="min-w-0 space-y-5">
        <legend className="sr-only">Invoice #{invoice.number}</legend>
        <EstimateLines
          lines={values.lines}
          errors={fields}
          hydrated={hydrated}
          onChange={(lines) => setValues((v) => ({ ...v, lines }))}
          onRemove={(i) => setValues((v) => ({ ...v, lines: v.lines.filter((_, j) => j !== i) }))}
        />
        {fields.lines && <p className="text-sm font-medium text-red-600">{fields.lines}</p>}
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
            onClick={hydrated ? () => setValues((v) => ({ ...v, lines: [...v.lines, serviceLine(services, choice)] })) : undefined}
            className={buttonClass("secondary")}
          >
            Add Line
          </button>
        </div>
        <div>
          <label htmlFor="message" className="mb-1.5 block text-sm font-medium text-slate-800">
            Message to Customer
          </label>
          <textarea id="message" name="message" rows={3} value={values.message} onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))} className={INPUT} aria-invalid={fields.message ? true : undefined} />
          {fields.message && <p className="mt-1.5 text-sm font-medium text-red-600">{fields.message}</p>}
        </div>
      </fieldset>
      <Totals rows={[["Subtotal", totals.subtotal], [`Tax (${formatTaxRate(invoice.taxRateMilliPercent)}%)`, totals.tax], ["Total", totals.total, true]]} />
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        <button type="submit" name="intent" value="save" className={buttonClass("secondary")} disabled={busy}>
          Save
        </button>
        <button type="submit" name="intent" value="send" className={buttonClass("primary")} disabled={busy}>
          Send Invoice
        </button>
      </div>
    </Form>
  );
}
