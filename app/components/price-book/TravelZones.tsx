import { Link } from "react-router";
import { TextField } from "~/components/customers/TextField";
import { centsToDollarInput } from "~/lib/money";
import { PRICE_BOOK_CONSTRAINT, type TravelZone } from "~/lib/price-book";
import { shown, type FailureFor, type PriceBookFailure } from "./failure";
import { RowForm } from "./RowForms";
import { Section } from "./Section";

export function TravelZones(props: { zones: TravelZone[]; baseZip: string; radiusMiles: number; failureFor: FailureFor }) {
  const { zones, baseZip, radiusMiles, failureFor } = props;
  return (
    <Section
      id="travel-zones"
      title="Travel Zones"
      hint={`Driving miles from ${baseZip}, up to ${radiusMiles} miles (Base ZIP Code and Service Radius (miles) in Business Settings). Each zone's fee applies up to its distance; a zone with no fee is free; past the last zone, its fee.`}
    >
      <p className="text-sm">
        <Link to="/admin/settings" className="font-semibold text-brand-700 hover:underline">
          Change the Base ZIP Code or the Service Radius
        </Link>
      </p>
      {zones.map((z) => (
        <ZoneForm key={z.id} zone={z} failure={failureFor(z.id)} />
      ))}
      <ZoneForm failure={failureFor("")} />
    </Section>
  );
}

function ZoneForm({ zone, failure }: { zone?: TravelZone; failure: PriceBookFailure | undefined }) {
  const id = zone?.id ?? "";
  const key = `zone-${id || "new"}`;
  return (
    <RowForm
      intent="travel-zone"
      id={id}
      label={zone ? `Travel zone up to ${zone.upToMiles} miles` : "New travel zone"}
      save={zone ? "Save" : "Add Travel Zone"}
      failure={failure}
      remove={zone && { kind: "travelZone", name: `the zone up to ${zone.upToMiles} miles` }}
    >
      <TextField
        id={`${key}-miles`}
        name="upToMiles"
        label="Up To (miles)"
        inputMode="numeric"
        defaultValue={shown(failure, "upToMiles", zone ? String(zone.upToMiles) : "")}
        error={failure?.fields.upToMiles}
        constraint={PRICE_BOOK_CONSTRAINT.travelZone.upToMiles}
      />
      <TextField
        id={`${key}-fee`}
        name="fee"
        label="Fee"
        defaultValue={shown(failure, "fee", zone ? centsToDollarInput(zone.feeCents) : "")}
        error={failure?.fields.fee}
        constraint={PRICE_BOOK_CONSTRAINT.travelZone.fee}
      />
    </RowForm>
  );
}
