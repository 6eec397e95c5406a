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
 *
 * `vehicleType` makes it a link to the quote form with its Vehicle Type filled
 * in, `Quote My Boat` (docs/decisions/0102): its address carries the value
 * (`/?vehicle_type=Boat#quote-request`), which the page rendered for it fills
 * in (quotePrefill) when it is opened anew, with or without JavaScript; with
 * JavaScript, on the page holding the form, the field is filled in place.
 */
export function SectionLink({
  anchor,
  vehicleType,
  onNavigate,
  children,
  ...props
}: {
  anchor: string;
  vehicleType?: string;
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
    // The form's checks read the fields when they run: setting the value is enough.
    const field = vehicleType && target?.querySelector<HTMLInputElement>("[name=vehicle_type]");
    if (field) field.value = vehicleType;
    if (target) scrollToSection(target);
    else void navigate("/", { state: { section: anchor } satisfies ArrivalState });
  }
  return (
    <Link to={`/${vehicleType ? "?vehicle_type=" + vehicleType : ""}#${anchor}`} onClick={handleClick} {...props}>
      {children}
    </Link>
  );
}
