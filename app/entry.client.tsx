import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// A request the router cancelled (a navigation overtaken by another, a page
// left mid-load) can reject a promise nobody awaits with the signal's
// AbortError (react-router issue 14203, docs/decisions/0156). Nothing failed: the visitor asked
// for something else. Any other unhandled rejection is still reported.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
