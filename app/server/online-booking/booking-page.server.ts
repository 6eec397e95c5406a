import { bookConstraints } from "~/lib/book-online";
import { tooLongToBookMessage } from "~/lib/book-online-form";
import { durationText } from "~/lib/job-time";
import type { DB } from "../db.server";
import { longerThanADay } from "~/lib/work-days";
import { byDay, overDaysNote } from "../jobs/self-booking.server";
import { loadPriceBook } from "../price-book/price-book.server";
import { bookableTimes } from "./book-online.server";
import { choiceValues, detailsView, priceView, readChoice } from "./booking-choice.server";

/** The fields' constraint attributes, from the steps' schemas once: the page takes them from here, not from zod. */
const CONSTRAINTS = bookConstraints();

/**
 * What /book shows for the address's choice (docs/decisions/0128): the step
 * it has reached, the values as sent, the messages of a step sent wrong, and
 * from the details step on what the price book offers that vehicle; at the
 * last step the price and the times free for it (or why it cannot be booked
 * online), before anything personal is asked.
 */
export async function bookPage(db: DB, query: URLSearchParams, now = new Date()) {
  const book = await loadPriceBook(db);
  const reading = readChoice(book, query);
  const base = {
    values: choiceValues(query),
    constraints: CONSTRAINTS,
    vehicles: book.classes.map((c) => ({ id: c.id, name: c.name, perFoot: c.perFoot })),
  };
  if (reading.step === "vehicle") return { ...base, step: reading.step, errors: reading.errors };
  const details = detailsView(book, reading.vehicle);
  if (reading.step === "details") return { ...base, step: reading.step, details, errors: reading.errors, beyond: reading.beyond };
  const offered = await bookableTimes(db, reading.choice, reading.quote, now);
  const minutes = reading.quote.durationMinutes;
  const booking = offered.blocked
    ? {
        kind: "call" as const,
        why:
          offered.blocked.why === "too_many_days"
            ? tooLongToBookMessage(durationText(minutes), offered.blocked.maxDays)
            : `No time in the next ${offered.blocked.horizonDays} days is free online for this work.`,
      }
    : longerThanADay(minutes, offered.week)
      ? { kind: "choose" as const, days: byDay(offered.times, offered.week, minutes), overDays: overDaysNote(minutes, offered.week) }
      : { kind: "choose" as const, days: byDay(offered.times, null, minutes), overDays: null };
  return { ...base, step: reading.step, details, price: priceView(reading.quote), booking };
}

export type BookPageData = Awaited<ReturnType<typeof bookPage>>;
