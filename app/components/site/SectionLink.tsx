import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";

/**
 * A link to a section of the home page. It is a real `<a href="/#anchor">`, so
 * it works before JavaScript loads and from any page. With JavaScript, when
 * the section is on the current page it scrolls there smoothly (and moves
 * focus for keyboard users); otherwise it navigates to the home page, whose
 * arrival scroll (useArrivalScroll) takes over.
 */
export function SectionLink({
  anchor,
  onNavigate,
  children,
  ...props
}: {
  anchor: string;
  onNavigate?: () => void;
  children: ReactNode;
  className?: string;
  "aria-describedby"?: string;
}) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onNavigate?.();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = document.getElementById(anchor);
    if (!target) return;
    event.preventDefault();
    scrollToSection(target);
  }
  return (
    <Link to={`/#${anchor}`} onClick={handleClick} {...props}>
      {children}
    </Link>
  );
}

export function scrollToSection(target: HTMLElement) {
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduceMotion ? "instant" : "smooth", block: "start" });
  // Keyboard and screen-reader users continue from the section they chose.
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}
