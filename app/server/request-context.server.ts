import { createContext } from "react-router";
import type { DB } from "./db.server";

export interface RequestInfo {
  /** The client's address (from X-Forwarded-For only when TRUST_PROXY is set). */
  clientIp: string;
  /** The Content-Security-Policy nonce for this response's inline scripts. */
  nonce: string;
  /** The id on every log line of this request, sent back as X-Request-Id and shown on its error page (unset where a test makes the context). */
  requestId?: string;
}

export const requestInfoContext = createContext<RequestInfo>({ clientIp: "", nonce: "" });

/**
 * The database, set by the server for every request (as React Router's
 * node-postgres template does): loaders, actions and middleware read it with
 * `context.get(databaseContext)` and pass it down to every server function.
 */
export const databaseContext = createContext<DB>();
