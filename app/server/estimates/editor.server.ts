import { centsToDollarInput, formatCents } from "~/lib/money";
import type { EditorLine, EditorValues, ServiceChoice } from "~/lib/estimate-editor";
import type { DB } from "../db.server";
import { pricedServices } from "./estimate-lists.server";
import type { Estimate } from "./estimates.server";

/** The editor page's data: the estimate as the inputs show it, and the services to add from. */

export function editorValues(estimate: Estimate): EditorValues {
  return {
    lines: estimate.lines.map((l) => ({
      description: l.description,
      quantity: String(l.quantity),
      unitPrice: centsToDollarInput(l.unitPriceCents),
      serviceId: l.serviceId === null ? "" : String(l.serviceId),
    })),
    durationMinutes: String(estimate.durationMinutes),
    validUntil: estimate.validUntil,
    message: estimate.message,
    vehicleId: estimate.vehicle ? String(estimate.vehicle.id) : "",
  };
}

/** What the editor's form posted: its repeated line fields in order, and the rest. */
export function postedValues(form: FormData): EditorValues {
  const all = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
  const one = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const description = all("description");
  const quantity = all("quantity");
  const unitPrice = all("unitPrice");
  const serviceId = all("serviceId");
  const lines: EditorLine[] = description.map((d, i) => ({ description: d, quantity: quantity[i] ?? "", unitPrice: unitPrice[i] ?? "", serviceId: serviceId[i] ?? "" }));
  return { lines, durationMinutes: one("durationMinutes"), validUntil: one("validUntil"), message: one("message"), vehicleId: one("vehicleId") };
}

export async function serviceChoices(db: DB): Promise<ServiceChoice[]> {
  return (await pricedServices(db)).map((s) => ({ ...s, price: formatCents(s.priceCents) }));
}
