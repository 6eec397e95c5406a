import { atEdge } from "~/server/app-error.server";
import { estimateLink } from "~/server/estimates/estimate-mail.server";
import { estimateFileName, renderEstimatePdf } from "~/server/estimates/estimate-pdf.server";
import { estimateId, getEstimate } from "~/server/estimates/estimates.server";
import { databaseContext } from "~/server/request-context.server";
import { getSettings } from "~/server/settings.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/admin.estimates.$id.pdf";

/** /admin/estimates/{id}/pdf — the owner's look at the PDF the customer gets (a draft too), without marking it viewed. */
export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const estimate = await getEstimate(db, estimateId(params.id));
  const pdf = await renderEstimatePdf(estimate, await getSettings(db), estimateLink(linkOrigin(request), estimate.token));
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${estimateFileName(estimate)}"`, "Cache-Control": "private, no-store" },
  });
});
