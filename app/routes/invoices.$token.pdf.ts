import { appErrorText, atEdge } from "~/server/app-error.server";
import { invoiceForCustomer } from "~/server/invoices/customer-page.server";
import { invoicePdfFile } from "~/server/invoices/invoice-pdf.server";
import { pdfResponse } from "~/server/pdf/priced-document-pdf.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/invoices.$token.pdf";

/** /invoices/{token}/pdf — the invoice as a PDF (`Download PDF`), made fresh from what is stored (the payments so far too). */
export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const invoice = await invoiceForCustomer(db, params.token, context.get(requestInfoContext).clientIp);
  return pdfResponse(await invoicePdfFile(db, invoice, linkOrigin(request)), "attachment");
}, appErrorText);
