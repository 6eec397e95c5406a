import { privateAnswer } from "~/server/customer-pages.server";
import type { Route } from "./+types/customer-pages";

/**
 * The layout of the customer's pages and files (app/routes.ts): every answer
 * under it, a page, a file, a redirect or a refusal (an unknown token's 404,
 * a 429), is private to the link's holder and never indexed. Set here, once,
 * so that no page and no error path can leave it out (docs/decisions/0113).
 */
export const middleware: Route.MiddlewareFunction[] = [async (_args, next) => privateAnswer(await next())];
