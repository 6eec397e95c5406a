import { useEffect, useState } from "react";
import { DocumentEditor } from "~/components/priced-documents/DocumentEditor";
import type { ServiceChoice } from "~/lib/priced-lines";
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
      values={values}
      setValues={setValues}
      taxRateMilliPercent={invoice.taxRateMilliPercent}
      services={services}
      errors={fields}
      sendLabel="Send Invoice"
    />
  );
}
