import { ArrowLeft, Download, ExternalLink, Mail } from "lucide-react";
import { Link } from "react-router";
import { PublicLayout } from "~/components/site/PublicLayout";
import { RichText } from "~/components/site/RichText";
import { focusRing, primaryButton } from "~/components/site/styles";
import { settingsFromMatches } from "~/components/site/use-site-settings";
import { pageMeta } from "~/lib/seo";
import { shortName } from "~/lib/site-settings";
import { getPublishedCareGuide } from "~/server/care-guides.server";
import { databaseContext } from "~/server/request-context.server";
import { getSettingsForPage } from "~/server/settings.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/care-guides.$slug";

/**
 * /care-guides/{slug}: one published guide. An unknown, malformed or
 * unpublished slug is the site's 404 page (the root ErrorBoundary).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const guide = await getPublishedCareGuide(db, params.slug, await getSettingsForPage(db));
  if (!guide) throw new Response("Care guide not found", { status: 404, statusText: "Not Found" });
  return { origin: linkOrigin(request), guide };
}

/** "2026-11-20" as "November 20, 2026", the same on the server and in the browser. */
function longDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "long" });
}

export default function CareGuidePage({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData;
  const link = `font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600 ${focusRing} rounded`;
  return (
    <PublicLayout>
      {/* Dark at the top, like /about: the fixed header is transparent with white text up here. */}
      <section aria-labelledby="guide-heading" className="relative isolate overflow-hidden bg-ink-900 pb-14 pt-32 text-white sm:pb-20 sm:pt-40">
        <div aria-hidden="true" className="absolute -left-40 -top-40 -z-10 h-[32rem] w-[32rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <Link
            to="/care-guides"
            className={`inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-400 hover:text-white ${focusRing}`}
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            All care guides
          </Link>
          <h1 id="guide-heading" className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {guide.title}
          </h1>
          {guide.summary && <p className="mt-5 text-lg leading-relaxed text-slate-300">{guide.summary}</p>}
          {guide.reviewedOn && (
            <p className="mt-5 text-sm text-slate-400">
              Last reviewed <time dateTime={guide.reviewedOn}>{longDate(guide.reviewedOn)}</time>
            </p>
          )}
        </div>
      </section>

      <article aria-labelledby="guide-heading" className="bg-white py-14 sm:py-20">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          {guide.cover && (
            <img src={guide.cover} alt="" decoding="async" className="mb-12 aspect-[16/9] w-full rounded-3xl bg-slate-100 object-cover shadow-sm" />
          )}
          <RichText html={guide.body} />

          {(guide.pdf || guide.productUrl || guide.contactEmail) && (
            <aside aria-label="More from this guide" className="mt-14 rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
              {guide.pdf && (
                <a href={guide.pdf} download className={primaryButton}>
                  <Download aria-hidden="true" className="h-5 w-5" />
                  Download the PDF guide
                </a>
              )}
              <ul className={`space-y-3 text-slate-700 ${guide.pdf ? "mt-6" : ""}`}>
                {guide.productUrl && (
                  <li className="flex items-center gap-3">
                    <ExternalLink aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
                    <a href={guide.productUrl} target="_blank" rel="noopener noreferrer" className={link}>
                      Shop the recommended products
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                )}
                {guide.contactEmail && (
                  <li className="flex items-center gap-3">
                    <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
                    <span>
                      Questions about this guide? E-mail{" "}
                      <a href={`mailto:${guide.contactEmail}`} className={link}>
                        {guide.contactEmail}
                      </a>
                    </span>
                  </li>
                )}
              </ul>
            </aside>
          )}
        </div>
      </article>
    </PublicLayout>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  // A 404 has no data: the error page sets its own title.
  if (!loaderData) return [];
  const { guide, origin } = loaderData;
  const name = shortName(settingsFromMatches(matches).businessName);
  return pageMeta({
    title: `${guide.title} | Care Guides | ${name}`,
    description: guide.summary || `${guide.title}: an aftercare guide from ${name} for looking after your car or boat after a detail.`,
    path: `/care-guides/${guide.slug}`,
    origin,
  });
}
