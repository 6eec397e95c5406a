import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import type { OpenDatabase } from "./db.server";
import { requireMailSettings } from "./env.server";
import { openAppDatabase } from "./open-app-database.server";
import { databaseContext } from "./request-context.server";

/**
 * The root route's middleware: every request has its database before any
 * other middleware, loader or action runs. Our server entry (server/app.ts,
 * under `npm start` and `npm run dev`) has already put it in the context.
 * `react-router dev` runs the routes without that entry: then the database is
 * opened here on the first request, migrated and seeded, as the entry would.
 */
export const provideDatabase: MiddlewareFunction<Response> = async ({ context }) => {
  if (!hasDatabase(context)) context.set(databaseContext, (await databaseWithoutServerEntry()).db);
};

function hasDatabase(context: Readonly<RouterContextProvider>): boolean {
  try {
    context.get(databaseContext);
    return true;
  } catch {
    // React Router's "No value found for context": nobody set it.
    return false;
  }
}

// The one process-level slot for the database (docs/decisions/0060). Not a
// module variable: react-router dev evaluates this module again after an edit
// to it or to anything it imports, and a second open of the embedded data
// directory in the same process would be refused by its lock. Closed when the
// process ends (an embedded database recovers its log on the next open).
const SLOT = Symbol.for("shine-on-wheels.database-without-server-entry");
const processSlot = globalThis as typeof globalThis & { [SLOT]?: Promise<OpenDatabase> };

function databaseWithoutServerEntry(): Promise<OpenDatabase> {
  return (processSlot[SLOT] ??= Promise.resolve().then(() => requireMailSettings()).then(openAppDatabase).catch((error: unknown) => {
    // A wrong setting or a busy directory: the next request tries again, after a fix.
    processSlot[SLOT] = undefined;
    throw error;
  }));
}
