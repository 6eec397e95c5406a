/** The price book page's forms' intents and a refused save, as its action answers it (app/routes/admin.price-book.tsx). */

export type PriceBookIntent = "vehicle-class" | "package" | "add-on" | "surcharges" | "travel-zone" | "remove";

export interface PriceBookFailure {
  intent: PriceBookIntent | "";
  /** The posted form's row id, "" for an add form. */
  id: string;
  error: string;
  fields: Record<string, string>;
  /** What was typed, by input name. */
  values: Record<string, string>;
}

/** A list's refusal for its row `id` ("" for its add form). */
export type FailureFor = (id: number | "") => PriceBookFailure | undefined;

/** The refusal when it is the form of `intent` for row `id` ("" for the add form) that posted, else undefined. */
export function failureFor(failure: PriceBookFailure | undefined, intent: PriceBookIntent, id: number | ""): PriceBookFailure | undefined {
  return failure?.intent === intent && failure.id === String(id) ? failure : undefined;
}

/** An input's value: as typed when its form was refused, else as stored. */
export const shown = (failure: PriceBookFailure | undefined, name: string, stored: string) => failure?.values[name] ?? stored;
