import { customerFileRefusal } from "~/server/customer-pages.server";
import { invoiceForCustomer } from "~/server/invoices/customer-page.server";
import { invoiceLink } from "~/server/invoices/invoice-mail.server";
import { invoiceFileName, renderInvoicePdf } from "~/server/invoices/invoice-pdf.server";
import { invoiceSettings } from "~/server/invoices/invoices.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { getSettings } from "~/server/settings.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/invoices.$token.pdf";

/** /invoices/{token}/pdf — the invoice as a PDF (`Download PDF`), made fresh from what is stored (the payments so far too). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  try {
    const invoice = await invoiceForCustomer(db, params.token, context.get(requestInfoContext).clientIp);
    const { paymentInstructions } = await invoiceSettings(db);
    const pdf = await renderInvoicePdf(invoice, await getSettings(db), paymentInstructions, invoiceLink(linkOrigin(request), invoice.token));
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
        "X-Robots-Tag": "noindex",
      },
    });
  } catch (error) {
    return customerFileRefusal(error);
  }
}
