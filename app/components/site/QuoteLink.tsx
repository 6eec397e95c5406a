import type { MouseEvent, ReactNode } from "react";
import { QUOTE_ANCHOR } from "./QuoteField";
import { scrollToSection } from "./section-scroll";

/**
 * `Quote My Car` / `Quote My Boat`: a link to the quote form with its Vehicle
 * Type filled in. It is a real `<a href="/?vehicle_type=Boat#quote-request">`:
 * without JavaScript (or in a new tab) the page rendered for that address
 * fills the field (quotePrefill) and the browser opens it at the form. With
 * JavaScript, on the page that holds the form, it fills the field in place and
 * brings the form into view, as a section link does: no new page.
 */
export function QuoteLink({ vehicleType, className, children }: { vehicleType: string; className?: string; children: ReactNode }) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = document.getElementById(QUOTE_ANCHOR);
    if (!target) return;
    event.preventDefault();
    const input = target.querySelector<HTMLInputElement>('input[name="vehicle_type"]');
    if (input) {
      input.value = vehicleType;
      // The form's validation follows typing: let it see the new value.
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    scrollToSection(target);
  }
  return (
    <a href={`/?vehicle_type=${vehicleType}#${QUOTE_ANCHOR}`} onClick={handleClick} className={className}>
      {children}
    </a>
  );
}
