import { bookContactSchema, type BookContact } from "~/lib/book-online";
import { beyondMessage, tooLongToBookMessage, type FieldErrors } from "~/lib/book-online-form";
import { depositFor } from "~/lib/deposits";
import { totals } from "~/lib/money";
import { withPlanDiscount } from "~/lib/priced-lines";
import { durationText } from "~/lib/job-time";
import { BOOKING_DAYS_MAX, workDaysNeeded } from "~/lib/work-days";
import { dayIn, timeIn } from "~/lib/time-zone";
import { asActor } from "../actor.server";
import { kickOutbox } from "../background.server";
import { limitCustomer } from "../customer-pages.server";
import { matchCustomer } from "../customers/matching.server";
import { quoteVehicle, saveQuoteVehicle } from "../customers/quote-vehicle.server";
import type { WorkOrigin } from "../customers/work-origin.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { createAcceptedEstimate } from "../estimates/estimates.server";
import { copyChecklist } from "../field-work/checklist.server";
import { checkForm } from "../form-action.server";
import { scheduleJob } from "../jobs/job-booking.server";
import { CUSTOMER_REACH, freeWorkersAt } from "../jobs/free-times.server";
import { JobOverlapError } from "../jobs/job-placement.server";
import { lockCustomerBookings } from "../jobs/weather-day.server";
import { onlineTimes, TIME_TAKEN_MESSAGE, type OnlineTimes } from "../jobs/self-booking.server";
import { withPhoneRule } from "../phone.server";
import { planDiscountFor } from "../plans/plan-discount.server";
import { getDepositPolicy, getWorkWeek } from "../settings.server";
import { loadPriceBook } from "../price-book/price-book.server";
import type { PriceChoice } from "../price-book/quote-price.server";
import type { Limit } from "../rate-limit.server";
import { readChoice, type PricedQuote } from "./booking-choice.server";

/**
 * Book This Time on /book (ui-contract.md "Book online", docs/decisions/0128):
 * the visitor's choice priced again from the price book now (never a price
 * the page sent), the time checked against the times the page offers now,
 * then ONE transaction makes (or matches) the customer, their vehicle, an
 * accepted estimate of the priced lines (with their plan's discount when the
 * customer matched has one, docs/decisions/0155) and the job. The job goes through
 * scheduleJob, the one way jobs are booked, so the exclusion constraint
 * decides between two visitors choosing one time; the other's transaction
 * leaves nothing behind and their page shows the times left. scheduleJob
 * queues the customer's `Appointment confirmed:` (invite and lines) and the
 * owner's `New booking:` in the same transaction: sent once, or not at all.
 * The job gets its own copy of the package's checklist there too.
 */

/** Per client address, like the quote form (docs/decisions/0021): bookings that passed the form's checks. */
export const BOOK_ONLINE_LIMITS: Limit[] = [
  { bucket: "book-online:ip", max: 5, windowMs: 10 * 60_000 },
  { bucket: "book-online:ip:day", max: 20, windowMs: 24 * 3600_000 },
];

/** The form's schema with the whole phone rule, as the quote form's server side has it (docs/decisions/0108). */
export const serverBookContactSchema = bookContactSchema.extend({ phone: withPhoneRule(bookContactSchema.shape.phone) });

export type BookOutcome =
  | { booked: true; appointmentToken: string }
  | { booked: false; status: 400 | 409; errors: FieldErrors };

const refused = (status: 400 | 409, errors: FieldErrors): BookOutcome => ({ booked: false, status, errors });

/**
 * The times the choice can be booked at now, or why none. The one place book
 * online asks for free times: the page offers these, and a booking must be
 * one of them. Reckoned from the choice's ZIP Code: the drive to and from
 * the jobs around each time (docs/decisions/0130).
 */
export function bookableTimes(db: DB, choice: PriceChoice, quote: PricedQuote, now: Date): Promise<OnlineTimes> {
  return onlineTimes(db, quote.durationMinutes, now, choice.zip);
}

