/**
 * What a customer's vehicle is (browser-safe: the customer page's select and
 * the server's check share it; the database's CHECK lists the same). A fixed
 * list rather than free text so "suv", "S.U.V." and "SUV" are one kind to
 * count and filter by; `Other` plus the notes covers the rest (docs/decisions/0090).
 */
export const VEHICLE_KINDS = ["Car", "Truck", "SUV", "Van", "Boat", "RV", "Motorcycle", "Other"] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];
export const isVehicleKind = (value: unknown): value is VehicleKind => VEHICLE_KINDS.includes(value as VehicleKind);

/** The oldest and newest model year a vehicle may have: next year's models are sold already. */
export const OLDEST_YEAR = 1900;
export const newestYear = (now: Date) => now.getUTCFullYear() + 1;
