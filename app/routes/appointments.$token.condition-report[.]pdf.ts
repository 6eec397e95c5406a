import { appErrorText, atEdge, notFound } from "~/server/app-error.server";
import { jobForCustomer } from "~/server/jobs/appointment-page.server";
import { storedConditionPdf } from "~/server/jobs/condition-report.server";
import { conditionReportFileName } from "~/server/jobs/condition-report-mail.server";
import { pdfResponse } from "~/server/pdf/priced-document-pdf.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/appointments.$token.condition-report[.]pdf";

/**
 * /appointments/{token}/condition-report.pdf — the customer's newest
 * condition report, the PDF as it was e-mailed to them (its bytes as stored,
 * docs/decisions/0136), by the appointment's unguessable link; never indexed.
 */
export const loader = atEdge(async ({ params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const job = await jobForCustomer(db, params.token, context.get(requestInfoContext).clientIp);
  const stored = await storedConditionPdf(db, job.id, null);
  if (!stored) throw notFound("There is no condition report for this appointment.");
  return pdfResponse({ pdf: stored.pdf, fileName: conditionReportFileName(stored.createdAt) }, "attachment");
}, appErrorText);
