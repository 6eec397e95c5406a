import { createContext, useContext } from "react";

/** The line of an error page that lets a customer name the failed request to us (the id of its log lines). */
export const quoteThisId = (requestId: string) => `If you call us, quote this id: ${requestId}`;

// The server renders a page with its request's id (entry.server.tsx); in the
// browser it is empty: an error met after a client-side navigation has no id
// the page could know, and showing the first page's would mislead.
const RequestIdContext = createContext("");

export const RequestIdProvider = RequestIdContext.Provider;
export const useRequestId = () => useContext(RequestIdContext);
