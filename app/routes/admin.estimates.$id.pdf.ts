import { atEdge } from "~/server/app-error.server";
import { estimatePdfFile } from "~/server/estimates/estimate-pdf.server";
import { estimateId, getEstimate } from "~/server/estimates/estimates.server";
import { databaseContext } from "~/server/request-context.server";
import { pdfResponse } from "~/server/pdf/priced-document-pdf.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/admin.estimates.$id.pdf";

/** /admin/estimates/{id}/pdf — the owner's look at the PDF the customer gets (a draft too), without marking it viewed. */
export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const estimate = await getEstimate(db, estimateId(params.id));
  return pdfResponse(await estimatePdfFile(db, estimate, linkOrigin(request)), "inline");
});
