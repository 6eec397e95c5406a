import { Form } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button";
import { VEHICLE_CONSTRAINT } from "~/lib/customer-input";
import type { CustomerActionFailure, CustomerPageView } from "~/server/customers/customer-view.server";
import { inputClass, labelClass, panelClass } from "./field-style";
import { TextField } from "./TextField";

/** The customer's vehicles and boats, each removable, and the form that adds one (plain POST forms). */
export function Vehicles(props: {
  vehicles: CustomerPageView["vehicles"];
  kinds: string[];
  years: { oldest: number; newest: number };
  failure?: CustomerActionFailure;
}) {
  const { vehicles, kinds, years, failure } = props;
  const adding = failure?.intent === "add-vehicle" ? failure : undefined;
  const fields = adding?.fields ?? {};
  const value = (name: string) => adding?.values?.[name] ?? "";
  return (
    <section aria-labelledby="vehicles-heading" className={panelClass}>
      <h3 id="vehicles-heading" className="text-lg font-semibold text-slate-900">
        Vehicles
      </h3>
      {failure?.intent === "remove-vehicle" && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure.error}
        </p>
      )}
      {vehicles.length ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {vehicles.map((v) => {
            const title = [v.year, v.make, v.model].filter(Boolean).join(" ");
            return (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">
                    {title} <span className="text-sm font-normal text-slate-600">({v.kind}{v.color ? `, ${v.color}` : ""})</span>
                  </p>
                  {v.notes && <p className="text-sm break-words text-slate-600">{v.notes}</p>}
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-vehicle" />
                  <input type="hidden" name="vehicle" value={v.id} />
                  <button type="submit" className={secondaryButton} aria-label={`Remove ${title}`}>
                    Remove
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No vehicles yet.</p>
      )}
      {/* Keyed by the vehicles: after an add the form is empty again; after a refusal it keeps what was typed. */}
      <Form key={vehicles.map((v) => v.id).join(",")} method="post" className="mt-4 grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="add-vehicle" />
        {adding && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-3">
            {adding.fields ? "The vehicle was not added: please correct the fields marked below." : adding.error}
          </p>
        )}
        <div>
          <label htmlFor="vehicle-kind" className={labelClass}>
            Kind
          </label>
          <select
            id="vehicle-kind"
            name="kind"
            required={VEHICLE_CONSTRAINT.kind.required}
            defaultValue={value("kind") || "Car"}
            aria-invalid={fields.kind ? true : undefined}
            aria-describedby={fields.kind ? "vehicle-kind-error" : undefined}
            className={inputClass(Boolean(fields.kind))}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
          {fields.kind && (
            <p id="vehicle-kind-error" className="mt-1 text-sm text-red-700">
              {fields.kind}
            </p>
          )}
        </div>
        <TextField id="vehicle-make" name="make" label="Make" defaultValue={value("make")} error={fields.make} constraint={VEHICLE_CONSTRAINT.make} />
        <TextField id="vehicle-model" name="model" label="Model" defaultValue={value("model")} error={fields.model} constraint={VEHICLE_CONSTRAINT.model} />
        <TextField id="vehicle-year" name="year" label="Year" inputMode="numeric" defaultValue={value("year")} error={fields.year} constraint={VEHICLE_CONSTRAINT.year} />
        <TextField id="vehicle-color" name="color" label="Color" defaultValue={value("color")} error={fields.color} constraint={VEHICLE_CONSTRAINT.color} />
        <TextField id="vehicle-notes" name="vehicleNotes" label="Vehicle Notes" defaultValue={value("vehicleNotes")} error={fields.vehicleNotes} constraint={VEHICLE_CONSTRAINT.vehicleNotes} />
        <p className="text-xs text-slate-600 sm:col-span-3">
          Year from {years.oldest} to {years.newest}; a Make or a Model is needed.
        </p>
        <div className="sm:col-span-3">
          <button type="submit" className={primaryButton}>
            Add Vehicle
          </button>
        </div>
      </Form>
    </section>
  );
}
