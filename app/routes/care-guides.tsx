import { ArrowRight, BookOpen } from "lucide-react";
import { data, Link } from "react-router";
import { PublicLayout } from "~/components/site/PublicLayout";
import { focusRing } from "~/components/site/styles";
import { settingsFromMatches } from "~/components/site/use-site-settings";
import { Pager } from "~/components/ui/Pager";
import { listHref, listPager, pageCount, parseListQuery, withPage, type ListSpec } from "~/lib/list-query";
import { pageMeta } from "~/lib/seo";
import { shortName } from "~/lib/site-settings";
import { listPublishedCareGuides } from "~/server/care-guides.server";
import { databaseContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/care-guides";

/** Guides per page: a multiple of the grid's 2 and 3 columns. */
export const CARE_GUIDES_PAGE_SIZE = 24;

/**
 * The public list: ?page= only. It has no sort, search or filters (its order
 * is the owner's), so only `page` is handed to the parser.
 */
const CARE_GUIDES_LIST: ListSpec = {
  properties: {},
  defaultSort: { field: "sort_order", direction: "asc" },
  pageSize: CARE_GUIDES_PAGE_SIZE,
};

/**
 * /care-guides?page=N: the published care guides, in the owner's order, each
 * linking to its page, CARE_GUIDES_PAGE_SIZE at a time with Previous / Next
 * links. A page that does not exist (past the last one, or not a page number)
 * is a 404 that says so, with a link to a page that does; the sitemap still
 * lists every guide.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = linkOrigin(request);
  const asked = new URL(request.url).searchParams.get("page");
  const parsed = parseListQuery(CARE_GUIDES_LIST, new URLSearchParams(asked === null ? {} : { page: asked }));
  const query = parsed.ok ? parsed.query : parsed.fallback;
  const pageHref = (page: number) => listHref("/care-guides", CARE_GUIDES_LIST, withPage(query, page));
  const { guides, total } = parsed.ok ? await listPublishedCareGuides(context.get(databaseContext), query) : { guides: [], total: 0 };
  if (!parsed.ok || (query.page > 1 && guides.length === 0)) {
    const lastPage = Math.max(1, pageCount(query, total));
    const notice = {
      text: `There is no page “${asked!.slice(0, 20)}” of the care guides.`,
      link: parsed.ok && lastPage > 1 ? { href: pageHref(lastPage), label: `Go to the last page (${lastPage})` } : { href: "/care-guides", label: "Go to the first page" },
    };
    return data({ origin, path: "/care-guides", guides, pager: null, notice }, { status: 404 });
  }
  const pager = listPager("/care-guides", CARE_GUIDES_LIST, query, total);
  return { origin, path: pageHref(query.page), guides, pager, notice: null };
}

export default function CareGuides({ loaderData }: Route.ComponentProps) {
  const { guides, pager, notice } = loaderData;
  return (
    <PublicLayout>
      {/* Dark at the top, like /about: the fixed header is transparent with white text up here. */}
      <section aria-labelledby="care-guides-heading" className="relative isolate overflow-hidden bg-ink-900 pb-16 pt-32 text-white sm:pb-20 sm:pt-40">
        <div aria-hidden="true" className="absolute -right-40 -top-40 -z-10 h-[32rem] w-[32rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-400">Aftercare</p>
          <h1 id="care-guides-heading" className="mt-3 text-4xl font-extrabold tracking-tight sm:text-6xl">
            Care Guides
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">
            How to keep your car or boat looking its best after a detail: washing, curing times, products and what to avoid.
          </p>
        </div>
      </section>

      <section aria-label="Guides" className="bg-slate-50 py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {notice ? (
            <div className="text-center">
              <p role="alert" className="text-lg text-slate-700">
                {notice.text}
              </p>
              <Link
                to={notice.link.href}
                className={`mt-4 inline-block rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600 ${focusRing}`}
              >
                {notice.link.label}
              </Link>
            </div>
          ) : guides.length === 0 ? (
            <p className="text-center text-lg text-slate-600">No care guides are published yet. Please check back soon.</p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {guides.map((guide) => (
                <li key={guide.slug}>
                  <article className="relative flex h-full flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm transition hover:shadow-lg">
                    <div className="aspect-[16/9] bg-ink-900">
                      {guide.cover ? (
                        <img src={guide.cover} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
                      ) : (
                        <div className="flex h-full items-center justify-center text-brand-400">
                          <BookOpen aria-hidden="true" className="h-12 w-12" />
                        </div>
                      )}
                    </div>
                    <div className="flex flex-1 flex-col p-6">
                      <h2 className="text-xl font-bold text-ink-900">
                        {/* The whole card is the link's target area; the link's name is the title. */}
                        <Link
                          to={`/care-guides/${guide.slug}`}
                          className={`rounded after:absolute after:inset-0 after:content-[''] hover:text-brand-700 ${focusRing}`}
                        >
                          {guide.title}
                        </Link>
                      </h2>
                      {guide.summary && <p className="mt-3 flex-1 leading-relaxed text-slate-600">{guide.summary}</p>}
                      <p aria-hidden="true" className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
                        Read the guide
                        <ArrowRight className="h-4 w-4" />
                      </p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
          {pager && (
            <div className="mt-12">
              <Pager pager={pager} noun="guides" />
            </div>
          )}
        </div>
      </section>
    </PublicLayout>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const name = shortName(settingsFromMatches(matches).businessName);
  // A page that does not exist is not worth indexing.
  const noindex = loaderData?.notice ? [{ name: "robots", content: "noindex" }] : [];
  return [...noindex, ...pageMeta({
    title: `Care Guides | ${name}`,
    description: `Aftercare guides from ${name}: how to wash, protect and look after your car or boat after a professional detail.`,
    path: loaderData?.path ?? "/care-guides",
    origin: loaderData?.origin,
  })];
}
