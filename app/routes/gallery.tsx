import { Link } from "react-router";
import { BeforeAfter } from "~/components/site/BeforeAfter";
import { PublicLayout } from "~/components/site/PublicLayout";
import { focusRing } from "~/components/site/styles";
import { settingsFromMatches, useSiteSettings } from "~/components/site/use-site-settings";
import { SITE_FACTS } from "~/lib/business";
import { OG_IMAGE_SIZE, variantUrl } from "~/lib/images";
import { pageMeta } from "~/lib/seo";
import { shortName } from "~/lib/site-settings";
import { GALLERY_KINDS, listPublishedPairs, type GalleryKind } from "~/server/gallery.server";
import { databaseContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/gallery";

/** /gallery: every published before/after pair; ?kind=car or ?kind=boat shows one kind (plain links, no script needed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("kind");
  const kind = GALLERY_KINDS.find((k) => k === asked);
  const pairs = await listPublishedPairs(context.get(databaseContext), { kind });
  // Link previews show the first pair's after photo, cropped to 1200x630 at upload.
  const cover = pairs.find((p) => p.after.og);
  const ogImage = cover ? { url: variantUrl(cover.after.src, "og", "jpg"), ...OG_IMAGE_SIZE, alt: `After: ${cover.caption}` } : undefined;
  return { origin: linkOrigin(request), kind: kind ?? null, pairs, ogImage };
}

const FILTERS: { kind: GalleryKind | null; label: string }[] = [
  { kind: null, label: "All" },
  { kind: "car", label: "Cars" },
  { kind: "boat", label: "Boats" },
];

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { pairs, kind } = loaderData;
  const settings = useSiteSettings();
  return (
    <PublicLayout>
      {/* Dark, like the other pages' tops: the header is transparent up here. */}
      <section aria-labelledby="gallery-heading" className="relative isolate overflow-hidden bg-ink-900 pb-14 pt-32 text-white sm:pb-16 sm:pt-40">
        <div aria-hidden="true" className="absolute -right-40 -top-40 -z-10 h-[32rem] w-[32rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-400">Our work</p>
          <h1 id="gallery-heading" className="mt-3 text-4xl font-extrabold tracking-tight sm:text-6xl">
            Before &amp; After Gallery
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">
            Cars and boats we have detailed across {settings.serviceArea}, shown with their owners' permission.
          </p>
          <nav aria-label="Gallery filter" className="mt-8">
            <ul className="inline-flex gap-1 rounded-full bg-white/10 p-1">
              {FILTERS.map((filter) => {
                const current = filter.kind === kind;
                return (
                  <li key={filter.label}>
                    <Link
                      to={filter.kind ? `/gallery?kind=${filter.kind}` : "/gallery"}
                      aria-current={current ? "page" : undefined}
                      preventScrollReset
                      className={`inline-flex rounded-full px-5 py-2 text-sm font-semibold transition ${
                        current ? "bg-white text-ink-900" : "text-slate-200 hover:bg-white/10 hover:text-white"
                      } ${focusRing}`}
                    >
                      {filter.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </section>

      <section aria-label="Photos" className="bg-slate-50 py-14 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {pairs.length ? (
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {pairs.map((pair, i) => (
                <li key={pair.id} className="flex">
                  {/* The first pair is at the top of the page: loaded at once, the rest lazily. */}
                  <BeforeAfter pair={pair} priority={i === 0} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-center text-lg text-slate-600">
              {kind ? `No ${kind} photos yet.` : "Photos of our recent work will be here soon."}
            </p>
          )}
        </div>
      </section>
    </PublicLayout>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const settings = settingsFromMatches(matches);
  const kind = loaderData?.kind;
  return pageMeta({
    title: `${kind === "car" ? "Car " : kind === "boat" ? "Boat " : ""}Before & After Gallery | ${shortName(settings.businessName)}`,
    description: `Before and after photos of car and boat detailing by ${settings.businessName} in ${SITE_FACTS.locality}, MI: paint correction, interiors, gel coat restoration and more.`,
    siteName: settings.businessName,
    path: kind ? `/gallery?kind=${kind}` : "/gallery",
    origin: loaderData?.origin,
    image: loaderData?.ogImage,
  });
}
