import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { MobileMenu } from "./MobileMenu";
import { NavItem } from "./NavItem";
import { SectionLink } from "./SectionLink";
import { SiteLogo } from "./SiteLogo";
import { BOOK_ONLINE, DASHBOARD_PATH, HEADER_SCROLL_THRESHOLD_PX, NAV_ITEMS } from "./site-nav";
import { focusRing } from "./styles";
import { useIsStaff } from "./use-site-settings";

/**
 * The fixed navigation bar: transparent over the dark hero, dark and blurred
 * once the page has scrolled. Until the script has measured the scroll
 * position (on the server, before hydration, without JavaScript) it is opaque,
 * so its white text stays readable over the light sections too. Below the lg
 * breakpoint the items collapse into a menu (MobileMenu): with Book Online
 * beside Get a Quote, the bar holds all of them from 1024 px.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setMenuOpen(false);
  const isStaff = useIsStaff();

  // A route change (e.g. the back button) closes the menu too; not the first render, when
  // MobileMenu may be keeping open a menu opened before hydration.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    close();
  }, [pathname]);

  // The open menu covers the page, so it is opaque; once scrolled, the bar lets a blurred page show through.
  const background = menuOpen
    ? "bg-ink-900 shadow-lg shadow-black/30 backdrop-blur-md"
    : scrolled === undefined
      ? "bg-ink-900"
      : scrolled
        ? "bg-ink-900/85 shadow-lg shadow-black/20 backdrop-blur-md"
        : "bg-transparent";
  return (
    <header
      data-scrolled={scrolled === undefined ? undefined : String(scrolled)}
      className={`fixed inset-x-0 top-0 z-50 text-white transition-[background-color,box-shadow,backdrop-filter] duration-300 ${background}`}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-ink-900 focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 md:h-20 lg:px-8">
        {/* Named by its visible text (WCAG 2.5.3, label in name): no aria-label. */}
        <Link to="/" className={`rounded-lg ${focusRing}`} onClick={close}>
          <SiteLogo />
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <NavItem item={item} className={`rounded-full px-4 py-2 text-sm font-medium text-slate-200 transition hover:bg-white/10 hover:text-white ${focusRing}`} />
            </li>
          ))}
        </ul>

        <div className="flex items-center gap-2">
          {isStaff && (
            // A full page load: the dashboard's code and stylesheet are no part of the public pages.
            <a
              href={DASHBOARD_PATH}
              className={`hidden rounded-full px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/30 transition hover:bg-white/10 lg:inline-flex ${focusRing}`}
            >
              Dashboard
            </a>
          )}
          <Link
            to={BOOK_ONLINE.to}
            onClick={close}
            className={`hidden whitespace-nowrap rounded-full px-4 py-2.5 text-sm font-semibold text-white ring-1 ring-white/30 transition hover:bg-white/10 sm:inline-flex ${focusRing}`}
          >
            {BOOK_ONLINE.label}
          </Link>
          <SectionLink
            anchor="contact"
            onNavigate={close}
            className={`hidden whitespace-nowrap rounded-full bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-lg shadow-brand-500/30 transition hover:bg-brand-700 sm:inline-flex ${focusRing}`}
          >
            Get a Quote
          </SectionLink>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </div>
      </nav>
    </header>
  );
}

/** Whether the page has scrolled past `threshold`; undefined until measured in the browser. */
function useScrolledPast(threshold: number): boolean | undefined {
  const [scrolled, setScrolled] = useState<boolean>();
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}
