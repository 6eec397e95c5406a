import { ArrowRight, Car, Check, Sailboat } from "./icons";
import { SectionHeading, sectionClass } from "./SectionHeading";
import { SectionLink } from "./SectionLink";
import { focusRing } from "./styles";

const CARDS = [
  {
    id: "automotive",
    title: "Automotive Detailing",
    icon: Car,
    anchor: "car-services",
    text: "Cars, trucks and SUVs cleaned, corrected and protected, inside and out, without leaving your driveway.",
    highlights: ["Interior and exterior detailing", "Paint correction", "Ceramic coating"],
  },
  {
    id: "marine",
    title: "Marine Detailing",
    icon: Sailboat,
    anchor: "boat-services",
    text: "Boats brought back to a bright, protected finish at your dock, marina or trailer, ready for the water.",
    highlights: ["Wash and wax", "Oxidation removal", "Marine-grade ceramic coating"],
  },
];

export function ServicesOverview() {
  return (
    <section id="services" aria-labelledby="services-heading" className={`bg-slate-50 ${sectionClass}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="services-heading" eyebrow="What we do" title="Our Services">
          Two specialties, one standard: meticulous, mobile detailing with products we have researched and trust.
        </SectionHeading>
        <div className="mt-14 grid gap-6 md:grid-cols-2 lg:gap-8">
          {CARDS.map(({ id, title, icon: Icon, anchor, text, highlights }) => (
            <article
              key={id}
              className="group relative flex flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white p-8 shadow-sm transition hover:-translate-y-1 hover:shadow-xl sm:p-10"
            >
              <div className="absolute -right-16 -top-16 h-48 w-48 rounded-full bg-brand-100/60 blur-2xl transition group-hover:bg-brand-100" aria-hidden="true" />
              <span className="relative inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-ink-900 text-brand-400">
                <Icon aria-hidden="true" className="h-7 w-7" />
              </span>
              <h3 id={`${id}-title`} className="relative mt-6 text-2xl font-bold text-ink-900">
                {title}
              </h3>
              <p className="relative mt-3 leading-relaxed text-slate-600">{text}</p>
              <ul className="relative mt-6 space-y-2">
                {highlights.map((h) => (
                  <li key={h} className="flex items-center gap-2 text-slate-700">
                    <Check aria-hidden="true" className="h-5 w-5 text-brand-500" />
                    {h}
                  </li>
                ))}
              </ul>
              <SectionLink
                anchor={anchor}
                aria-describedby={`${id}-title`}
                className={`relative mt-8 inline-flex w-fit items-center gap-2 rounded-full bg-ink-900 px-5 py-2.5 font-semibold text-white transition hover:bg-brand-600 ${focusRing}`}
              >
                Learn More
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </SectionLink>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
