import { isRouteErrorResponse } from "react-router";
import { clientMistakeText } from "~/lib/client-mistakes";
import { requestInLog } from "./log-redaction.server";
import { logFor } from "./log.server";

/**
 * A client's mistake that React Router answered itself: a 4xx ErrorResponse
 * it made (a POST to a page without an action is a 405), which carries as its
 * data a message for the app's developer ("You made a POST request to … but
 * did not provide an `action` …") and the Error with its stack. React Router
 * hands such errors to entry.server's handleError before it serialises them
 * into the page's data or a single-fetch (.data) answer, so this replaces the
 * message there with the visitor's text, drops the Error, and logs one line.
 * Returns false for anything else (a real fault, left to the caller).
 */
export function answerClientMistake(error: unknown, request: Request): boolean {
  if (!isRouteErrorResponse(error) || error.status >= 500 || !(error as { internal?: boolean }).internal) return false;
  const text = clientMistakeText(error.status);
  Object.assign(error, { data: text, error: undefined });
  logFor("request").warn({ ...requestInLog(request), status: error.status }, text);
  return true;
}
