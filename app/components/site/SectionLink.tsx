import type { MouseEvent, ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { scrollToSection, type ArrivalState } from "./section-scroll";

/**
 * A link to a section of the home page. It is a real `<a href="/#anchor">`, so
 * it works before JavaScript loads, without it, and in a new tab. With
 * JavaScript, when the section is on the current page it scrolls there
 * smoothly (and moves focus for keyboard users); otherwise it goes to the home
 * page with the section in the navigation state, not in the URL: React
 * Router's ScrollRestoration would jump straight to a hash, and the spec wants
 * a smooth scroll after 100 ms, which useArrivalScroll does (and then puts the
 * hash in the address bar).
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
  const navigate = useNavigate();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onNavigate?.();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const target = document.getElementById(anchor);
    if (target) scrollToSection(target);
    else void navigate("/", { state: { section: anchor } satisfies ArrivalState });
  }
  return (
    <Link to={`/#${anchor}`} onClick={handleClick} {...props}>
      {children}
    </Link>
  );
}