export async function bookOnline(
  db: DB,
  query: URLSearchParams,
  form: FormData,
  { origin, clientIp, now = new Date() }: { origin: string | undefined; clientIp: string; now?: Date },
): Promise<BookOutcome> {
  const book = await loadPriceBook(db);
  const reading = readChoice(book, query);
  // The choice itself is wrong (a page left open while the owner changed the book, or a forged address): its step shows why.
  if (reading.step !== "time") return refused(400, reading.step === "details" && reading.beyond ? { zip: beyondMessage(reading.beyond) } : reading.errors);
  const contact = checkForm(form, serverBookContactSchema);
  if (!contact.ok) return refused(400, contact.errors);
  const address = withZip(contact.value.address, reading.choice.zip);
  if (!address.ok) return refused(400, { address: address.error });

  await limitCustomer(db, BOOK_ONLINE_LIMITS, clientIp);
  const { quote, choice, vehicle } = reading;
  // More working days than a booking online takes: the page said so, and a post says it again.
  if (workDaysNeeded(quote.durationMinutes, await getWorkWeek(db)) > BOOKING_DAYS_MAX) {
    return refused(409, { start: tooLongToBookMessage(durationText(quote.durationMinutes), BOOKING_DAYS_MAX) });
  }
  const start = contact.value.start;
  // Only a time the page offers now (the same free times, read once, per person), and only to the people free then with the road to and from their other jobs.
  const place = { zip: choice.zip, overDays: true };
  const people = await freeWorkersAt(db, start, quote.durationMinutes, now, CUSTOMER_REACH, place);
  if (!people.length) return refused(409, { start: TIME_TAKEN_MESSAGE });

  const actor = `${contact.value.name} (customer, online booking)`;
  const zone = env().BUSINESS_TIME_ZONE;
  try {
    const job = await asActor(db, actor, async (trx) => {
      // The customers' booking lock first, as a Weather Day and a rebooking take it, before any write here takes the
      // report summaries' customer lock (docs/decisions/0157): the other order could wait crosswise with a Weather Day.
      await lockCustomerBookings(trx);
      // Found or made under match_customer's lock (docs/decisions/0090), as the quote form does.
      const customerId = await matchCustomer(trx, contact.value);
      const vehicleId = await saveQuoteVehicle(trx, customerId, vehicleWords(vehicle.vehicleClass.name), now);
      const from: WorkOrigin = { customerId, leadId: null, source: "online_booking" };
      // The customer is known only now: their plan's discount on the work, never on travel (docs/decisions/0155).
      const lines = withPlanDiscount(quote.lines, await planDiscountFor(trx, customerId), (_, i) => i < quote.workLines);
      const estimateId = await createAcceptedEstimate(trx, from, actor, {
        lines,
        durationMinutes: quote.durationMinutes,
        taxMilliPercent: book.taxMilliPercent,
        vehicleId,
      });
      const booked = await scheduleJob(trx, {
        from,
        estimateId,
        input: { date: dayIn(start, zone), startTime: timeIn(start, zone), durationMinutes: quote.durationMinutes, address: address.value, notes: "", vehicleId },
        actor,
        origin,
        onePerEstimate: true,
        tellOwner: true,
        people,
        stillFree: (trx) => freeWorkersAt(trx, start, quote.durationMinutes, now, CUSTOMER_REACH, place),
        overDays: true,
        // Above the owner's amount, the booking is held until a deposit is recorded (docs/decisions/0132).
        depositCents: depositFor(await getDepositPolicy(trx), totals(lines, book.taxMilliPercent).totalCents),
      });
      // The job's own copy of its package's steps, as the book has them now (docs/decisions/0138).
      await copyChecklist(trx, booked.id, book.packages.find((p) => p.id === choice.packageId)?.checklist ?? []);
      return booked;
    });
    kickOutbox(db);
    return { booked: true, appointmentToken: job.token };
  } catch (error) {
    // Another visitor's booking took the time (or its travel buffer) first: nothing of this one was stored.
    if (error instanceof JobOverlapError) return refused(409, { start: TIME_TAKEN_MESSAGE });
    throw error;
  }
}

/**
 * The vehicle's words for the customer's vehicle list (saveQuoteVehicle): the
 * kind the class's name says ("SUV or Crossover" an SUV, "Minivan or Large
 * SUV" a van), so a returning customer's vehicle of that kind is theirs
 * again; a class that names no kind is kept by its name.
 */
export function vehicleWords(className: string): string {
  const kind = quoteVehicle(className)?.kind;
  return kind && kind !== "Other" ? kind : className;
}

const TRAILING_ZIP = /\b(\d{5})(?:-\d{4})?$/;

/**
 * The job's address with the ZIP Code the price was for (where the drive is
 * measured from): added when the typed address does not end with it; an
 * address ending in another ZIP Code is refused rather than priced for the wrong place.
 */
export function withZip(address: BookContact["address"], zip: string): { ok: true; value: string } | { ok: false; error: string } {
  const typed = TRAILING_ZIP.exec(address)?.[1];
  if (typed === undefined) return { ok: true, value: `${address} ${zip}` };
  if (typed === zip) return { ok: true, value: address };
  return { ok: false, error: `This address is in ZIP Code ${typed}, but the price is for ZIP Code ${zip}. Change one of them.` };
}
