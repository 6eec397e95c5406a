import {
  Anchor,
  Armchair,
  Brush,
  Car,
  Clock,
  Droplets,
  Gem,
  Leaf,
  Lightbulb,
  Paintbrush,
  Sailboat,
  ShieldCheck,
  Snowflake,
  Sparkles,
  SprayCan,
  Star,
  Sun,
  Waves,
  Wind,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import { isServiceIcon, type ServiceIconName } from "~/lib/service-icons";

// Every name of SERVICE_ICONS must be drawable: the Record type fails the build otherwise.
const ICONS: Record<ServiceIconName, LucideIcon> = {
  sparkles: Sparkles,
  paintbrush: Paintbrush,
  "shield-check": ShieldCheck,
  lightbulb: Lightbulb,
  wrench: Wrench,
  car: Car,
  waves: Waves,
  droplets: Droplets,
  armchair: Armchair,
  sun: Sun,
  gem: Gem,
  "spray-can": SprayCan,
  sailboat: Sailboat,
  anchor: Anchor,
  brush: Brush,
  wind: Wind,
  snowflake: Snowflake,
  leaf: Leaf,
  star: Star,
  clock: Clock,
};

/** A service's icon by name; an unknown name (never stored: the table's enum refuses it) draws Sparkles. */
export function ServiceIcon({ name, className }: { name: string; className?: string }) {
  const Icon = isServiceIcon(name) ? ICONS[name] : Sparkles;
  return <Icon aria-hidden="true" className={className} />;
}
