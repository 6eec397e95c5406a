import type { Kysely } from "kysely";
import { SEED_SETTINGS } from "../app/lib/business";
import type { SiteSettings } from "../app/lib/site-settings";
import type { Database } from "./types";

/**
 * The public settings' columns of the one `site_settings` row, and its first
 * value. Here, below the server: the seed (./seed.ts) writes the row and the
 * settings module (app/server/settings.server.ts) reads and saves it, and the
 * database layer never imports the server (tests/integration/import-graph.test.ts).
 */
export const SETTINGS_COLUMNS = {
  businessName: "business_name",
  phone: "phone",
  // The phone's number and extension, derived from it (docs/decisions/0108).
  phoneE164: "phone_e164",
  phoneExt: "phone_ext",
  publicEmail: "public_email",
  serviceArea: "service_area",
  facebookUrl: "facebook_url",
  openingHours: "opening_hours",
  heroHeadline: "hero_headline",
  heroText: "hero_text",
  founderName: "founder_name",
  aboutStory: "about_story",
  responseTime: "response_time",
} as const satisfies Record<keyof SiteSettings, keyof Database["site_settings"]>;

export const SETTINGS_NAMES = Object.keys(SETTINGS_COLUMNS) as (keyof SiteSettings)[];

/** Public settings → the row's columns. */
export function settingsColumns(settings: SiteSettings) {
  return Object.fromEntries(SETTINGS_NAMES.map((name) => [SETTINGS_COLUMNS[name], settings[name]])) as {
    [K in keyof SiteSettings as (typeof SETTINGS_COLUMNS)[K]]: string;
  };
}

/**
 * The settings' one row with today's texts (app/lib/business.ts), inserted
 * only while there is none: on a database made before the settings existed
 * too, and never over the owner's values.
 */
export async function seedSettings(db: Kysely<Database>): Promise<void> {
  const exists = await db.selectFrom("site_settings").select("id").where("id", "=", 1).executeTakeFirst();
  if (exists) return;
  await db
    .insertInto("site_settings")
    .values({ id: 1, ...settingsColumns(SEED_SETTINGS) })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}
