import type { RefObject } from "react";
import { Form, useLocation } from "react-router";
import type { BookConstraints } from "~/lib/book-online";
import { BOOK_PATH, CHANGE_PARAM, type ChoiceValues, type FieldErrors, type PriceView } from "~/lib/book-online-form";
import { CORRECT_FIELDS } from "~/lib/form-messages";
import { businessTel } from "~/lib/site-settings";
import { focusRing } from "../site/styles";
import { TimeChoices, type TimeDay } from "../site/TimeChoices";
import { useSiteSettings } from "../site/use-site-settings";
import { PriceSummary, quoteFormHref } from "./PriceSummary";
import { FieldMessage, FormProblem, inputClass, invalidProps, legendClass, linkClass, STEP_HEADING_ID, StepHeading } from "./parts";

/** `overDays`: what work over consecutive working days needs said of its times (null for a day's work). */
export type TimeBooking = { kind: "choose"; days: TimeDay[]; overDays: string | null } | { kind: "call"; why: string };

/** What a refused Book This Time sends back: the fields' messages, a message for the form, and what was typed. */
export interface BookRefusal {
  errors: FieldErrors;
  formError?: string;
  values: Partial<Record<"start" | "name" | "email" | "phone" | "address", string>>;
}

interface Props {
  price: PriceView;
  vehicleName: string;
  values: ChoiceValues;
  booking: TimeBooking;
  constraints: BookConstraints;
  refusal: BookRefusal | undefined;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * Step 3: the price first (lines, Total, duration), then the radio group
 * `Time` (the free times by day, as on an accepted estimate's page), `Full
 * Name`, `Email`, `Phone`, `Address` and `Book This Time`: a POST to this
 * address, whose query still holds the choice the server prices again.
 */
export function TimeStep({ price, vehicleName, booking, constraints, refusal, headingRef }: Props) {
  const { search } = useLocation();
  const change = (step: string) => {
    const query = new URLSearchParams(search);
    query.set(CHANGE_PARAM, step);
    return `${BOOK_PATH}?${query}`;
  };
  return (
    <div className="space-y-8">
      <section aria-labelledby="price-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {/* The step starts with its price: a reader reached here by Continue starts there too. */}
        <h2 ref={headingRef} id="price-heading" tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-ink-900 focus:outline-none sm:text-3xl">
          Your price
        </h2>
        <PriceSummary price={price} />
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <a href={change("details")} className={linkClass}>
            Change package
          </a>
          <a href={change("vehicle")} className={linkClass}>
            Change vehicle
          </a>
        </p>
      </section>
      {booking.kind === "choose" ? (
        <BookingForm days={booking.days} note={booking.overDays} constraints={constraints} refusal={refusal} action={`${BOOK_PATH}${search}`} />
      ) : (
        <CallToBook why={booking.why} vehicleName={vehicleName} />
      )}
    </div>
  );
}

function BookingForm(props: { days: TimeDay[]; note: string | null; constraints: BookConstraints; refusal: BookRefusal | undefined; action: string }) {
  const { days, note, constraints, refusal, action } = props;
  const errors = refusal?.errors ?? {};
  const values = refusal?.values ?? {};
  const problem = refusal?.formError ?? (Object.keys(errors).some((name) => name !== "start") ? CORRECT_FIELDS : undefined);
  const text = (name: "name" | "email" | "phone" | "address", label: string, attributes: Record<string, unknown>, hint?: string) => {
    const messageId = `${name}-message`;
    const invalid = invalidProps(errors[name], messageId);
    return (
      <div>
        <label htmlFor={`book-${name}`} className="block text-sm font-semibold text-slate-700">
          {label}
        </label>
        {hint && (
          <p id={`book-${name}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
        <input
          id={`book-${name}`}
          name={name}
          defaultValue={values[name] ?? ""}
          {...constraints[name]}
          {...attributes}
          className={`mt-1.5 ${inputClass}`}
          {...invalid}
          aria-describedby={[hint && `book-${name}-hint`, invalid["aria-describedby"]].filter(Boolean).join(" ") || undefined}
        />
        <FieldMessage id={messageId} message={errors[name]} />
      </div>
    );
  };
  return (
    <Form method="post" action={action} className="space-y-6" aria-labelledby={STEP_HEADING_ID}>
      <div className="space-y-1">
        <StepHeading>Your time</StepHeading>
        <p className="text-slate-700">These times are free in the next two weeks. Pick one, tell us who you are, and we will come to you.</p>
        {note && <p className="text-slate-700">{note}</p>}
      </div>
      <FormProblem message={problem} />
      <TimeChoices days={days} required={constraints.start.required} checked={values.start} error={errors.start} legendClass={legendClass} />
      <div className="grid gap-5 sm:grid-cols-2">
        {text("name", "Full Name", { autoComplete: "name" })}
        {text("email", "Email", { type: "email", autoComplete: "email" })}
        {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
        {text("address", "Address", { autoComplete: "street-address" }, "Street and town: the ZIP Code you gave is added.")}
      </div>
      <button
        type="submit"
        className={`inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-8 py-3 font-semibold text-white shadow-lg shadow-brand-500/25 transition hover:bg-brand-700 sm:w-auto ${focusRing}`}
      >
        Book This Time
      </button>
    </Form>
  );
}

/** Work that cannot be booked online (longer than a working day, or nothing free): the quote form and the phone, as self-booking says it. */
function CallToBook({ why, vehicleName }: { why: string; vehicleName: string }) {
  const settings = useSiteSettings();
  return (
    <section aria-labelledby={STEP_HEADING_ID} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
      <StepHeading>Your time</StepHeading>
      <p>{why}</p>
      <p>
        <a href={quoteFormHref(vehicleName)} className={linkClass}>
          Request a quote
        </a>{" "}
        and we'll call you {settings.responseTime || "soon"} to schedule it, or call us at{" "}
        <a href={businessTel(settings) || undefined} className={`${linkClass} whitespace-nowrap`}>
          {settings.phone}
        </a>
        .
      </p>
    </section>
  );
}
