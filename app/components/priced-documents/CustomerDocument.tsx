import { Download } from "lucide-react";
import { focusRing } from "~/components/site/styles";
import { CustomerPageShell } from "~/components/site/CustomerPageShell";
import { LinesTable, Totals } from "./LinesAndTotals";

interface Props {
  /** "Estimate #12" (struck through when void). */
  heading: React.ReactNode;
  /** Under the heading: "For Ann Smith · valid until …". */
  subtitle: React.ReactNode;
  document: {
    message: string;
    lines: { description: string; quantity: number; unitPrice: string; amount: string }[];
    subtotal: string;
    tax: string;
    total: string;
  };
  /** The PDF's address and the name it downloads as. */
  pdf: { href: string; name: string };
  /** The kind's notices before the message (what was decided, booking, void or paid). */
  notices?: React.ReactNode;
  /** The kind's blocks after the totals (payments, Amount Due, how to pay). */
  afterTotals?: React.ReactNode;
  /** The kind's forms after Download PDF (Accept, Decline). */
  children?: React.ReactNode;
}

/**
 * A priced document's page for the customer (docs/decisions/0116): the
 * heading, the kind's notices, the message, the lines and totals, the kind's
 * blocks, Download PDF and the kind's forms. Server-rendered: the customer's
 * pages ship no JavaScript (docs/decisions/0098) and import nothing of the
 * dashboard.
 */
export function CustomerDocument({ heading, subtitle, document, pdf, notices, afterTotals, children }: Props) {
  return (
    <CustomerPageShell width="wide">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">{heading}</h1>
        <p className="mt-1 text-slate-700">{subtitle}</p>
      </div>
      {notices}
      {document.message && <p className="rounded-xl border border-slate-200 bg-white p-4 whitespace-pre-wrap">{document.message}</p>}
      <div className="rounded-xl border border-slate-200 bg-white p-3">
        <LinesTable lines={document.lines} />
        <Totals rows={[["Subtotal", document.subtotal], ["Tax", document.tax], ["Total", document.total, true]]} />
      </div>
      {afterTotals}
      <a href={pdf.href} download={pdf.name} className={`inline-flex items-center gap-2 rounded font-semibold text-brand-700 underline underline-offset-2 ${focusRing}`}>
        <Download aria-hidden className="size-4" />
        Download PDF
      </a>
      {children}
    </CustomerPageShell>
  );
}
