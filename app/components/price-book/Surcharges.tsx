import { TextField } from "~/components/customers/TextField";
import { CONDITIONS, CONDITION_TITLES, PRICE_BOOK_CONSTRAINT, type Condition } from "~/lib/price-book";
import { shown, type PriceBookFailure } from "./failure";
import { RowForm } from "./RowForms";
import { Section } from "./Section";

export function Surcharges({ surcharges, failure }: { surcharges: Record<Condition, number>; failure: PriceBookFailure | undefined }) {
  return (
    <Section
      id="surcharges"
      title="Condition Surcharges"
      hint="A percentage added to the package and add-ons for the vehicle's condition as the visitor describes it (0 for none)."
    >
      <RowForm intent="surcharges" id="" label="Condition surcharges" save="Save Surcharges" failure={failure}>
        {CONDITIONS.map((level) => (
          <TextField
            key={level}
            id={`surcharge-${level}`}
            name={level}
            label={`${CONDITION_TITLES[level]} (%)`}
            inputMode="numeric"
            defaultValue={shown(failure, level, String(surcharges[level]))}
            error={failure?.fields[level]}
            constraint={PRICE_BOOK_CONSTRAINT.surcharges[level]}
          />
        ))}
      </RowForm>
    </Section>
  );
}
