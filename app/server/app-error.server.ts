/**
 * The one error type a request can cause, thrown at any depth (the data layer,
 * a guard, a parser) and turned into an HTTP answer once, at the edge: by
 * `apiResponse` for the /api resource routes, by a page action mapping it to
 * its own error state. Anything else thrown is a bug and becomes a 500.
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

/** The /api answer for an AppError: `{ error, fields? }` with its status and headers. */
export function apiErrorResponse(error: AppError): Response {
  const body = error.fields ? { error: error.message, fields: error.fields } : { error: error.message };
  return Response.json(body, { status: error.status, headers: error.details.headers });
}

/**
 * Runs an /api route's work: an AppError thrown anywhere below becomes its
 * JSON answer; a Response thrown by React Router helpers passes through; any
 * other error stays an error (logged, 500).
 */
export async function apiResponse(work: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) return apiErrorResponse(error);
    throw error;
  }
}
