import { migratedServerTemplate } from "../helpers/database-template";

/**
 * Playwright's globalSetup: on TEST_DATABASE_URL's server, the app servers
 * the workers start (tests/helpers/app-server.ts) get copies of one migrated
 * database instead of migrating an empty one each, as vitest's do
 * (docs/decisions/0093). Nothing to do on the embedded database.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const template = await migratedServerTemplate();
  return () => template.drop();
}
