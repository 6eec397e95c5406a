import type { ServiceIconName, ServiceKind } from "../../app/lib/service-icons";

// First-start content, seeded once by db/seed.ts ("services-v1"): after that it
// lives in the database, where the owner edits it; changing this file changes
// only new databases (docs/decisions/0011-content-seeded-once.md).

export interface SeedService {
  kind: ServiceKind;
  title: string;
  description: string;
  icon: ServiceIconName;
}

// The spec's car and boat service lists, in its order (seeded once as "services-v1").
export const services: SeedService[] = [
  {
    kind: "car",
    title: "Complete Interior & Exterior Detailing",
    icon: "sparkles",
    description:
      "A deep clean of every surface: vacuuming, steam and shampoo inside; hand wash, decontamination and protection outside.",
  },
  {
    kind: "car",
    title: "Professional Paint Corrections",
    icon: "paintbrush",
    description: "Machine polishing that removes swirl marks, light scratches and dullness to restore deep, clear gloss.",
  },
  {
    kind: "car",
    title: "Premium Ceramic Coating Application",
    icon: "shield-check",
    description: "A hard, glossy layer that sheds water and dirt and protects your paint for years, not weeks.",
  },
  {
    kind: "car",
    title: "Headlight Restoration",
    icon: "lightbulb",
    description: "Yellowed, hazy lenses made clear again, for better looks and safer driving at night.",
  },
  {
    kind: "car",
    title: "Engine Bay Detailing",
    icon: "wrench",
    description: "Careful degreasing and dressing that leaves the engine bay clean and protected.",
  },
  {
    kind: "boat",
    title: "Complete Hull & Deck Cleaning",
    icon: "waves",
    description: "Waterline scum, stains and grime lifted from hull and deck, leaving a clean, even finish.",
  },
  {
    kind: "boat",
    title: "Professional Wash & Wax",
    icon: "droplets",
    description: "A thorough hand wash followed by a marine wax that adds shine and a protective barrier.",
  },
  {
    kind: "boat",
    title: "Interior Cabin Detailing",
    icon: "armchair",
    description: "Cabins, consoles and storage cleaned and freshened from top to bottom.",
  },
  {
    kind: "boat",
    title: "Oxidation Removal & Restoration",
    icon: "sun",
    description: "Chalky, faded gel coat compounded and polished back to a bright, glossy finish.",
  },
  {
    kind: "boat",
    title: "Marine-Grade Ceramic Coating",
    icon: "shield-check",
    description: "Long-lasting protection against UV, water spots and salt, made for life on the water.",
  },
  {
    kind: "boat",
    title: "Gel Coat Polishing & Protection",
    icon: "gem",
    description: "Polishing that deepens color and gloss, sealed to keep the sun from dulling it again.",
  },
  {
    kind: "boat",
    title: "Vinyl & Upholstery Cleaning",
    icon: "spray-can",
    description: "Seats and upholstery cleaned of mildew and stains, then conditioned against cracking and fading.",
  },
];
