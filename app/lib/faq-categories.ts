/**
 * The FAQ's categories in the order the home page shows them. An FAQ row whose
 * category is not listed here is shown after these, under its own heading.
 */
export const FAQ_CATEGORIES = [
  "General Questions",
  "Car Detailing",
  "Boat Detailing",
  "Pricing & Scheduling",
  "Aftercare",
] as const;

export type FaqCategory = (typeof FAQ_CATEGORIES)[number];
