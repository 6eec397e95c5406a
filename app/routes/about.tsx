import { ArrowRight, FlaskConical, GraduationCap, HeartHandshake } from "lucide-react";
import { PublicLayout } from "~/components/site/PublicLayout";
import { SectionLink } from "~/components/site/SectionLink";
import { primaryButton } from "~/components/site/styles";
import { business } from "~/lib/business";
import { pageMeta } from "~/lib/seo";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/about";

export function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(request) };
}

const VALUES = [
  {
    icon: FlaskConical,
    title: "Every product researched",
    text: "Nothing touches your paint, gel coat or upholstery until we know exactly what is in it and what it does.",
  },
  {
    icon: GraduationCap,
    title: "Always learning",
    text: "Coatings, compounds and techniques keep improving, and so do we: training and study never stop.",
  },
  {
    icon: HeartHandshake,
    title: "Treated like our own",
    text: "Every car and boat gets the care we would want for ours, at your home, office, dock or marina.",
  },
];

export default function About() {
  return (
    <PublicLayout>
      <section aria-labelledby="about-heading" className="relative isolate overflow-hidden bg-ink-900 pb-16 pt-32 text-white sm:pb-24 sm:pt-40">
        <div aria-hidden="true" className="absolute -left-40 -top-40 -z-10 h-[32rem] w-[32rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-400">Our story</p>
          <h1 id="about-heading" className="mt-3 text-4xl font-extrabold tracking-tight sm:text-6xl">
            About Us
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">
            {business.name} is a mobile detailing business serving {business.serviceArea}.
          </p>
        </div>
      </section>

      <section aria-labelledby="founder-heading" className="bg-white py-20 sm:py-28">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="founder-heading" className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
            Meet {business.founder}
          </h2>
          <div className="mt-8 space-y-5 text-lg leading-relaxed text-slate-700">
            <p>
              {business.founder} has always loved a clean car. What he did not love was the car wash: brushes that
              left swirl marks in the paint, harsh chemicals that dulled the trim, and interiors that were
              “cleaned” in ten rushed minutes. Unhappy with car washes and tired of paying for results he could do
              better himself, he started detailing his own vehicles, then those of friends and neighbors.
            </p>
            <p>
              From the start he refused to use a product he did not understand. {business.founder.split(" ")[0]} researches every
              chemical before it touches a customer's vehicle or boat: what it is made of, how it reacts with paint,
              gel coat, vinyl and leather, and what it leaves behind on your driveway or in the lake.
            </p>
            <p>
              That curiosity never stopped. He keeps studying new coatings, polishing methods and marine care
              techniques, so every car and boat gets the best the craft has to offer today, not what worked ten years
              ago. Today {business.shortName} brings that same care to drivers and boaters across West Michigan.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50 py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="values-heading" className="text-center text-3xl font-extrabold tracking-tight text-ink-900">
            What We Stand For
          </h2>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-3xl border border-slate-200 bg-white p-8 shadow-sm">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon aria-hidden="true" className="h-6 w-6" />
                </span>
                <h3 className="mt-5 text-lg font-bold text-ink-900">{title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-ink-900 py-20 text-center text-white sm:py-24">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="cta-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            Ready to Experience the Difference?
          </h2>
          <p className="mt-4 text-lg text-slate-300">Tell us about your car or boat and get a personalized quote within 24 hours.</p>
          {/* Scrolls to a contact section on this page if there is one, else goes to /#contact. */}
          <SectionLink anchor="contact" className={`mt-8 ${primaryButton}`}>
            Get My Free Quote
            <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </SectionLink>
        </div>
      </section>
    </PublicLayout>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: `About Us | ${business.shortName}`,
    description: `Meet ${business.founder}, founder of ${business.name}: careful, researched mobile car and boat detailing in ${business.locality}, MI.`,
    path: "/about",
    origin: loaderData?.origin,
  });
}
