import { atEdge } from "~/server/app-error.server";
import { invoiceLink } from "~/server/invoices/invoice-mail.server";
import { invoiceFileName, renderInvoicePdf } from "~/server/invoices/invoice-pdf.server";
import { getInvoice, invoiceId, invoiceSettings } from "~/server/invoices/invoices.server";
import { databaseContext } from "~/server/request-context.server";
import { getSettings } from "~/server/settings.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/admin.invoices.$id.pdf";

/** /admin/invoices/{id}/pdf — the owner's look at the PDF the customer gets (a draft too). */
export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const invoice = await getInvoice(db, invoiceId(params.id));
  const { paymentInstructions } = await invoiceSettings(db);
  const pdf = await renderInvoicePdf(invoice, await getSettings(db), paymentInstructions, invoiceLink(linkOrigin(request), invoice.token));
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${invoiceFileName(invoice)}"`, "Cache-Control": "private, no-store" },
  });
});
