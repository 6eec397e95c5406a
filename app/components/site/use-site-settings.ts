import { useRouteLoaderData } from "react-router";
import { SEED_CONTACT } from "~/lib/business";
import type { RootData } from "~/lib/root-data";
import type { SiteSettings } from "~/lib/site-settings";

// Only an error page whose root loader failed renders without the settings:
// it shows the header and footer, so the first-start contact details do.
const FALLBACK: SiteSettings = { ...SEED_CONTACT, heroHeadline: "", heroText: "", founderName: "", aboutStory: "" };

/**
 * The business settings the root loader read for this page (phone, name,
 * texts); the first-start contact details only on an error page without them.
 */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<RootData>("root")?.settings ?? FALLBACK;
}

/** The same for a route's `meta` function, from its matches. */
export function settingsFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): SiteSettings {
  const root = matches.find((match) => match?.id === "root")?.data as Partial<RootData> | undefined;
  return root?.settings ?? FALLBACK;
}

/** Whether the visitor is signed-in staff, of any role (the header's Dashboard link). */
export function useIsStaff(): boolean {
  return useRouteLoaderData<RootData>("root")?.isStaff ?? false;
}
