import { dayIn } from "~/lib/time-zone";
import { env } from "./env.server";

/**
 * The server's side of the time-zone module (app/lib/time-zone.ts): the
 * business's own clock, BUSINESS_TIME_ZONE, which only the server reads.
 */

/** Today, YYYY-MM-DD, on the business's wall clock (not the server's TZ). */
export const businessToday = (now = new Date()) => dayIn(now, env().BUSINESS_TIME_ZONE);
