import { SectionHeading, sectionClass } from "./SectionHeading";
import { ServiceIcon } from "./ServiceIcon";

/** One service as the home page shows it (a row of the `services` table, app/server/services.server.ts). */
export interface ServiceItem {
  id: number;
  title: string;
  description: string;
  /** A name of SERVICE_ICONS (app/lib/service-icons.ts). */
  icon: string;
}

/** A section listing one specialty's services as a grid of cards. */
export function ServiceListSection({
  id,
  eyebrow,
  title,
  intro,
  services,
  dark = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  services: ServiceItem[];
  dark?: boolean;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`${dark ? "bg-ink-900" : "bg-white"} ${sectionClass}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={`${id}-heading`} eyebrow={eyebrow} title={title} dark={dark}>
          {intro}
        </SectionHeading>
        {services.length > 0 && (
          <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {services.map(({ id, title, description, icon }) => (
              <li
                key={id}
                className={`flex gap-4 rounded-2xl border p-6 transition ${
                  dark
                    ? "border-white/10 bg-white/[0.04] hover:border-brand-400/40 hover:bg-white/[0.07]"
                    : "border-slate-200 bg-slate-50/60 hover:border-brand-400/50 hover:bg-white hover:shadow-lg"
                }`}
              >
                <span
                  className={`inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl ${
                    dark ? "bg-brand-500/15 text-brand-400" : "bg-brand-50 text-brand-600"
                  }`}
                >
                  <ServiceIcon name={icon} className="h-6 w-6" />
                </span>
                <div>
                  <h3 className={`font-semibold ${dark ? "text-white" : "text-ink-900"}`}>{title}</h3>
                  <p className={`mt-1.5 text-sm leading-relaxed ${dark ? "text-slate-400" : "text-slate-600"}`}>{description}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
