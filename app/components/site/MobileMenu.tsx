import { Menu, X } from "./icons";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { NavItem } from "./NavItem";
import { SectionLink } from "./SectionLink";
import { BOOK_ONLINE, DASHBOARD_PATH, NAV_ITEMS } from "./site-nav";
import { useIsStaff } from "./use-site-settings";
import { focusRing } from "./styles";

const toggleClass = `inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full text-white transition hover:bg-white/10 ${focusRing}`;

/**
 * The navigation below the lg breakpoint: a toggle and a panel under the bar.
 *
 * Server-rendered (so before hydration and without JavaScript) it is a
 * <details>/<summary>, which opens natively with mouse, keyboard and screen
 * readers. Once the script runs, the UI contract's button ("Open menu" /
 * "Close menu", aria-expanded) takes over; a menu the visitor had already
 * opened stays open, and focus that was in it goes to the new toggle.
 */
export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const details = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const hadFocus = useRef(false);

  useEffect(() => {
    const el = details.current;
    if (el?.open) onOpenChange(true);
    hadFocus.current = !!el?.contains(document.activeElement);
    setEnhanced(true);
    // Once, at hydration.
  }, []);
  useEffect(() => {
    if (enhanced && hadFocus.current) button.current?.focus();
  }, [enhanced]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      onOpenChange(false);
      button.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onOpenChange]);

  if (!enhanced) {
    return (
      <details ref={details} className="group lg:hidden">
        <summary className={`list-none [&::-webkit-details-marker]:hidden ${toggleClass}`}>
          <Menu aria-hidden="true" className="h-6 w-6 group-open:hidden" />
          <X aria-hidden="true" className="hidden h-6 w-6 group-open:block" />
          {/* The name follows the state, as the button's does: only the shown span is in the accessibility tree. */}
          <span className="sr-only group-open:hidden">Open menu</span>
          <span className="sr-only hidden group-open:inline">Close menu</span>
        </summary>
        <MenuPanel />
      </details>
    );
  }
  return (
    <div className="lg:hidden">
      <button
        ref={button}
        type="button"
        className={toggleClass}
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => onOpenChange(!open)}
      >
        {open ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
      </button>
      <MenuPanel hidden={!open} onNavigate={() => onOpenChange(false)} />
    </div>
  );
}

// Positioned under the fixed header (its containing block), opaque because it covers the page.
function MenuPanel({ hidden, onNavigate }: { hidden?: boolean; onNavigate?: () => void }) {
  const isStaff = useIsStaff();
  return (
    <div
      id="mobile-menu"
      hidden={hidden}
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/10 bg-ink-900 shadow-lg shadow-black/30"
    >
      <ul className="space-y-1 px-4 pb-6 pt-3">
        {NAV_ITEMS.map((item) => (
          <li key={item.label}>
            <NavItem
              item={item}
              onNavigate={onNavigate}
              className={`block rounded-xl px-4 py-3 text-base font-medium text-slate-100 hover:bg-white/10 ${focusRing}`}
            />
          </li>
        ))}
        {isStaff && (
          <li>
            <a href={DASHBOARD_PATH} className={`block rounded-xl px-4 py-3 text-base font-medium text-slate-100 hover:bg-white/10 ${focusRing}`}>
              Dashboard
            </a>
          </li>
        )}
        <li className="pt-2">
          <Link
            to={BOOK_ONLINE.to}
            onClick={onNavigate}
            className={`block rounded-xl px-4 py-3 text-center text-base font-semibold text-white ring-1 ring-white/30 hover:bg-white/10 ${focusRing}`}
          >
            {BOOK_ONLINE.label}
          </Link>
        </li>
        <li>
          <SectionLink
            anchor="contact"
            onNavigate={onNavigate}
            className={`block rounded-xl bg-brand-600 px-4 py-3 text-center text-base font-semibold text-white hover:bg-brand-700 ${focusRing}`}
          >
            Get a Quote
          </SectionLink>
        </li>
      </ul>
    </div>
  );
}
