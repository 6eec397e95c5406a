/**
 * The one error type a request can cause, thrown at any depth (the data layer,
 * a guard, a parser) and turned into an HTTP answer once, at the edge
 * (`atEdge` around a route's loader or action, docs/decisions/0119), or shown
 * on its form by an action that recovers (app/server/form-action.server.ts).
 * Anything else thrown is a bug and becomes a 500.
 */
export class AppError extends Error {
  override name = "AppError";

  constructor(
    readonly status: number,
    message: string,
    readonly details: {
      /** Messages per field, for forms that show them beside the input. */
      fields?: Record<string, string>;
      /** E.g. Allow on a 405, Retry-After on a 429 or 503. */
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
  }

  get fields(): Record<string, string> | undefined {
    return this.details.fields;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, message, { fields });
export const notFound = (message: string) => new AppError(404, message);

/** A method the route does not take: 405 with the Allow header. */
export const methodNotAllowed = (allow: string, message = `Use ${allow}`) =>
  new AppError(405, message, { headers: { Allow: allow } });

/**
 * The answer for an AppError: `{ error, fields? }` as JSON with its status and
 * headers (Allow, Retry-After…). From a resource route (/api) it is the answer;
 * thrown from a page's loader or action, React Router shows it in the route's
 * ErrorBoundary (`isRouteErrorResponse`, `error.data.error`) and the root's
 * `headers` passes its headers on. Anything else is rethrown: a bug, a 500.
 */
export function appErrorAnswer(error: unknown): Response {
  if (!(error instanceof AppError)) throw error;
  const body = error.fields ? { error: error.message, fields: error.fields } : { error: error.message };
  return Response.json(body, { status: error.status, headers: error.details.headers });
}

/**
 * The same answer as plain text, for a file a person opens from a link (a
 * PDF, a calendar feed): the message with its status, its headers and
 * `headers` (the route's own, e.g. X-Robots-Tag). Anything else is rethrown.
 */
export function appErrorText(error: unknown, headers: Record<string, string> = {}): Response {
  if (!(error instanceof AppError)) throw error;
  return new Response(error.message, { status: error.status, headers: { ...error.details.headers, ...headers } });
}

/**
 * The edge of every route: wraps a loader or an action so that an AppError
 * thrown anywhere below becomes its answer (appErrorAnswer, or `answer`:
 * appErrorText for a file's route). React Router's middleware cannot do it:
 * `next()` hands back the page already rendered with the error, so the
 * conversion sits around the function itself.
 * `export const loader = atEdge(async ({ params }: Route.LoaderArgs) => …)`.
 */
export function atEdge<Args, Result>(
  work: (args: Args) => Promise<Result>,
  answer: (error: unknown) => Response = appErrorAnswer,
): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await work(args);
    } catch (error) {
      throw answer(error);
    }
  };
}

/**
 * Runs an /api route's work with the same edge: an AppError thrown anywhere
 * below is returned as its JSON answer; a Response thrown by React Router
 * helpers passes through; any other error stays an error (logged, 500).
 */
export async function apiResponse(work: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    return appErrorAnswer(error);
  }
}
