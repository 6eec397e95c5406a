import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { scrollToSection } from "./SectionLink";

/** How long to wait before scrolling to the URL's hash target: long enough for the layout to settle. */
export const HASH_SCROLL_DELAY_MS = 100;

/**
 * Where the home page lands on arrival: the URL's hash target, smoothly, after
 * 100 ms (so layout has settled); else a scroll position carried in the
 * navigation state (`navigate("/", { state: { scrollY } })`); else the top.
 * Back/forward without either is left to React Router's ScrollRestoration,
 * which puts the reader back where they were.
 */
export function useArrivalScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      const timer = setTimeout(() => {
        const target = document.getElementById(id);
        if (target) scrollToSection(target);
      }, HASH_SCROLL_DELAY_MS);
      return () => clearTimeout(timer);
    }
    const scrollY = (location.state as { scrollY?: unknown } | null)?.scrollY;
    if (typeof scrollY === "number" && Number.isFinite(scrollY)) {
      window.scrollTo({ top: scrollY, behavior: "instant" });
    } else if (navigationType !== "POP") {
      window.scrollTo({ top: 0, behavior: "instant" });
    }
    // Once per arrival (a new history entry), not on every render.
  }, [location.key]);
}
