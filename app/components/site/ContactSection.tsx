import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { business } from "~/lib/business";
import { sectionClass } from "./SectionHeading";
import { QuoteForm } from "./QuoteForm";
import { focusRing } from "./styles";

/** The contact section: how to reach the business, and the quote form. */
export function ContactSection() {
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
            Tell us about your car, truck or boat and we'll get back to you within 24 hours with a personalized quote.
            Prefer to talk? Call, text or e-mail us.
          </p>
          <ul className="mt-8 space-y-5">
            <ContactLine icon={<Phone aria-hidden="true" className="h-5 w-5" />} label="Call or text">
              <a href={`tel:${business.phoneE164}`} className={link}>
                {business.phone}
              </a>
            </ContactLine>
            <ContactLine icon={<Mail aria-hidden="true" className="h-5 w-5" />} label="E-mail">
              <a href={`mailto:${business.email}`} className={link}>
                {business.email}
              </a>
            </ContactLine>
            <ContactLine icon={<MapPin aria-hidden="true" className="h-5 w-5" />} label="Service area">
              <span className="font-semibold">{business.serviceArea}</span>
            </ContactLine>
            <ContactLine icon={<Clock aria-hidden="true" className="h-5 w-5" />} label="Response time">
              <span className="font-semibold">Quotes within 24 hours</span>
            </ContactLine>
          </ul>
        </div>
        <div className="lg:col-span-3">
          {/* The quote form (built with its schema and action by the quote work). */}
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
