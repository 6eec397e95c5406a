import { customerFileRefusal } from "~/server/customer-pages.server";
import { estimateForCustomer } from "~/server/estimates/customer-page.server";
import { estimateLink } from "~/server/estimates/estimate-mail.server";
import { estimateFileName, renderEstimatePdf } from "~/server/estimates/estimate-pdf.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { getSettings } from "~/server/settings.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/estimates.$token.pdf";

/** /estimates/{token}/pdf — the estimate as a PDF (`Download PDF`), made fresh from what is stored. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  try {
    const estimate = await estimateForCustomer(db, params.token, context.get(requestInfoContext).clientIp);
    const pdf = await renderEstimatePdf(estimate, await getSettings(db), estimateLink(linkOrigin(request), estimate.token));
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${estimateFileName(estimate)}"`,
        "X-Robots-Tag": "noindex",
      },
    });
  } catch (error) {
    return customerFileRefusal(error);
  }
}
