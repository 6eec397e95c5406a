import { ServiceListSection, type ServiceItem } from "./ServiceListSection";

/** The car services, from the `services` table (kind car), in the owner's order. */
export function CarServices({ services }: { services: ServiceItem[] }) {
  return (
    <ServiceListSection
      id="car-services"
      eyebrow="Automotive"
      title="Car Detailing Services"
      intro="Everything your car, truck or SUV needs to look its best and stay protected, done in your driveway."
      services={services}
    />
  );
}
