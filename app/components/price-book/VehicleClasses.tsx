import { TextField } from "~/components/customers/TextField";
import { PRICE_BOOK_CONSTRAINT, type VehicleClass } from "~/lib/price-book";
import { shown, type FailureFor, type PriceBookFailure } from "./failure";
import { RowForm } from "./RowForms";
import { Section } from "./Section";

export function VehicleClasses({ classes, failureFor }: { classes: VehicleClass[]; failureFor: FailureFor }) {
  return (
    <Section
      id="vehicle-classes"
      title="Vehicle Classes"
      hint="What a visitor chooses as their vehicle. A class priced per foot (boats) asks for the length, and its packages' prices and durations are per foot."
    >
      {classes.map((c) => (
        <VehicleClassForm key={c.id} vehicleClass={c} failure={failureFor(c.id)} />
      ))}
      <VehicleClassForm failure={failureFor("")} />
    </Section>
  );
}

function VehicleClassForm({ vehicleClass, failure }: { vehicleClass?: VehicleClass; failure: PriceBookFailure | undefined }) {
  const id = vehicleClass?.id ?? "";
  const key = `class-${id || "new"}`;
  const perFoot = failure ? failure.values.perFoot === "on" : (vehicleClass?.perFoot ?? false);
  return (
    <RowForm
      intent="vehicle-class"
      id={id}
      label={vehicleClass ? `Vehicle class ${vehicleClass.name}` : "New vehicle class"}
      save={vehicleClass ? "Save" : "Add Vehicle Class"}
      failure={failure}
      remove={vehicleClass && { kind: "vehicleClass", name: vehicleClass.name }}
    >
      <TextField id={`${key}-name`} name="name" label="Name" defaultValue={shown(failure, "name", vehicleClass?.name ?? "")} error={failure?.fields.name} constraint={PRICE_BOOK_CONSTRAINT.vehicleClass.name} />
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="perFoot" defaultChecked={perFoot} className="size-4 rounded border-slate-300" />
        Priced per Foot
      </label>
    </RowForm>
  );
}
