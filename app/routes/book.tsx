import { useEffect, useRef } from "react";
import { data, redirectDocument, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { DetailsStep } from "~/components/book-online/DetailsStep";
import { TimeStep, type BookRefusal } from "~/components/book-online/TimeStep";
import { VehicleStep } from "~/components/book-online/VehicleStep";
import { PublicLayout } from "~/components/site/PublicLayout";
import { settingsFromMatches, useSiteSettings } from "~/components/site/use-site-settings";
import { CONTACT_FIELDS } from "~/lib/book-online-form";
import { SITE_FACTS } from "~/lib/business";
import { pageMeta } from "~/lib/seo";
import { shortName } from "~/lib/site-settings";
import { atEdge } from "~/server/app-error.server";
import { formTexts, refusedOnForm } from "~/server/form-action.server";
import { postedForm } from "~/server/form-body.server";
import { bookOnline } from "~/server/online-booking/book-online.server";
import { bookPage } from "~/server/online-booking/booking-page.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/book";

/*
 * /book — book online with an instant price (ui-contract.md "Book online",
 * docs/decisions/0128): vehicle, then package, add-ons, condition and ZIP
 * Code, then the price, the free times and who and where. The choosing
 * steps are GET forms (the address is the state; the back button works), the
 * booking a POST to the same address; all of it works without JavaScript.
 * With it, the price follows the details form as it changes (its live price,
 * /book/price). The server prices everything; the page's JavaScript only
 * shows (no zod: the fields' constraints come with the loader's data).
 */

export const loader = atEdge(async ({ request, context }: Route.LoaderArgs) => {
  const page = await bookPage(context.get(databaseContext), new URL(request.url).searchParams);
  return { origin: linkOrigin(request), page };
});

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const form = await postedForm(request);
  const values = formTexts(form, CONTACT_FIELDS);
  return refusedOnForm(
    async () => {
      const outcome = await bookOnline(db, new URL(request.url).searchParams, form, { origin: linkOrigin(request), clientIp: context.get(requestInfoContext).clientIp });
      // A page load: the appointment's page is one of the customer's, which ship no JavaScript.
      if (outcome.booked) return redirectDocument(`/appointments/${outcome.appointmentToken}?outcome=booked`, 303);
      return data({ errors: outcome.errors, values } satisfies BookRefusal, { status: outcome.status });
    },
    // Too many bookings from one address (429): said above the form, what was typed kept.
    (error): BookRefusal => ({ errors: error.fields ?? {}, formError: error.message, values }),
  );
});

/** After a booking refused (a time just taken), the times are read again: the visitor sees those left. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" || defaultShouldRevalidate;
}

export default function BookOnline({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { search } = useLocation();
  const heading = useStepFocus(page.step, search);
  return (
    <PublicLayout>
      <section aria-labelledby="book-heading" className="relative isolate overflow-hidden bg-ink-900 pb-12 pt-28 text-white sm:pb-16 sm:pt-36">
        <div aria-hidden="true" className="absolute -left-40 -top-40 -z-10 h-[32rem] w-[32rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <h1 id="book-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Book Online
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-300">
            Choose your vehicle and package and see your price at once, then pick a time. We come to you.
          </p>
          <Progress step={page.step} />
        </div>
      </section>
      <section aria-label="Booking" className="bg-slate-50 py-10 sm:py-14">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          {/* Keyed by the address: a step shown again with other values starts from them. */}
          {page.vehicles.length === 0 ? (
            <NothingToBook />
          ) : page.step === "vehicle" ? (
            <VehicleStep key={search} vehicles={page.vehicles} values={page.values} errors={page.errors} constraints={page.constraints} headingRef={heading} />
          ) : page.step === "details" ? (
            <DetailsStep
              key={search}
              details={page.details}
              values={page.values}
              errors={page.errors}
              beyond={page.beyond}
              constraints={page.constraints}
              headingRef={heading}
            />
          ) : (
            <TimeStep
              key={search}
              price={page.price}
              vehicleName={page.details.vehicle.name}
              values={page.values}
              booking={page.booking}
              constraints={page.constraints}
              refusal={actionData}
              headingRef={heading}
            />
          )}
        </div>
      </section>
    </PublicLayout>
  );
}

const STEPS = [
  ["vehicle", "Vehicle"],
  ["details", "Package & price"],
  ["time", "Time & details"],
] as const;

function Progress({ step }: { step: (typeof STEPS)[number][0] }) {
  const current = STEPS.findIndex(([key]) => key === step);
  return (
    <ol aria-label="Steps" className="mt-8 flex flex-wrap gap-2 text-sm">
      {STEPS.map(([key, label], i) => (
        <li
          key={key}
          aria-current={i === current ? "step" : undefined}
          className={`rounded-full px-3 py-1 font-medium ${i === current ? "bg-white text-ink-900" : i < current ? "bg-white/15 text-white" : "text-slate-300 ring-1 ring-white/25"}`}
        >
          {i + 1}. {label}
        </li>
      ))}
    </ol>
  );
}

/** No vehicle class in the price book yet: the quote form does it all. */
function NothingToBook() {
  const { responseTime } = useSiteSettings();
  return (
    <p className="rounded-2xl border border-slate-200 bg-white p-5">
      Online booking is not open yet.{" "}
      <a href="/#contact" className="rounded font-semibold text-brand-700 underline underline-offset-2">
        Request a quote
      </a>{" "}
      and we'll get back to you {responseTime || "soon"}.
    </p>
  );
}

/**
 * A step reached without a page load (JavaScript's navigation) puts the focus
 * on its heading, as a page load would put a reader at the top; not the first
 * step of a page loaded anew.
 */
function useStepFocus(step: string, search: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(search);
  useEffect(() => {
    if (shown.current === search) return;
    shown.current = search;
    heading.current?.focus();
  }, [step, search]);
  return heading;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const settings = settingsFromMatches(matches);
  return pageMeta({
    title: `Book Online: Car & Boat Detailing Prices | ${shortName(settings.businessName)}`,
    description: `See your price at once and book mobile car, truck, SUV or boat detailing in ${SITE_FACTS.locality}, Michigan: choose your vehicle and package, then a time.`,
    siteName: settings.businessName,
    path: "/book",
    origin: loaderData?.origin,
  });
}
