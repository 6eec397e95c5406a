import { openApiDocument } from "~/server/api/openapi.server";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api route
 * (app/server/api/openapi.server.ts). Public, like most APIs' descriptions:
 * it names endpoints and fields and grants nothing; every administrators'
 * endpoint it describes still needs a token or a session.
 */
export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "no-cache" } });
}
