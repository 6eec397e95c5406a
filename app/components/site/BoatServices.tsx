import { ServiceListSection, type ServiceItem } from "./ServiceListSection";

/** The boat services, from the `services` table (kind boat), in the owner's order. */
export function BoatServices({ services }: { services: ServiceItem[] }) {
  return (
    <ServiceListSection
      id="boat-services"
      eyebrow="Marine"
      title="Boat Detailing Services"
      intro="From pontoons to cruisers: we restore and protect your boat at the dock, marina or on its trailer."
      services={services}
      dark
    />
  );
}
