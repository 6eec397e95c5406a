import { longDate } from "~/lib/time-zone";
import type { DB } from "../db.server";
import { pricedBasics, renderPricedPdf, type Business, type PdfFile } from "../pdf/priced-document-pdf.server";
import { documentLink } from "../priced-documents/document-mail.server";
import { getSettings } from "../settings.server";
import type { Estimate } from "./estimates.server";

/**
 * The estimate as a PDF (docs/decisions/0082), drawn by the priced
 * document's maker (../pdf/priced-document-pdf.server.ts) that invoices share.
 */

export function estimateFileName(estimate: Pick<Estimate, "number">): string {
  return `estimate-${estimate.number}.pdf`;
}

export async function renderEstimatePdf(estimate: Estimate, business: Business, link?: string): Promise<Buffer> {
  const accept = link ? `Accept or decline this estimate online: ${link}` : "To accept this estimate, reply to our e-mail";
  const { date, ...basics } = pricedBasics("Estimate", estimate);
  return renderPricedPdf(
    {
      ...basics,
      dates: [date, `Valid until: ${longDate(estimate.validUntil)}`],
      partyLabel: "PREPARED FOR",
      // The saved vehicle it is for, when the owner picked one; else what the request said.
      customer: { ...estimate.customer, vehicleType: estimate.vehicle?.label ?? estimate.customer.vehicleType },
      lines: estimate.lines,
      sections: estimate.message ? [{ heading: "MESSAGE", text: estimate.message }] : [],
      footer: `${accept}, or call us at ${business.phone}.`,
    },
    business,
  );
}

/** The PDF as the customer gets it, its link made from `origin`. */
export async function estimatePdfFile(db: DB, estimate: Estimate, origin: string | undefined): Promise<PdfFile> {
  return { pdf: await renderEstimatePdf(estimate, await getSettings(db), documentLink("estimates", origin, estimate.token)), fileName: estimateFileName(estimate) };
}
