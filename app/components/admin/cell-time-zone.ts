import { createContext, useContext } from "react";

/**
 * The business's time zone (BUSINESS_TIME_ZONE) for the table pages' cells
 * (cell-format.ts): the page's loader sends it and the page provides it
 * around its grid, so every cell formats with the zone it was given.
 */
export const CellTimeZone = createContext<string | null>(null);

export function useCellTimeZone(): string {
  const timeZone = useContext(CellTimeZone);
  // A page that shows cells without saying whose clock is a bug, not a guess.
  if (timeZone === null) throw new Error("CellTimeZone is not provided: the table page gives its loader's timeZone");
  return timeZone;
}
