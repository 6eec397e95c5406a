/** What names a saved vehicle or boat wherever it is shown: "2019 Ford F-150 (Truck, Blue)", or its kind alone when that is all we know. */
export function vehicleLabel(v: { kind: string; make: string; model: string; year: number | null; color: string }): string {
  const title = [v.year, v.make, v.model].filter(Boolean).join(" ");
  const details = [title ? v.kind : "", v.color].filter(Boolean).join(", ");
  return `${title || v.kind}${details ? ` (${details})` : ""}`;
}

/** The refusal of a vehicle that is not one of the customer's (a form's Vehicle field). */
export const NOT_THEIR_VEHICLE = "Vehicle must be one of this customer's vehicles.";

/**
 * A form's Vehicle choice: "" is none (null), else a vehicle's number;
 * anything else is "invalid". Whose vehicle it is, the server checks
 * (checkCustomerVehicle).
 */
export function parseVehicleChoice(value: string | undefined): number | null | "invalid" {
  const text = (value ?? "").trim();
  if (!text) return null;
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : "invalid";
}
