import { z } from "zod";
import { formConstraint, optionalText, trimmed } from "./form-schema";
import { isCalendarDay } from "./time-zone";

/**
 * The schedule's forms for Days Off and Weather Day (docs/decisions/0143,
 * 0144), one zod schema each (docs/decisions/0118). Browser-safe: the page
 * reads their constraints while rendering.
 */

const DATE_MESSAGE = "Date must be a date, like 2026-12-24.";
const date = trimmed(z.string({ error: DATE_MESSAGE }).refine(isCalendarDay, DATE_MESSAGE));

export const REASON_MAX = 200;

/** Add Day Off: the date and, if the owner says, why. */
export const addDayOffSchema = z.object({ day: date, reason: optionalText(REASON_MAX, `Reason can be at most ${REASON_MAX} characters.`) });
export const ADD_DAY_OFF_CONSTRAINT = formConstraint(addDayOffSchema);

/** Remove: the day off's date. */
export const removeDayOffSchema = z.object({ day: date });

/** US Holidays: the checkbox ticked (on) or not. */
export const holidaysSchema = z.object({ holidaysOff: z.literal("on").optional() });

/** Weather Day: the date, and the box that says every job that day is to be cancelled. */
export const weatherDaySchema = z.object({
  day: date,
  confirm: z.literal("yes", { error: "Tick “Yes, cancel every job that day” to declare a Weather Day." }),
});
export const WEATHER_DAY_CONSTRAINT = formConstraint(weatherDaySchema);
