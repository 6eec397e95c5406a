import { useRef, type FormEvent, type RefObject } from "react";
import { Form } from "react-router";
import type { BookConstraints } from "~/lib/book-online";
import { BOOK_PATH, CHANGE_PARAM, type BeyondView, type ChoiceValues, type FieldErrors } from "~/lib/book-online-form";
import { CORRECT_FIELDS } from "~/lib/form-messages";
import type { DetailsView } from "~/server/online-booking/booking-choice.server";
import { BeyondNotice, PriceSummary } from "./PriceSummary";
import { ChoiceCard, ContinueButton, FieldMessage, FormProblem, inputClass, invalidProps, legendClass, linkClass, STEP_HEADING_ID, StepHeading } from "./parts";
import { useLivePrice, type LivePriceState } from "./use-live-price";

interface Props {
  details: DetailsView;
  values: ChoiceValues;
  errors: FieldErrors;
  beyond: BeyondView | null;
  constraints: BookConstraints;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * Step 2: the radio group `Package` (each with its price for the chosen
 * vehicle), add-ons, the vehicle's condition and `ZIP Code`. A GET form
 * carrying the vehicle; Continue shows the price and the times. With
 * JavaScript the price beside it follows each choice (useLivePrice).
 */
export function DetailsStep({ details, values, errors, beyond, constraints, headingRef }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const { price, update } = useLivePrice(form);
  const condition = values.condition || "light";
  const { vehicle } = details;
  const vehicleQuery = new URLSearchParams({ vehicle: String(vehicle.id), boatFeet: vehicle.feet === null ? "" : String(vehicle.feet), [CHANGE_PARAM]: "vehicle" });
  // A radio button or box at once; the ZIP Code once it has its five digits (or is emptied), not at every keystroke.
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const field = event.target as HTMLInputElement;
    if (field.name !== "zip" || /^\d{5}$|^$/.test(field.value.trim())) update();
  };
  return (
    <Form ref={form} method="get" action={BOOK_PATH} onInput={onInput} className="space-y-8" aria-labelledby={STEP_HEADING_ID}>
      <div className="space-y-2">
        <StepHeading ref={headingRef}>Your package</StepHeading>
        <p className="text-slate-700">
          For your <span className="font-semibold text-ink-900">{vehicle.name}</span>
          {vehicle.feet !== null && ` of ${vehicle.feet} feet`}.{" "}
          <a href={`${BOOK_PATH}?${vehicleQuery}`} className={linkClass}>
            Change vehicle
          </a>
        </p>
      </div>
      <FormProblem message={Object.keys(errors).length ? CORRECT_FIELDS : undefined} />
      <input type="hidden" name="vehicle" value={vehicle.id} />
      <input type="hidden" name="boatFeet" value={vehicle.feet ?? ""} />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-8">
          <fieldset role="radiogroup" {...invalidProps(errors.package, "package-message")}>
            <legend className={legendClass}>Package</legend>
            {details.packages.length === 0 && <p className="mt-2 text-slate-700">No package is offered online for this vehicle yet.</p>}
            <div className="mt-3 space-y-3">
              {details.packages.map((p) => (
                <ChoiceCard key={p.id} name="package" value={p.id} checked={values.package === String(p.id)} required={constraints.package.required}>
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-4">
                      <span className="font-semibold text-ink-900">{p.name}</span>
                      <span className="font-bold tabular-nums text-ink-900">{p.price}</span>
                    </span>
                    <span className="mt-1 block text-sm text-slate-600">
                      {p.description} About {p.duration}.
                    </span>
                  </span>
                </ChoiceCard>
              ))}
            </div>
            <FieldMessage id="package-message" message={errors.package} />
          </fieldset>

          {details.addOns.length > 0 && (
            <fieldset {...invalidProps(errors.addOns, "add-ons-message")}>
              <legend className={legendClass}>Add-ons</legend>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                {details.addOns.map((a) => (
                  <ChoiceCard key={a.id} type="checkbox" name="addOns" value={a.id} checked={values.addOns.includes(String(a.id))}>
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-ink-900">{a.name}</span>
                      <span className="block text-sm text-slate-600">
                        +{a.price}, about {a.duration}
                      </span>
                    </span>
                  </ChoiceCard>
                ))}
              </div>
              <FieldMessage id="add-ons-message" message={errors.addOns} />
            </fieldset>
          )}

          <fieldset role="radiogroup" {...invalidProps(errors.condition, "condition-message")}>
            <legend className={legendClass}>Condition</legend>
            <div className="mt-3 grid gap-3 sm:grid-cols-3">
              {details.conditions.map((c) => (
                <ChoiceCard key={c.level} name="condition" value={c.level} checked={condition === c.level} required={constraints.condition.required}>
                  <span>
                    <span className="block font-semibold text-ink-900">{c.title}</span>
                    <span className="block text-sm text-slate-600">{c.percent ? `+${c.percent} %` : "No surcharge"}</span>
                  </span>
                </ChoiceCard>
              ))}
            </div>
            <FieldMessage id="condition-message" message={errors.condition} />
          </fieldset>

          <div className="max-w-xs">
            <label htmlFor="book-zip" className="block text-base font-bold text-ink-900">
              ZIP Code
            </label>
            <p id="book-zip-hint" className="text-sm text-slate-600">
              Where the vehicle is: travel is priced from it.
            </p>
            <input
              id="book-zip"
              name="zip"
              inputMode="numeric"
              autoComplete="postal-code"
              defaultValue={values.zip}
              required={constraints.zip.required}
              maxLength={5}
              className={`mt-1.5 ${inputClass}`}
              aria-invalid={errors.zip ? true : undefined}
              aria-describedby={errors.zip ? "book-zip-hint zip-message" : "book-zip-hint"}
            />
            <FieldMessage id="zip-message" message={errors.zip} />
          </div>
        </div>

        <aside aria-labelledby="live-price-heading" className="h-fit space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-28">
          <h3 id="live-price-heading" className="text-lg font-bold text-ink-900">
            Your price
          </h3>
          <div aria-live="polite">
            {/* Until the browser has asked (or without JavaScript), what the server said of this choice. */}
            <LivePanel price={price.state === "none" && beyond ? { state: "beyond", beyond } : price} vehicleType={vehicle.name} />
          </div>
        </aside>
      </div>

      <ContinueButton />
    </Form>
  );
}

function LivePanel({ price, vehicleType }: { price: LivePriceState; vehicleType: string }) {
  if (price.state === "priced") return <PriceSummary price={price.price} />;
  if (price.state === "beyond") return <BeyondNotice beyond={price.beyond} vehicleType={vehicleType} />;
  const hint =
    price.state === "open"
      ? (price.errors.package ?? price.errors.zip ?? price.errors.addOns ?? price.errors.condition)
      : price.state === "failed"
        ? "Your price could not be worked out just now: press Continue to see it."
        : undefined;
  return <p className="text-sm text-slate-700">{hint ?? "Choose a package and type your ZIP Code to see your price."}</p>;
}
