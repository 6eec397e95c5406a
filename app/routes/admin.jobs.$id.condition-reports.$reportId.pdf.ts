import { AppError, atEdge, notFound } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { canReadJob, OWNER_ONLY } from "~/server/auth/permissions.server";
import { storedConditionPdf } from "~/server/jobs/condition-report.server";
import { conditionReportFileName } from "~/server/jobs/condition-report-mail.server";
import { getJob, jobId } from "~/server/jobs/job-records.server";
import { pdfResponse } from "~/server/pdf/priced-document-pdf.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.jobs.$id.condition-reports.$reportId.pdf";

/**
 * /admin/jobs/{id}/condition-reports/{reportId}/pdf — a condition report as
 * the PDF the customer was e-mailed, its bytes as stored (their SHA-256 is
 * the one the job's page shows; docs/decisions/0136). The owner's, and the
 * technician's whose job it is.
 */
export const loader = atEdge(async ({ params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const id = jobId(params.id);
  const job = await getJob(db, id);
  if (!canReadJob(adminUserFrom(context), job.assignedTo)) throw new AppError(403, OWNER_ONLY);
  const reportId = /^\d{1,9}$/.test(params.reportId) ? Number(params.reportId) : 0;
  const stored = await storedConditionPdf(db, id, reportId);
  if (!stored) throw notFound("Condition report not found");
  return pdfResponse({ pdf: stored.pdf, fileName: conditionReportFileName(stored.createdAt) }, "inline");
});
