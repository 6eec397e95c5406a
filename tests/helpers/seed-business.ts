import { SEED_SETTINGS, SITE_FACTS } from "~/lib/business";
import { shortName } from "~/lib/site-settings";

/**
 * The business as a fresh database shows it (the first-start settings and the
 * fixed facts), under the names the tests read. A test that changes the
 * settings restores them (tests/e2e/site-settings.test.ts).
 */
export const seedBusiness = {
  ...SITE_FACTS,
  ...SEED_SETTINGS,
  name: SEED_SETTINGS.businessName,
  shortName: shortName(SEED_SETTINGS.businessName),
  email: SEED_SETTINGS.publicEmail,
  founder: SEED_SETTINGS.founderName,
};
