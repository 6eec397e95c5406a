import { BoatServices } from "~/components/site/BoatServices";
import { CarServices } from "~/components/site/CarServices";
import { ContactSection } from "~/components/site/ContactSection";
import { Faq } from "~/components/site/Faq";
import { Hero } from "~/components/site/Hero";
import { JsonLd } from "~/components/site/JsonLd";
import { PublicLayout } from "~/components/site/PublicLayout";
import { ServicesOverview } from "~/components/site/ServicesOverview";
import { Testimonials } from "~/components/site/Testimonials";
import { ArrivalHashScript, useArrivalScroll } from "~/components/site/useArrivalScroll";
import { business } from "~/lib/business";
import { pageMeta } from "~/lib/seo";
import { businessJsonLd } from "~/lib/structured-data";
import { listFaqGroups, listTestimonials } from "~/server/public-content.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/home";
import { quoteAction } from "./home.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const [testimonials, faqGroups] = await Promise.all([listTestimonials(db), listFaqGroups(db)]);
  return { origin: siteOrigin(request), testimonials, faqGroups };
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
        <CarServices />
        <BoatServices />
        <Testimonials testimonials={loaderData.testimonials} />
        <Faq groups={loaderData.faqGroups} />
        <ContactSection />
        <JsonLd data={businessJsonLd(loaderData.origin)} />
      </PublicLayout>
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: `Mobile Car & Boat Detailing in Grand Rapids | ${business.shortName}`,
    description: business.description,
    path: "/",
    origin: loaderData?.origin,
  });
}
