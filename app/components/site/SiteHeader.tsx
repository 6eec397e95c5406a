import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { business } from "~/lib/business";
import { SectionLink } from "./SectionLink";
import { SiteLogo } from "./SiteLogo";
import { HEADER_SCROLL_THRESHOLD_PX, NAV_ITEMS } from "./site-nav";
import { focusRing } from "./styles";

/**
 * The fixed navigation bar: transparent over the dark hero, dark and blurred
 * once the page has scrolled. Below the md breakpoint the items collapse into
 * a menu toggled by a button.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setMenuOpen(false);

  // A route change (e.g. to /about) closes the menu too.
  useEffect(close, [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  // The open menu covers the page, so it is opaque; once scrolled, the bar lets a blurred page show through.
  const background = menuOpen
    ? "bg-ink-900 shadow-lg shadow-black/30 backdrop-blur-md"
    : scrolled
      ? "bg-ink-900/85 shadow-lg shadow-black/20 backdrop-blur-md"
      : "bg-transparent";
  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-50 text-white transition-[background-color,box-shadow,backdrop-filter] duration-300 ${background}`}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-ink-900 focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 md:h-20 lg:px-8">
        <Link to="/" className={`rounded-lg ${focusRing}`} aria-label={`${business.shortName} home`} onClick={close}>
          <SiteLogo />
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <NavItem item={item} className={`rounded-full px-4 py-2 text-sm font-medium text-slate-200 transition hover:bg-white/10 hover:text-white ${focusRing}`} />
            </li>
          ))}
        </ul>

        <div className="flex items-center gap-2">
          <SectionLink
            anchor="contact"
            onNavigate={close}
            className={`hidden rounded-full bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-lg shadow-brand-500/30 transition hover:bg-brand-700 sm:inline-flex ${focusRing}`}
          >
            Get a Quote
          </SectionLink>
          <button
            type="button"
            className={`inline-flex h-11 w-11 items-center justify-center rounded-full text-white transition hover:bg-white/10 md:hidden ${focusRing}`}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          </button>
        </div>
      </nav>

      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-white/10 md:hidden">
        <ul className="space-y-1 px-4 pb-6 pt-3">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <NavItem item={item} onNavigate={close} className={`block rounded-xl px-4 py-3 text-base font-medium text-slate-100 hover:bg-white/10 ${focusRing}`} />
            </li>
          ))}
          <li className="pt-2">
            <SectionLink
              anchor="contact"
              onNavigate={close}
              className={`block rounded-xl bg-brand-600 px-4 py-3 text-center text-base font-semibold text-white hover:bg-brand-700 ${focusRing}`}
            >
              Get a Quote
            </SectionLink>
          </li>
        </ul>
      </div>
    </header>
  );
}

export function NavItem({
  item,
  className,
  onNavigate,
}: {
  item: (typeof NAV_ITEMS)[number];
  className: string;
  onNavigate?: () => void;
}) {
  if ("anchor" in item) {
    return (
      <SectionLink anchor={item.anchor} className={className} onNavigate={onNavigate}>
        {item.label}
      </SectionLink>
    );
  }
  return (
    <Link to={item.to} className={className} onClick={onNavigate}>
      {item.label}
    </Link>
  );
}

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}
