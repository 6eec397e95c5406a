import { shortName } from "~/lib/site-settings";
import { useSiteSettings } from "./use-site-settings";

/**
 * The brand mark (a water drop with a glint), the business's short name and
 * "Mobile Detailing". The text takes the surrounding colour; `onLight` darkens
 * the second line, whose light blue is only legible on the dark header and footer.
 */
export function SiteLogo({ className = "", onLight = false }: { className?: string; onLight?: boolean }) {
  const { businessName } = useSiteSettings();
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <svg viewBox="0 0 32 32" className="h-9 w-9 shrink-0" aria-hidden="true">
        <defs>
          <linearGradient id="logo-drop" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#38a7f8" />
            <stop offset="1" stopColor="#0270c7" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="#111a2e" />
        <path d="M16 5c4.5 6 8 10 8 14a8 8 0 0 1-16 0c0-4 3.5-8 8-14z" fill="url(#logo-drop)" />
        <path d="M12.5 19.5a3.5 3.5 0 0 0 3.5 3.5" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" fill="none" />
        <path d="M25 4.5l.8 1.7 1.7.8-1.7.8-.8 1.7-.8-1.7-1.7-.8 1.7-.8z" fill="#fff" />
      </svg>
      <span className="leading-tight">
        <span className="block text-lg font-extrabold tracking-tight">{shortName(businessName)}</span>
        {/* The space keeps the two lines apart in the accessible name ("… Wheels Mobile Detailing"). */}{" "}
        <span className={`block text-[0.65rem] font-semibold uppercase tracking-[0.2em] ${onLight ? "text-brand-700" : "text-brand-400"}`}>
          Mobile Detailing
        </span>
      </span>
    </span>
  );
}
