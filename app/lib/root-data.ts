import type { SiteSettings } from "./site-settings";

/**
 * What the root loader (app/root.tsx) gives every page, and what the site's
 * header, footer and meta functions read back (components/site/use-site-settings.ts).
 * Its own module so that the components need not import the root route,
 * which renders them (docs/decisions/0069).
 */
export interface RootData {
  settings: SiteSettings;
  /** Signed-in staff (any role): the public header shows the Dashboard link. */
  isStaff: boolean;
}
