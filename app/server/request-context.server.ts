import { createContext } from "react-router";

export interface RequestInfo {
  /** The client's address (from X-Forwarded-For only when TRUST_PROXY is set). */
  clientIp: string;
  /** The Content-Security-Policy nonce for this response's inline scripts. */
  nonce: string;
}

export const requestInfoContext = createContext<RequestInfo>({ clientIp: "", nonce: "" });
