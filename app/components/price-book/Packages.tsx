import { TextField } from "~/components/customers/TextField";
import { inputClass } from "~/components/customers/field-style";
import { centsToDollarInput } from "~/lib/money";
import { CHECKLIST_STEP_MAX, CHECKLIST_STEPS_MAX, checklistLines, PRICE_BOOK_CONSTRAINT, type Package, type VehicleClass } from "~/lib/price-book";
import { shown, type FailureFor, type PriceBookFailure } from "./failure";
import { RowForm } from "./RowForms";
import { Section } from "./Section";

export function Packages({ packages, classes, failureFor }: { packages: Package[]; classes: VehicleClass[]; failureFor: FailureFor }) {
  return (
    <Section
      id="packages"
      title="Packages"
      hint="A price and a duration for each vehicle class that offers the package; leave both empty where it is not offered. For a class priced per foot, both are per foot, and the minimum price applies to short boats. The checklist (one step a line) is what each job booked with the package is given to tick off."
    >
      {packages.map((p) => (
        <PackageForm key={p.id} pack={p} classes={classes} failure={failureFor(p.id)} />
      ))}
      <PackageForm classes={classes} failure={failureFor("")} />
    </Section>
  );
}

function PackageForm({ pack, classes, failure }: { pack?: Package; classes: VehicleClass[]; failure: PriceBookFailure | undefined }) {
  const id = pack?.id ?? "";
  const key = `package-${id || "new"}`;
  return (
    <RowForm
      intent="package"
      id={id}
      label={pack ? `Package ${pack.name}` : "New package"}
      save={pack ? "Save" : "Add Package"}
      failure={failure}
      remove={pack && { kind: "package", name: pack.name }}
    >
      <div className="grid w-full gap-3 sm:grid-cols-2">
        <TextField id={`${key}-name`} name="name" label="Name" defaultValue={shown(failure, "name", pack?.name ?? "")} error={failure?.fields.name} constraint={PRICE_BOOK_CONSTRAINT.package.name} />
        <TextField
          id={`${key}-description`}
          name="description"
          label="Description"
          defaultValue={shown(failure, "description", pack?.description ?? "")}
          error={failure?.fields.description}
          constraint={PRICE_BOOK_CONSTRAINT.package.description}
        />
      </div>
      <div className="w-full">
        <TextField
          id={`${key}-checklist`}
          name="checklist"
          label="Checklist"
          multiline
          rows={Math.min(12, Math.max(4, (pack?.checklist.length ?? 0) + 1))}
          hint={`One step a line, at most ${CHECKLIST_STEPS_MAX} steps of ${CHECKLIST_STEP_MAX} characters.`}
          defaultValue={shown(failure, "checklist", checklistLines(pack?.checklist ?? []))}
          error={failure?.fields.checklist}
        />
      </div>
      {/* On a phone the table scrolls within itself, not the page. */}
      <div className="w-full overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{pack ? `Prices of ${pack.name}` : "Prices of the new package"}</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              Vehicle
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Price
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Duration (minutes)
            </th>
            <th scope="col" className="py-1 font-medium">
              Minimum Price
            </th>
          </tr>
        </thead>
        <tbody>
          {classes.map((c, i) => {
            const price = pack?.prices.find((p) => p.vehicleClassId === c.id);
            const cell = (field: "price" | "duration" | "minimum", label: string, stored: string) => {
              const name = `prices[${i}].${field}`;
              const error = failure?.fields[name];
              const inputId = `${key}-${c.id}-${field}`;
              return (
                <td className="py-1 pr-3 align-top">
                  <label htmlFor={inputId} className="sr-only">
                    {label}, {c.name}
                  </label>
                  <input
                    id={inputId}
                    name={name}
                    defaultValue={shown(failure, name, stored)}
                    inputMode={field === "duration" ? "numeric" : "decimal"}
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                    className={`${inputClass(Boolean(error))} mt-0 max-w-32`}
                  />
                  {error && (
                    <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
                      {error}
                    </p>
                  )}
                </td>
              );
            };
            return (
              <tr key={c.id} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-medium text-slate-800">
                  {c.name}
                  {c.perFoot && <span className="block text-xs font-normal text-slate-500">per foot</span>}
                  <input type="hidden" name={`prices[${i}].vehicleClassId`} value={c.id} />
                </th>
                {cell("price", c.perFoot ? "Price per Foot" : "Price", price ? centsToDollarInput(price.priceCents) : "")}
                {cell("duration", c.perFoot ? "Minutes per Foot" : "Duration (minutes)", price ? String(price.durationMinutes) : "")}
                {c.perFoot ? cell("minimum", "Minimum Price", price ? centsToDollarInput(price.minimumCents) : "") : <td />}
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
    </RowForm>
  );
}
