import type { RefObject } from "react";
import { Form } from "react-router";
import { BOOK_PATH, CHANGE_PARAM, type ChoiceValues, type FieldErrors } from "~/lib/book-online-form";
import type { BookConstraints } from "~/lib/book-online";
import { ChoiceCard, ContinueButton, FieldMessage, inputClass, invalidProps, legendClass, STEP_HEADING_ID, StepHeading } from "./parts";

interface Props {
  vehicles: { id: number; name: string; perFoot: boolean }[];
  values: ChoiceValues;
  errors: FieldErrors;
  constraints: BookConstraints;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * Step 1: the radio group `Vehicle` (the price book's vehicle classes) and,
 * for a class priced per foot, `Boat Length (feet)`. A GET form: Continue
 * puts the choice in the address. The length is shown unless a class not
 * priced per foot is chosen (CSS, so without JavaScript too); the server
 * reads it only for a boat. Reached by "Change vehicle" from a later step,
 * it carries the package, add-ons, condition and ZIP Code chosen there, and
 * Continue shows that step again filled in (its prices for the new vehicle).
 */
export function VehicleStep({ vehicles, values, errors, constraints, headingRef }: Props) {
  const hasBoat = vehicles.some((v) => v.perFoot);
  return (
    <Form method="get" action={BOOK_PATH} className="group space-y-6" aria-labelledby={STEP_HEADING_ID}>
      <StepHeading ref={headingRef}>Your vehicle</StepHeading>
      <fieldset role="radiogroup" {...invalidProps(errors.vehicle, "vehicle-message")}>
        <legend className={legendClass}>Vehicle</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {vehicles.map((v) => (
            <ChoiceCard key={v.id} name="vehicle" value={v.id} checked={values.vehicle === String(v.id)} required={constraints.vehicle.required} perFoot={v.perFoot}>
              <span>
                <span className="block font-semibold text-ink-900">{v.name}</span>
                {v.perFoot && <span className="block text-sm text-slate-600">Priced by its length</span>}
              </span>
            </ChoiceCard>
          ))}
        </div>
        <FieldMessage id="vehicle-message" message={errors.vehicle} />
      </fieldset>
      {hasBoat && (
        <div className="max-w-xs group-has-[[data-per-foot=false]:checked]:hidden">
          <label htmlFor="book-boat-feet" className="block text-sm font-semibold text-slate-700">
            Boat Length (feet)
          </label>
          <input
            id="book-boat-feet"
            name="boatFeet"
            type="number"
            inputMode="numeric"
            min={constraints.boatFeet.min}
            max={constraints.boatFeet.max}
            defaultValue={values.boatFeet}
            className={`mt-1.5 ${inputClass}`}
            {...invalidProps(errors.boatFeet, "boat-feet-message")}
          />
          <FieldMessage id="boat-feet-message" message={errors.boatFeet} />
        </div>
      )}
      {(values.package || values.addOns.length > 0 || values.condition || values.zip) && (
        <>
          {values.package && <input type="hidden" name="package" value={values.package} />}
          {values.addOns.map((id) => (
            <input key={id} type="hidden" name="addOns" value={id} />
          ))}
          {values.condition && <input type="hidden" name="condition" value={values.condition} />}
          {values.zip && <input type="hidden" name="zip" value={values.zip} />}
          <input type="hidden" name={CHANGE_PARAM} value="details" />
        </>
      )}
      <ContinueButton />
    </Form>
  );
}
