import { TextField } from "~/components/customers/TextField";
import { centsToDollarInput } from "~/lib/money";
import { PRICE_BOOK_CONSTRAINT, type AddOn } from "~/lib/price-book";
import { shown, type FailureFor, type PriceBookFailure } from "./failure";
import { RowForm } from "./RowForms";
import { Section } from "./Section";

export function AddOns({ addOns, failureFor }: { addOns: AddOn[]; failureFor: FailureFor }) {
  return (
    <Section id="add-ons" title="Add-ons" hint="Extras a visitor may tick, each at one price and duration whatever the vehicle.">
      {addOns.map((a) => (
        <AddOnForm key={a.id} addOn={a} failure={failureFor(a.id)} />
      ))}
      <AddOnForm failure={failureFor("")} />
    </Section>
  );
}

function AddOnForm({ addOn, failure }: { addOn?: AddOn; failure: PriceBookFailure | undefined }) {
  const id = addOn?.id ?? "";
  const key = `add-on-${id || "new"}`;
  return (
    <RowForm
      intent="add-on"
      id={id}
      label={addOn ? `Add-on ${addOn.name}` : "New add-on"}
      save={addOn ? "Save" : "Add Add-on"}
      failure={failure}
      remove={addOn && { kind: "addOn", name: addOn.name }}
    >
      <TextField id={`${key}-name`} name="name" label="Name" defaultValue={shown(failure, "name", addOn?.name ?? "")} error={failure?.fields.name} constraint={PRICE_BOOK_CONSTRAINT.addOn.name} />
      <TextField
        id={`${key}-price`}
        name="price"
        label="Price"
        inputMode="text"
        defaultValue={shown(failure, "price", addOn ? centsToDollarInput(addOn.priceCents) : "")}
        error={failure?.fields.price}
        constraint={PRICE_BOOK_CONSTRAINT.addOn.price}
      />
      <TextField
        id={`${key}-duration`}
        name="duration"
        label="Duration (minutes)"
        inputMode="numeric"
        defaultValue={shown(failure, "duration", addOn ? String(addOn.durationMinutes) : "")}
        error={failure?.fields.duration}
        constraint={PRICE_BOOK_CONSTRAINT.addOn.duration}
      />
    </RowForm>
  );
}
