import { atEdge } from "~/server/app-error.server";
import { invoicePdfFile } from "~/server/invoices/invoice-pdf.server";
import { getInvoice, invoiceId } from "~/server/invoices/invoices.server";
import { databaseContext } from "~/server/request-context.server";
import { pdfResponse } from "~/server/pdf/priced-document-pdf.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/admin.invoices.$id.pdf";

/** /admin/invoices/{id}/pdf — the owner's look at the PDF the customer gets (a draft too). */
export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const invoice = await getInvoice(db, invoiceId(params.id));
  return pdfResponse(await invoicePdfFile(db, invoice, linkOrigin(request)), "inline");
});
