import { boatFeetSchema, detailsStepSchema, vehicleStepSchema } from "~/lib/book-online";
import {
  BOOK_MESSAGES,
  CHANGE_PARAM,
  DETAIL_FIELDS,
  VEHICLE_FIELDS,
  type BeyondView,
  type ChoiceValues,
  type FieldErrors,
  type LivePrice,
  type PriceView,
} from "~/lib/book-online-form";
import { durationText } from "~/lib/job-time";
import { formatCents } from "~/lib/money";
import { BOAT_FEET_MESSAGE, CONDITION_TITLES, CONDITIONS, type PriceBook, type VehicleClass } from "~/lib/price-book";
import { AppError } from "../app-error.server";
import { checkForm } from "../form-action.server";
import { linesView } from "../priced-documents/document-views.server";
import { packageLine, quotePrice, type PriceChoice, type PriceQuote } from "../price-book/quote-price.server";

/**
 * A visitor's choice on /book (docs/decisions/0128), read from the query
 * string: the choosing steps are GET forms, so the address is the state (the
 * back button works, a reload asks nothing again), and the page, its live
 * price and the booking's POST read the same fields through the same
 * schemas. The price is the price book's (quotePrice), never the page's.
 */

export interface ChosenVehicle {
  vehicleClass: VehicleClass;
  /** A boat's length, for a class priced per foot; else null. */
  feet: number | null;
}

export type PricedQuote = Extract<PriceQuote, { ok: true }>;

/**
 * How far the choice has come: the step to show, with the messages of the
 * fields its form sent wrong. A step's messages appear only once its form has
 * been sent (one of its fields is in the query); `?change=` shows a step's form
 * again, filled in.
 */
export type ChoiceReading =
  | { step: "vehicle"; errors: FieldErrors }
  | { step: "details"; vehicle: ChosenVehicle; errors: FieldErrors; beyond: BeyondView | null }
  | { step: "time"; vehicle: ChosenVehicle; choice: PriceChoice; quote: PricedQuote };

export function readChoice(book: PriceBook, query: URLSearchParams): ChoiceReading {
  const change = query.get(CHANGE_PARAM);
  const sent = (fields: readonly string[]) => fields.some((field) => query.has(field));
  if (change === "vehicle" || !sent(VEHICLE_FIELDS)) return { step: "vehicle", errors: {} };
  const first = checkForm(query, vehicleStepSchema);
  if (!first.ok) return { step: "vehicle", errors: fieldErrors(first.errors) };
  const vehicleClass = book.classes.find((c) => c.id === first.value.vehicle);
  if (!vehicleClass) return { step: "vehicle", errors: { vehicle: BOOK_MESSAGES.vehicle } };
  let feet: number | null = null;
  if (vehicleClass.perFoot) {
    const length = boatFeetSchema.safeParse(first.value.boatFeet);
    if (!length.success) return { step: "vehicle", errors: { boatFeet: BOAT_FEET_MESSAGE } };
    feet = length.data;
  }
  const vehicle: ChosenVehicle = { vehicleClass, feet };

  if (change === "details" || !sent(DETAIL_FIELDS)) return { step: "details", vehicle, errors: {}, beyond: null };
  const details = checkForm(query, detailsStepSchema);
  if (!details.ok) return { step: "details", vehicle, errors: fieldErrors(details.errors), beyond: null };
  const { package: packageId, addOns, condition, zip } = details.value;
  const choice: PriceChoice = { vehicleClassId: vehicleClass.id, boatFeet: vehicle.feet, packageId, addOnIds: addOns, condition, zip };
  let quote: PriceQuote;
  try {
    quote = quotePrice(book, choice);
  } catch (error) {
    // A package the vehicle is not offered, an add-on or a ZIP Code the book does not know: on its field.
    if (error instanceof AppError && error.status === 400 && error.fields) return { step: "details", vehicle, errors: fieldErrors(error.fields), beyond: null };
    throw error;
  }
  if (!quote.ok) return { step: "details", vehicle, errors: {}, beyond: { zip, miles: quote.miles, radiusMiles: quote.radiusMiles } };
  return { step: "time", vehicle, choice, quote };
}

/** An array's messages ("addOns[1]", "addOns.1") are the field's own: the page shows one per field. */
function fieldErrors(errors: Record<string, string>): FieldErrors {
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) fields[key.replace(/[.[].*$/, "")] ??= message;
  return fields;
}

/** The live price of the details form's current choice (BOOK_PRICE_PATH): what the page shows beside the form. */
export function livePrice(book: PriceBook, query: URLSearchParams): LivePrice {
  // The details form's choice as it stands, whatever `change` the page's address had.
  const asked = new URLSearchParams(query);
  asked.delete(CHANGE_PARAM);
  const reading = readChoice(book, asked);
  if (reading.step === "time") return { state: "priced", price: priceView(reading.quote) };
  if (reading.step === "details" && reading.beyond) return { state: "beyond", beyond: reading.beyond };
  return { state: "open", errors: reading.errors };
}

/** The choice's fields as the visitor sent them, for the forms to show again (cut short: they are only shown). */
export function choiceValues(query: URLSearchParams): ChoiceValues {
  const text = (name: string) => (query.get(name) ?? "").slice(0, 40);
  return {
    vehicle: text("vehicle"),
    boatFeet: text("boatFeet"),
    package: text("package"),
    addOns: query.getAll("addOns").slice(0, 50).map((id) => id.slice(0, 12)),
    condition: text("condition"),
    zip: text("zip"),
  };
}

/** A price as the page shows it, formatted here: the lines (package, add-ons, condition, travel), the totals and the time it takes. */
export function priceView(quote: PricedQuote): PriceView {
  const view = linesView(quote);
  return {
    lines: view.lines.map((l) => ({ description: l.description, amount: l.amount })),
    subtotal: view.subtotal,
    tax: quote.taxCents ? view.tax : "",
    total: view.total,
    duration: durationText(quote.durationMinutes),
  };
}

/** The choices the details step offers for the vehicle: each package it is offered with that vehicle's price (for a boat, at its length), add-ons, conditions. */
export function detailsView(book: PriceBook, vehicle: ChosenVehicle) {
  const { vehicleClass, feet } = vehicle;
  return {
    vehicle: { id: vehicleClass.id, name: vehicleClass.name, feet },
    packages: book.packages.flatMap((pack) => {
      const price = pack.prices.find((p) => p.vehicleClassId === vehicleClass.id);
      if (!price) return [];
      const { line, minutes } = packageLine(vehicleClass, pack, price, feet);
      return [{ id: pack.id, name: pack.name, description: pack.description, price: formatCents(line.quantity * line.unitPriceCents), duration: durationText(minutes) }];
    }),
    addOns: book.addOns.map((a) => ({ id: a.id, name: a.name, price: formatCents(a.priceCents), duration: durationText(a.durationMinutes) })),
    conditions: CONDITIONS.map((level) => ({ level, title: CONDITION_TITLES[level], percent: book.surcharges[level] })),
  };
}
export type DetailsView = ReturnType<typeof detailsView>;
