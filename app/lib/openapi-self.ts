import { declareApi, json } from "./api-declaration";

/**
 * The declaration of GET /api/openapi.json, the document's own route. Here
 * and not in its route module, so the document's builder
 * (app/server/api/openapi.server.ts) can list it without importing the route,
 * which imports the builder.
 */
export const openApiSelf = () =>
  declareApi("/api/openapi.json", {
    get: {
      tag: "Documentation",
      operationId: "openApiDocument",
      summary: "This document",
      access: "public",
      responses: { "200": json({ type: "object", description: "An OpenAPI 3.1 document." }, "The document.") },
    },
  });
