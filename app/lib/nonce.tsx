import { createContext, useContext } from "react";

// The server renders with the response's CSP nonce; in the browser it is empty
// (browsers hide nonce attributes from scripts anyway).
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
