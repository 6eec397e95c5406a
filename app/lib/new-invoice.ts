import { z } from "zod";
import { lookupId } from "./form-schema";

/**
 * Create Invoice's post (POST /admin/invoices/new), one zod schema
 * (docs/decisions/0118): from a job (`job_id`, `another=yes` for Create
 * Another Invoice) or else from a lead (`lead_id`).
 */
export const newInvoiceSchema = z
  .object({ job_id: lookupId, lead_id: lookupId, another: z.string().optional() })
  .refine((post) => post.job_id > 0 || post.lead_id > 0, "job_id or lead_id must be the id of a job or a lead")
  .transform((post): { jobId: number; another: boolean } | { leadId: number } => (post.job_id ? { jobId: post.job_id, another: post.another === "yes" } : { leadId: post.lead_id }));
