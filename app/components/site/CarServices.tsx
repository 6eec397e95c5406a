import { Lightbulb, Paintbrush, ShieldCheck, Sparkles, Wrench } from "lucide-react";
import { ServiceListSection, type ServiceItem } from "./ServiceListSection";

const CAR_SERVICES: ServiceItem[] = [
  {
    title: "Complete Interior & Exterior Detailing",
    icon: Sparkles,
    text: "A deep clean of every surface: vacuuming, steam and shampoo inside; hand wash, decontamination and protection outside.",
  },
  {
    title: "Professional Paint Corrections",
    icon: Paintbrush,
    text: "Machine polishing that removes swirl marks, light scratches and dullness to restore deep, clear gloss.",
  },
  {
    title: "Premium Ceramic Coating Application",
    icon: ShieldCheck,
    text: "A hard, glossy layer that sheds water and dirt and protects your paint for years, not weeks.",
  },
  {
    title: "Headlight Restoration",
    icon: Lightbulb,
    text: "Yellowed, hazy lenses made clear again, for better looks and safer driving at night.",
  },
  {
    title: "Engine Bay Detailing",
    icon: Wrench,
    text: "Careful degreasing and dressing that leaves the engine bay clean and protected.",
  },
];

export function CarServices() {
  return (
    <ServiceListSection
      id="car-services"
      eyebrow="Automotive"
      title="Car Detailing Services"
      intro="Everything your car, truck or SUV needs to look its best and stay protected, done in your driveway."
      services={CAR_SERVICES}
    />
  );
}
