import { formatCents, formatTaxRate } from "~/lib/money";
import { isoDay, longDate, renderPricedPdf, type Business } from "../pdf/priced-document-pdf.server";
import type { Estimate } from "./estimates.server";

/**
 * The estimate as a PDF (docs/decisions/0082), drawn by the priced
 * document's maker (../pdf/priced-document-pdf.server.ts) that invoices share.
 */

export { longDate };

export function estimateFileName(estimate: Pick<Estimate, "number">): string {
  return `estimate-${estimate.number}.pdf`;
}

export async function renderEstimatePdf(estimate: Estimate, business: Business, link?: string): Promise<Buffer> {
  const accept = link ? `Accept or decline this estimate online: ${link}` : "To accept this estimate, reply to our e-mail";
  return renderPricedPdf(
    {
      title: `Estimate #${estimate.number}`,
      subject: `Estimate for ${estimate.customer.name}`,
      dates: [`Date: ${longDate(isoDay(estimate.sentAt ?? estimate.createdAt))}`, `Valid until: ${longDate(estimate.validUntil)}`],
      partyLabel: "PREPARED FOR",
      // The saved vehicle it is for, when the owner picked one; else what the request said.
      customer: { ...estimate.customer, vehicleType: estimate.vehicle?.label ?? estimate.customer.vehicleType },
      lines: estimate.lines,
      totals: [
        { label: "Subtotal", value: formatCents(estimate.subtotalCents) },
        { label: `Tax (${formatTaxRate(estimate.taxRateMilliPercent)}%)`, value: formatCents(estimate.taxCents) },
        { label: "Total", value: formatCents(estimate.totalCents), bold: true },
      ],
      sections: estimate.message ? [{ heading: "MESSAGE", text: estimate.message }] : [],
      footer: `${accept}, or call us at ${business.phone}.`,
    },
    business,
  );
}
