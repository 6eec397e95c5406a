import { appErrorText, atEdge } from "~/server/app-error.server";
import { estimateForCustomer } from "~/server/estimates/customer-page.server";
import { estimatePdfFile } from "~/server/estimates/estimate-pdf.server";
import { pdfResponse } from "~/server/pdf/priced-document-pdf.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/estimates.$token.pdf";

/** /estimates/{token}/pdf — the estimate as a PDF (`Download PDF`), made fresh from what is stored. */
export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const estimate = await estimateForCustomer(db, params.token, context.get(requestInfoContext).clientIp);
  return pdfResponse(await estimatePdfFile(db, estimate, linkOrigin(request)), "attachment");
}, appErrorText);
