import { ArrowRight, FlaskConical, GraduationCap, HeartHandshake } from "lucide-react";
import { PublicLayout } from "~/components/site/PublicLayout";
import { SectionLink } from "~/components/site/SectionLink";
import { primaryButton } from "~/components/site/styles";
import { settingsFromMatches, useSiteSettings } from "~/components/site/use-site-settings";
import { SITE_FACTS } from "~/lib/business";
import { shortName } from "~/lib/site-settings";
import { pageMeta } from "~/lib/seo";
import { fillPlaceholders } from "~/server/placeholders.server";
import { databaseContext } from "~/server/request-context.server";
import { getSettingsForPage } from "~/server/settings.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/about";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The story with the settings' current values in place of {phone}, {email}…;
  // while the database is down, the last ones read (the page is still served).
  const settings = await getSettingsForPage(context.get(databaseContext));
  return { origin: linkOrigin(request), story: fillPlaceholders(settings.aboutStory, settings) };
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

export default function About({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
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
            {settings.businessName} is a mobile detailing business serving {settings.serviceArea}.
          </p>
        </div>
      </section>

      <section aria-labelledby="founder-heading" className="bg-white py-20 sm:py-28">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="founder-heading" className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
            Meet {settings.founderName}
          </h2>
          <div
            className="mt-8 text-lg leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-400 [&_blockquote]:pl-4 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-ink-900 [&_li]:ml-6 [&_li[data-list=bullet]]:list-disc [&_li[data-list=ordered]]:list-decimal [&_ol]:my-4 [&_p+p]:mt-5 [&_.ql-align-center]:text-center [&_.ql-align-right]:text-right [&_strong]:text-ink-900"
            // The owner's story: rich text sanitised on the server when saved (app/server/settings.server.ts).
            dangerouslySetInnerHTML={{ __html: loaderData.story }}
          />
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
          <p className="mt-4 text-lg text-slate-300">Tell us about your car or boat and get a personalized quote {settings.responseTime}.</p>
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

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const settings = settingsFromMatches(matches);
  return pageMeta({
    title: `About Us | ${shortName(settings.businessName)}`,
    description: `Meet ${settings.founderName}, founder of ${settings.businessName}: careful, researched mobile car and boat detailing in ${SITE_FACTS.locality}, MI.`,
    siteName: settings.businessName,
    path: "/about",
    origin: loaderData?.origin,
  });
}
