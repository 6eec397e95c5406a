import { Clock, Mail, MapPin, Phone, icon } from "./icons";
import { businessTel } from "~/lib/site-settings";
import { sectionClass } from "./SectionHeading";
import { QuoteForm } from "./QuoteForm";
import { QUOTE_ANCHOR } from "./QuoteField";
import { focusRing } from "./styles";
import { useSiteSettings } from "./use-site-settings";

// Drawn with lucide's paths (./icons); here, as only this section uses it.
const CalendarClock = /* @__PURE__ */ icon("calendar-clock", [["path",{"d":"M16 14v2.2l1.6 1"}],["path",{"d":"M16 2v3"}],["path",{"d":"M21 7.338V5a2 2 0 00-2-2H5a2 2 0 00-2 2v14a2 2 0 002 2h2.338"}],["path",{"d":"M3 9h5.859"}],["path",{"d":"M8 2v3"}],["circle",{"cx":"16","cy":"16","r":"6"}]]);

/** The contact section: how to reach the business, and the quote form. */
export function ContactSection() {
  const settings = useSiteSettings();
  const link = `font-semibold text-white underline-offset-4 hover:underline ${focusRing}`;
  return (
    <section
      id="contact"
      aria-labelledby="contact-heading"
      className={`relative isolate overflow-hidden bg-ink-900 text-white ${sectionClass}`}
    >
      <div aria-hidden="true" className="absolute -right-40 -top-40 -z-10 h-[32rem] w-[32rem] rounded-full bg-brand-600/25 blur-3xl" />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5 lg:gap-16 lg:px-8">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-400">Contact</p>
          <h2 id="contact-heading" className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">
            Get Your Free Quote
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-300">
            Tell us about your car, truck or boat and we'll get back to you {settings.responseTime} with a personalized quote.
            Prefer to talk? Call, text or e-mail us.
          </p>
          <ul className="mt-8 space-y-5">
            <ContactLine icon={<Phone aria-hidden="true" className="h-5 w-5" />} label="Call or text">
              <a href={businessTel(settings) || undefined} className={`${link} whitespace-nowrap`}>
                {settings.phone}
              </a>
            </ContactLine>
            <ContactLine icon={<Mail aria-hidden="true" className="h-5 w-5" />} label="E-mail">
              <a href={`mailto:${settings.publicEmail}`} className={link}>
                {settings.publicEmail}
              </a>
            </ContactLine>
            <ContactLine icon={<MapPin aria-hidden="true" className="h-5 w-5" />} label="Service area">
              <span className="font-semibold">{settings.serviceArea}</span>
            </ContactLine>
            <ContactLine icon={<Clock aria-hidden="true" className="h-5 w-5" />} label="Response time">
              <span className="font-semibold">Quotes {settings.responseTime}</span>
            </ContactLine>
            {settings.openingHours && (
              <ContactLine icon={<CalendarClock aria-hidden="true" className="h-5 w-5" />} label="Opening hours">
                <span className="whitespace-pre-line font-semibold">{settings.openingHours}</span>
              </ContactLine>
            )}
          </ul>
        </div>
        {/* The no-JavaScript post lands here (QUOTE_ANCHOR), below the fixed header, its answer in view. */}
        <div id={QUOTE_ANCHOR} className="scroll-mt-20 lg:col-span-3 md:scroll-mt-24">
          <QuoteForm />
        </div>
      </div>
    </section>
  );
}

function ContactLine({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-4">
      <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-brand-400">{icon}</span>
      <span>
        <span className="block text-sm text-slate-400">{label}</span>
        {children}
      </span>
    </li>
  );
}
