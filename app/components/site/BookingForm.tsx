import { CalendarCheck } from "lucide-react";
import { BOOKING_CONSTRAINT } from "~/lib/booking-input";
import { primaryButton } from "./styles";
import { TimeChoices, type TimeDay } from "./TimeChoices";

/**
 * Book This Time, on an accepted estimate's page: the free times of the next
 * 14 days as the radio group Time (TimeChoices), and the address. A plain POST
 * form (works without JavaScript); the server checks the choice again and the
 * database decides between two customers choosing one time.
 */

export type BookingDayView = TimeDay;

interface Props {
  days: BookingDayView[];
  address: string;
  /** What the page says of work over consecutive working days (docs/decisions/0131); absent or null for a day's work. */
  note?: string | null;
  errors?: { start?: string; address?: string };
}

export function BookingForm({ days, address, note, errors = {} }: Props) {
  return (
    <form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="book-heading">
      <input type="hidden" name="intent" value="book" />
      <h2 id="book-heading" className="flex items-center gap-2 text-xl font-bold">
        <CalendarCheck aria-hidden className="size-5 text-brand-700" />
        Choose a time
      </h2>
      <p className="text-sm text-slate-700">These times are free in the next two weeks. Pick the one that suits you and we will come to you.</p>
      {note && <p className="text-sm text-slate-700">{note}</p>}
      <TimeChoices days={days} required={BOOKING_CONSTRAINT.start.required} error={errors.start} legendClass="sr-only" />
      <div>
        <label htmlFor="booking-address" className="block text-sm font-medium text-slate-800">
          Address
        </label>
        <input
          id="booking-address"
          name="address"
          defaultValue={address}
          {...BOOKING_CONSTRAINT.address}
          autoComplete="street-address"
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={errors.address ? "address-error" : undefined}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        {errors.address && (
          <p id="address-error" className="mt-1 text-sm text-red-700">
            {errors.address}
          </p>
        )}
      </div>
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
        Book This Time
      </button>
    </form>
  );
}
