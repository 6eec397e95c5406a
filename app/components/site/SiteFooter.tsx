import { Clock, Mail, MapPin, Phone } from "./icons";
import { Link } from "react-router";
import { SITE_FACTS } from "~/lib/business";
import { businessTel } from "~/lib/site-settings";
import { NavItem } from "./NavItem";
import { SiteLogo } from "./SiteLogo";
import { BOOK_ONLINE, NAV_ITEMS } from "./site-nav";
import { focusRing } from "./styles";
import { useSiteSettings } from "./use-site-settings";

export function SiteFooter() {
  const settings = useSiteSettings();
  const year = new Date().getFullYear();
  const link = `rounded transition hover:text-white ${focusRing}`;
  return (
    <footer id="site-footer" className="border-t border-white/10 bg-ink-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <SiteLogo className="text-white" />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-400">{SITE_FACTS.tagline}</p>
          {settings.facebookUrl && (
            <a
              href={settings.facebookUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`mt-5 inline-flex items-center gap-2 rounded-full border border-white/15 px-4 py-2 text-sm font-medium text-slate-200 transition hover:border-white/40 hover:text-white ${focusRing}`}
            >
              <FacebookIcon />
              Facebook
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex items-center gap-3">
              <Phone aria-hidden="true" className="h-4 w-4 text-brand-400" />
              <a href={businessTel(settings) || undefined} className={`${link} whitespace-nowrap`}>
                {settings.phone}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Mail aria-hidden="true" className="h-4 w-4 text-brand-400" />
              <a href={`mailto:${settings.publicEmail}`} className={link}>
                {settings.publicEmail}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 text-brand-400" />
              <span>Proudly serving {settings.serviceArea}</span>
            </li>
            {settings.openingHours && (
              <li className="flex items-start gap-3">
                <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 text-brand-400" />
                <span className="whitespace-pre-line">{settings.openingHours}</span>
              </li>
            )}
          </ul>
        </div>

        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Explore</h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 text-sm">
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <NavItem item={item} className={link} />
              </li>
            ))}
            {FOOTER_PAGES.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className={link}>
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {settings.businessName}. All rights reserved.
          </p>
          <p>
            <a href={SITE_FACTS.credit.url} className={`underline-offset-4 hover:underline ${link}`}>
              {SITE_FACTS.credit.label}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}

// lucide dropped brand logos, so the Facebook "f" is drawn here.
function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
      <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5H16.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z" />
    </svg>
  );
}

/** Pages the main navigation leaves out, linked from every page's footer. */
const FOOTER_PAGES = [
  BOOK_ONLINE,
  { label: "Gallery", to: "/gallery" },
  { label: "Care Guides", to: "/care-guides" },
];
