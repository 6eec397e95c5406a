import { BoatServices } from "~/components/site/BoatServices";
import { CarServices } from "~/components/site/CarServices";
import { ContactSection } from "~/components/site/ContactSection";
import { Faq } from "~/components/site/Faq";
import { GallerySection, HOME_GALLERY_PAIRS } from "~/components/site/GallerySection";
import { Hero } from "~/components/site/Hero";
import { JsonLd } from "~/components/site/JsonLd";
import { PublicLayout } from "~/components/site/PublicLayout";
import { ServicesOverview } from "~/components/site/ServicesOverview";
import { Testimonials } from "~/components/site/Testimonials";
import { ArrivalHashScript, useArrivalScroll } from "~/components/site/useArrivalScroll";
import { settingsFromMatches } from "~/components/site/use-site-settings";
import { SITE_FACTS } from "~/lib/business";
import { shortName } from "~/lib/site-settings";
import { pageMeta } from "~/lib/seo";
import { businessJsonLd } from "~/lib/structured-data";
import { listPublishedPairs } from "~/server/gallery.server";
import { withPhotos } from "~/server/images.server";
import { listFaqGroups, listTestimonials } from "~/server/public-content.server";
import { listServicesByKind } from "~/server/services.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { getSettingsForPage } from "~/server/settings.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/home";
import { quoteAction } from "./home.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const settingsRead = getSettingsForPage(db);
  const [testimonials, faqGroups, services, gallery, settings] = await Promise.all([
    listTestimonials(db).then((rows) => withPhotos(db, rows)),
    settingsRead.then((settings) => listFaqGroups(db, settings)),
    listServicesByKind(db),
    listPublishedPairs(db, { limit: HOME_GALLERY_PAIRS }),
    settingsRead,
  ]);
  const origin = linkOrigin(request);
  // Built here, not in the component, so the browser's bundle need not carry it.
  const jsonLd = businessJsonLd(origin, settings);
  return { origin, testimonials, faqGroups, services, gallery, jsonLd };
}

// The quote form's plain (no-JavaScript) post: see app/components/site/QuoteForm.tsx.
export async function action({ request, context }: Route.ActionArgs) {
  return quoteAction(context.get(databaseContext), request, context.get(requestInfoContext).clientIp);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useArrivalScroll();
  return (
    <>
      {/* First in the body, before the sections: see useArrivalScroll. */}
      <ArrivalHashScript />
      <PublicLayout>
        <Hero />
        <ServicesOverview />
        <CarServices services={loaderData.services.car} />
        <BoatServices services={loaderData.services.boat} />
        <GallerySection pairs={loaderData.gallery} />
        <Testimonials testimonials={loaderData.testimonials} />
        <Faq groups={loaderData.faqGroups} />
        <ContactSection />
        <JsonLd data={loaderData.jsonLd} />
      </PublicLayout>
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const settings = settingsFromMatches(matches);
  return pageMeta({
    title: `Mobile Car & Boat Detailing in Grand Rapids | ${shortName(settings.businessName)}`,
    description: SITE_FACTS.description,
    siteName: settings.businessName,
    path: "/",
    origin: loaderData?.origin,
  });
}
