import { useEffect, useState } from "react";
import { DocumentEditor } from "~/components/priced-documents/DocumentEditor";
import type { EditorDiscount, ServiceChoice } from "~/lib/priced-lines";
import type { InvoiceValues } from "~/server/invoices/invoice-page.server";

interface Props {
  invoice: { number: number; taxRateMilliPercent: number; stamp: string };
  values: InvoiceValues;
  /** Its plan discount line, kept as it is (docs/decisions/0155), null without one. */
  discount: EditorDiscount | null;
  services: ServiceChoice[];
  fields: Record<string, string>;
}

/**
 * A draft invoice's editor: the priced document's (lines with Add Line and
 * Remove, the message, live totals at the invoice's own tax rate), Save and
 * Send Invoice.
 */
export function InvoiceEditor({ invoice, values: stored, discount, services, fields }: Props) {
  const [values, setValues] = useState<InvoiceValues>(stored);
  useEffect(() => setValues(stored), [stored, invoice.stamp]);
  return (
    <DocumentEditor
      legend={`Invoice #${invoice.number}`}
      values={values}
      setValues={setValues}
      taxRateMilliPercent={invoice.taxRateMilliPercent}
      discount={discount}
      services={services}
      errors={fields}
      sendLabel="Send Invoice"
    />
  );
}
