import { openApiDocument } from "~/server/api/openapi.server";
import { databaseContext } from "~/server/request-context.server";
import { getSettingsForPage } from "~/server/settings.server";
import type { Route } from "./+types/api.openapi[.]json";

export { openApiSelf as openapi } from "~/lib/openapi-self";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api route
 * (app/server/api/openapi.server.ts). Public, like most APIs' descriptions:
 * it names endpoints and fields and grants nothing; every administrators'
 * endpoint it describes still needs a token or a session. Its title is the
 * business's name from the settings.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { businessName } = await getSettingsForPage(context.get(databaseContext));
  return Response.json(await openApiDocument(businessName), { headers: { "Cache-Control": "no-cache" } });
}
