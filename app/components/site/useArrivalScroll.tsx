import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { useNonce } from "~/lib/nonce";
import { scrollToSection, type ArrivalState } from "./section-scroll";

/** How long to wait before scrolling to the URL's hash target: long enough for the layout to settle. */
export const HASH_SCROLL_DELAY_MS = 100;

// Where ArrivalHashScript leaves the hash of a full page load for the app (see there).
const PENDING = "__arrivalHash";
type PendingWindow = Window & { [PENDING]?: string };

/**
 * Where the home page lands on arrival: the section asked for (the URL's hash,
 * the hash a full page load arrived with, or a SectionLink's navigation state),
 * smoothly, after 100 ms (so layout has settled); else a scroll position
 * carried in the navigation state (`navigate("/", { state: { scrollY } })`);
 * else the top. Back/forward without either is left to React Router's
 * ScrollRestoration, which puts the reader back where they were.
 */
export function useArrivalScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    const state = location.state as ArrivalState | null;
    const section = location.hash ? decodeHash(location.hash) : (state?.section ?? takeLoadHash());
    if (section) {
      if (!location.hash) showHashInUrl(location.pathname, section);
      const timer = setTimeout(() => {
        const target = document.getElementById(section);
        if (target) scrollToSection(target);
      }, HASH_SCROLL_DELAY_MS);
      return () => clearTimeout(timer);
    }
    const scrollY = state?.scrollY;
    if (typeof scrollY === "number" && Number.isFinite(scrollY)) {
      window.scrollTo({ top: scrollY, behavior: "instant" });
    } else if (navigationType !== "POP") {
      window.scrollTo({ top: 0, behavior: "instant" });
    }
    // Once per arrival (a new history entry), not on every render.
  }, [location.key]);
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

function takeLoadHash(): string | undefined {
  const w = window as PendingWindow;
  const hash = w[PENDING];
  delete w[PENDING];
  return hash ? decodeHash(hash) : undefined;
}

/**
 * Puts `#section` in the address bar (for bookmarks and sharing) without
 * scrolling: history.replaceState, keeping React Router's entry. Only once
 * the document has loaded: until then Chrome would still jump to it.
 */
function showHashInUrl(pathname: string, section: string) {
  const put = () => {
    if (window.location.pathname === pathname && !window.location.hash) {
      window.history.replaceState(window.history.state, "", `#${section}`);
    }
  };
  if (document.readyState === "complete") put();
  else window.addEventListener("load", put, { once: true });
}

// Minified by hand: it runs as the body is parsed, before the sections exist, so the browser has
// no fragment to jump to. Kept for reduced motion (the jump is what they want). If the app never
// takes the hash (its script failed), it jumps there itself 3 s after load.
// Only the server writes it: it has run by the time the page hydrates, and React leaves an inline
// script's content as the server sent it (so the browser's bundle need not carry the text).
const SCRIPT = !import.meta.env.SSR ? "" : `(function(){var h=location.hash,w=window;if(!h||matchMedia("(prefers-reduced-motion: reduce)").matches)return;w.${PENDING}=h;history.replaceState(history.state,"",location.pathname+location.search);addEventListener("load",function(){setTimeout(function(){if(w.${PENDING}===h){delete w.${PENDING};location.replace(h)}},3000)})})()`;

/**
 * A full page load of `/#section` should also scroll smoothly after 100 ms,
 * not jump while loading: rendered first in the home page's body, this inline
 * script hands the hash to useArrivalScroll (which puts it back in the URL).
 * Without JavaScript nothing runs and the browser jumps as usual.
 */
export function ArrivalHashScript() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
