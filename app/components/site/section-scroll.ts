/**
 * How the home page reaches one of its sections, shared by the link that asks
 * for it (SectionLink) and the arrival that performs it (useArrivalScroll).
 */

/** Navigation state the home page understands: a section to scroll to (SectionLink), or a scroll position. */
export interface ArrivalState {
  section?: string;
  scrollY?: number;
}

/** Scrolls to a section (smoothly unless the reader asked for less motion) and moves focus there. */
export function scrollToSection(target: HTMLElement) {
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduceMotion ? "instant" : "smooth", block: "start" });
  // Keyboard and screen-reader users continue from the section they chose.
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}
