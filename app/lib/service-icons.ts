/**
 * The icons a service can show on the home page, by name: what the owner
 * picks from in the dashboard (the `services` table's `icon` enum) and what
 * app/components/site/ServiceIcon.tsx can draw. Names are lucide's, in
 * kebab case. Adding one here needs its component there (the type checks it).
 */
export const SERVICE_ICONS = [
  "sparkles",
  "paintbrush",
  "shield-check",
  "lightbulb",
  "wrench",
  "car",
  "waves",
  "droplets",
  "armchair",
  "sun",
  "gem",
  "spray-can",
  "sailboat",
  "anchor",
  "brush",
  "wind",
  "snowflake",
  "leaf",
  "star",
  "clock",
] as const;

export type ServiceIconName = (typeof SERVICE_ICONS)[number];

/** Labels for the dashboard's dropdown, parallel to SERVICE_ICONS. */
export const SERVICE_ICON_TITLES: Record<ServiceIconName, string> = {
  sparkles: "Sparkles",
  paintbrush: "Paintbrush",
  "shield-check": "Shield with check",
  lightbulb: "Light bulb",
  wrench: "Wrench",
  car: "Car",
  waves: "Waves",
  droplets: "Droplets",
  armchair: "Armchair",
  sun: "Sun",
  gem: "Gem",
  "spray-can": "Spray can",
  sailboat: "Sailboat",
  anchor: "Anchor",
  brush: "Brush",
  wind: "Wind",
  snowflake: "Snowflake",
  leaf: "Leaf",
  star: "Star",
  clock: "Clock",
};

export const SERVICE_KINDS = ["car", "boat"] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const SERVICE_KIND_TITLES: Record<ServiceKind, string> = { car: "Car", boat: "Boat" };

export function isServiceIcon(value: string): value is ServiceIconName {
  return (SERVICE_ICONS as readonly string[]).includes(value);
}
