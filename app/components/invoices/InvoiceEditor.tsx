import { useEffect, useState } from "react";
import { DocumentEditor } from "~/components/priced-documents/DocumentEditor";
import { serviceLine, type ServiceChoice } from "~/lib/priced-lines";
import type { InvoiceValues } from "~/server/invoices/invoice-page.server";

interface Props {
  invoice: { number: number; taxRateMilliPercent: number; stamp: string };
  values: InvoiceValues;
  services: ServiceChoice[];
  fields: Record<string, string>;
}

/**
 * A draft invoice's editor: the priced document's (lines with Add Line and
 * Remove, the message, live totals at the invoice's own tax rate), Save and
 * Send Invoice.
 */
export function InvoiceEditor({ invoice, values: stored, services, fields }: Props) {
  const [values, setValues] = useState<InvoiceValues>(stored);
  useEffect(() => setValues(stored), [stored, invoice.stamp]);
  return (
    <DocumentEditor
      legend={`Invoice #${invoice.number}`}
      lines={values.lines}
      message={values.message}
      taxRateMilliPercent={invoice.taxRateMilliPercent}
      services={services}
      errors={fields}
      onLines={(lines) => setValues((v) => ({ ...v, lines }))}
      onRemove={(i) => setValues((v) => ({ ...v, lines: v.lines.filter((_, j) => j !== i) }))}
      onAdd={(choice) => setValues((v) => ({ ...v, lines: [...v.lines, serviceLine(services, choice)] }))}
      onMessage={(message) => setValues((v) => ({ ...v, message }))}
      sendLabel="Send Invoice"
    />
  );
}
