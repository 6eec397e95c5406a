import { Armchair, Droplets, Gem, ShieldCheck, SprayCan, Sun, Waves } from "lucide-react";
import { ServiceListSection, type ServiceItem } from "./ServiceListSection";

const BOAT_SERVICES: ServiceItem[] = [
  {
    title: "Complete Hull & Deck Cleaning",
    icon: Waves,
    text: "Waterline scum, stains and grime lifted from hull and deck, leaving a clean, even finish.",
  },
  {
    title: "Professional Wash & Wax",
    icon: Droplets,
    text: "A thorough hand wash followed by a marine wax that adds shine and a protective barrier.",
  },
  {
    title: "Interior Cabin Detailing",
    icon: Armchair,
    text: "Cabins, consoles and storage cleaned and freshened from top to bottom.",
  },
  {
    title: "Oxidation Removal & Restoration",
    icon: Sun,
    text: "Chalky, faded gel coat compounded and polished back to a bright, glossy finish.",
  },
  {
    title: "Marine-Grade Ceramic Coating",
    icon: ShieldCheck,
    text: "Long-lasting protection against UV, water spots and salt, made for life on the water.",
  },
  {
    title: "Gel Coat Polishing & Protection",
    icon: Gem,
    text: "Polishing that deepens color and gloss, sealed to keep the sun from dulling it again.",
  },
  {
    title: "Vinyl & Upholstery Cleaning",
    icon: SprayCan,
    text: "Seats and upholstery cleaned of mildew and stains, then conditioned against cracking and fading.",
  },
];

export function BoatServices() {
  return (
    <ServiceListSection
      id="boat-services"
      eyebrow="Marine"
      title="Boat Detailing Services"
      intro="From pontoons to cruisers: we restore and protect your boat at the dock, marina or on its trailer."
      services={BOAT_SERVICES}
      dark
    />
  );
}
