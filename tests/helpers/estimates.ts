import type { EstimateForm } from "~/lib/estimate-input";
import type { LeadStatus } from "~/lib/lead-status";
import type { DB } from "~/server/db.server";

let n = 0;

/** A lead to write estimates for. */
export async function insertLead(db: DB, values: { email?: string; status?: LeadStatus } = {}): Promise<number> {
  const i = ++n;
  const row = await db
    .insertInto("quote_requests")
    .values({
      name: `Estimate Customer ${i}`,
      email: values.email ?? `estimate${i}-${process.pid}@example.com`,
      phone: "(616) 555-0188",
      vehicle_type: "SUV",
      message: "Full detail before we sell it.",
      status: values.status ?? "contacted",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The editor's form: `lines` as [description, quantity, unit price]. */
export function estimateForm(lines: [string, string, string][], rest: Partial<EstimateForm> = {}): EstimateForm {
  return {
    description: lines.map((l) => l[0]),
    quantity: lines.map((l) => l[1]),
    unitPrice: lines.map((l) => l[2]),
    serviceId: lines.map(() => ""),
    vehicleId: "",
    durationMinutes: "240",
    validUntil: "2099-12-31",
    message: "Thanks for choosing us!",
    ...rest,
  };
}
