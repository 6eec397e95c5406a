import { ArrowRight, Car, Clock, MapPin, Sailboat } from "./icons";
import { SITE_FACTS } from "~/lib/business";
import { HeroPanel } from "./HeroPanel";
import { QUOTE_ANCHOR } from "./QuoteField";
import { Link } from "react-router";
import { SectionLink } from "./SectionLink";
import { BOOK_ONLINE } from "./site-nav";
import { primaryButton, secondaryButton } from "./styles";
import { useSiteSettings } from "./use-site-settings";

export function Hero() {
  const settings = useSiteSettings();
  // The words after the last comma are highlighted ("…, delivered to you").
  const cut = settings.heroHeadline.lastIndexOf(", ");
  const [lead, highlight] = cut > 0 ? [settings.heroHeadline.slice(0, cut + 1), settings.heroHeadline.slice(cut + 2)] : [settings.heroHeadline, ""];
  return (
    <section
      id="hero"
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-ink-900 pb-20 pt-32 text-white sm:pb-28 sm:pt-40 lg:pb-36 lg:pt-48"
    >
      <HeroBackdrop />
      <div className="mx-auto grid max-w-7xl items-center gap-16 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:px-8 xl:grid-cols-[minmax(0,1fr)_28rem]">
        <div className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-400/30 bg-brand-400/10 px-4 py-1.5 text-sm font-medium text-brand-100">
            <MapPin aria-hidden="true" className="h-4 w-4 text-brand-400" />
            Mobile detailing in {SITE_FACTS.locality}, Michigan
          </p>
          <h1 id="hero-heading" className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl xl:text-7xl">
            {lead}
            {highlight && (
              <>
                {" "}
                <span className="bg-gradient-to-r from-brand-400 to-cyan-300 bg-clip-text text-transparent">{highlight}</span>
              </>
            )}
          </h1>
          <p className="mt-6 max-w-2xl whitespace-pre-line text-lg leading-relaxed text-slate-300 sm:text-xl">
            {settings.heroText}
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to={BOOK_ONLINE.to} className={primaryButton}>
              {BOOK_ONLINE.label}
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
            <SectionLink anchor="contact" className={secondaryButton}>
              Get a Quote
            </SectionLink>
            <SectionLink anchor={QUOTE_ANCHOR} vehicleType="Car" className={secondaryButton}>
              <Car aria-hidden="true" className="h-5 w-5" />
              Quote My Car
            </SectionLink>
            <SectionLink anchor={QUOTE_ANCHOR} vehicleType="Boat" className={secondaryButton}>
              <Sailboat aria-hidden="true" className="h-5 w-5" />
              Quote My Boat
            </SectionLink>
          </div>
          <ul className="mt-12 grid max-w-2xl grid-cols-1 gap-4 text-sm text-slate-300 sm:grid-cols-3">
            <HeroFact icon={<MapPin aria-hidden="true" className="h-5 w-5 text-brand-400" />}>We come to you</HeroFact>
            <HeroFact icon={<Sailboat aria-hidden="true" className="h-5 w-5 text-brand-400" />}>Cars, trucks &amp; boats</HeroFact>
            <HeroFact icon={<Clock aria-hidden="true" className="h-5 w-5 text-brand-400" />}>Free quote {settings.responseTime}</HeroFact>
          </ul>
        </div>
        <HeroPanel />
      </div>
    </section>
  );
}

function HeroFact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-white/10 bg-white/5 px-4 py-3 backdrop-blur">
      {icon}
      <span className="font-medium">{children}</span>
    </li>
  );
}

// Soft light and a faint reflection grid, drawn in CSS/SVG so the hero needs no photo download.
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="absolute inset-0 -z-10">
      <div className="absolute -left-40 -top-40 h-[36rem] w-[36rem] rounded-full bg-brand-600/30 blur-3xl" />
      <div className="absolute -right-32 top-1/3 h-[28rem] w-[28rem] rounded-full bg-cyan-400/15 blur-3xl" />
      <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-t from-ink-900 to-transparent" />
      <svg className="absolute inset-0 h-full w-full opacity-[0.07]" xmlns="http://www.w3.org/2000/svg">
        <defs>
          <pattern id="hero-grid" width="48" height="48" patternUnits="userSpaceOnUse">
            <path d="M48 0H0v48" fill="none" stroke="white" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-grid)" />
      </svg>
    </div>
  );
}
