import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link, redirect } from "react-router";
import { ContactForm } from "~/components/customers/ContactForm";
import { CustomerDataPanel } from "~/components/customers/CustomerDataPanel";
import { CustomerTimeline } from "~/components/customers/CustomerTimeline";
import { MergePanel } from "~/components/customers/MergePanel";
import { Vehicles } from "~/components/customers/Vehicles";
import { CustomerPlans } from "~/components/plans/CustomerPlans";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { AppError, atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { eraseCustomer } from "~/server/customers/customer-erase.server";
import { addVehicle, customerId, getCustomer, removeVehicle, serverContactSchema, updateContact } from "~/server/customers/customers.server";
import { removeVehicleSchema, vehicleSchema } from "~/lib/customer-input";
import { customerView, type CustomerActionFailure, type CustomerIntent } from "~/server/customers/customer-view.server";
import { mergeCustomers, mergeSourceId } from "~/server/customers/merge.server";
import { env } from "~/server/env.server";
import { postedForm } from "~/server/form-body.server";
import { dispatchIntent, FIRST_FIELD, formTexts, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { startPlanSchema, statementSchema } from "~/lib/plans";
import { startPlan } from "~/server/plans/customer-plans.server";
import { customerPlansView } from "~/server/plans/customer-plans-view.server";
import { createStatement } from "~/server/plans/plan-billing.server";
import { getCustomerPlan } from "~/server/plans/plan-records.server";
import { requirePermission } from "~/server/auth/permissions.server";
import { linkOrigin } from "~/server/site-url.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.customers.$id";

/*
 * /admin/customers/{id} — one customer: contact details (a form), vehicles
 * (add, remove), one timeline of everything with them, Lifetime Value, Merge,
 * and the customer's data (Export Data, Erase Customer: docs/decisions/0122).
 * Every button is a POST form with an `intent` (contact, add-vehicle,
 * remove-vehicle, merge, erase) answered with a redirect back here (a reload never
 * posts twice) or the refusal with its status and field errors. A merged
 * record's address leads to the record it joined.
 */

const DONE: Record<string, string> = {
  saved: "Contact details saved.",
  "vehicle-added": "Vehicle added.",
  "vehicle-removed": "Vehicle removed.",
  merged: "Records merged: everything of the other customer is now here.",
  "plan-started": "Plan started: its visits are booked and the customer has the dates.",
  "statement-created": "Statement created: a draft invoice, to check and send.",
  "statement-exists": "That month's statement was made already.",
  "statement-nothing": "No visit of that plan was done that month: no statement.",
  erased: "Customer erased: their personal details are gone everywhere; amounts and invoice numbers stay for the books.",
};

export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const customer = await getCustomer(db, customerId(params.id));
  if (customer.mergedInto !== null) throw redirect(`/admin/customers/${customer.mergedInto}`);
  const url = new URL(request.url);
  const param = (name: string) => (url.searchParams.get(name) ?? "").slice(0, 100);
  const merge = { q: param("merge"), confirm: param("confirm-merge") };
  const [view, plans] = await Promise.all([customerView(db, customer, merge, new Date(), env().BUSINESS_TIME_ZONE, param("confirm-erase") === "1"), customerPlansView(db, customer.id)]);
  const unplaced = Number(url.searchParams.get("unplaced") ?? 0);
  const done = DONE[url.searchParams.get("done") ?? ""] ?? null;
  // Start a Plan's visits that found no free time near their day: the owner books them by hand.
  const more = unplaced > 0 ? ` ${unplaced} visit${unplaced === 1 ? "" : "s"} found no free time near ${unplaced === 1 ? "its" : "their"} day: book ${unplaced === 1 ? "it" : "them"} by hand.` : "";
  return { ...view, plans, done: done && `${done}${more}` };
});

export const action = atEdge(async ({ request, params, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const id = customerId(params.id);
  const form = await postedForm(request);
  const user = adminUserFrom(context);
  const values = formTexts(form, ["name", "email", "phone", "notes", "kind", "make", "model", "year", "color", "vehicleNotes", "source", "plan", "vehicleId", "startDate", "startTime", "durationMinutes", "address"]);
  const doneHere = (done: string) => redirect(`/admin/customers/${id}?done=${done}`, 303);
  const handlers: Record<CustomerIntent, () => Promise<Response>> = {
    contact: async () => {
      await updateContact(db, id, parseForm(form, serverContactSchema));
      return doneHere("saved");
    },
    "add-vehicle": async () => {
      await addVehicle(db, id, parseForm(form, vehicleSchema(new Date())));
      return doneHere("vehicle-added");
    },
    "remove-vehicle": async () => {
      await removeVehicle(db, id, parseForm(form, removeVehicleSchema, FIRST_FIELD).vehicle);
      return doneHere("vehicle-removed");
    },
    merge: async () => {
      await mergeCustomers(db, id, mergeSourceId(values.source), user);
      return doneHere("merged");
    },
    "start-plan": async () => {
      const started = await startPlan(db, id, parseForm(form, startPlanSchema), user, linkOrigin(request));
      return redirect(`/admin/customers/${id}?done=plan-started${started.unplaced ? `&unplaced=${started.unplaced}` : ""}#plans-heading`, 303);
    },
    statement: async () => {
      requirePermission(user, "invoices.read");
      const input = parseForm(form, statementSchema);
      const cp = await getCustomerPlan(db, input.customerPlan);
      if (cp.customerId !== id) throw new AppError(404, "This plan is no longer there. Reload the page.");
      const outcome = await createStatement(db, cp.id, input.month, user);
      return doneHere(`statement-${outcome.kind}`);
    },
    erase: async () => {
      await eraseCustomer(db, id, user);
      return doneHere("erased");
    },
  };
  const intent = postedIntent(form, handlers);
  const answer = await refusedOnForm(
    () => dispatchIntent(intent, handlers),
    // This customer itself is gone: the page's "Customer not found".
    (error): CustomerActionFailure | undefined =>
      error.status === 404 && error.message === "Customer not found" ? undefined : { intent, error: error.message, fields: error.fields, values },
  );
  if (answer instanceof Response) throw answer;
  return answer;
});

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, vehicles, timeline, lifetimeValue, merge, confirmErase, vehicleKinds, years, done, plans } = loaderData;
  const failure = actionData ?? undefined;
  return (
    <main className="mx-auto max-w-4xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <Link to="/admin/customers" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        All customers
      </Link>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h2 className="min-w-0 text-2xl font-semibold break-words text-slate-900">{customer.name}</h2>
        <p className="text-sm text-slate-600">
          Customer #{customer.id} since{" "}
          <time dateTime={customer.since.iso} title={customer.since.exact}>
            {customer.since.ago}
          </time>
        </p>
      </div>
      <div role="status" className="empty:hidden rounded-lg border border-green-200 bg-green-50 px-4 py-2 text-sm text-green-800">
        {done && !failure ? done : null}
      </div>
      {failure?.intent === "" && <ErrorBanner>{failure.error}</ErrorBanner>}
      {customer.erased && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700">
          Personal details erased on request{" "}
          <time dateTime={customer.erased.iso} title={customer.erased.exact}>
            {customer.erased.ago}
          </time>
          .
        </p>
      )}
      <section aria-labelledby="lifetime-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="lifetime-heading" className="text-sm font-semibold text-slate-600">
          Lifetime Value
        </h3>
        <p className="mt-1 text-2xl font-semibold text-slate-900">{lifetimeValue}</p>
      </section>
      <ContactForm key={`contact-${customer.email}-${customer.phone}-${customer.name}`} customer={customer} failure={failure?.intent === "contact" ? failure : undefined} />
      <Vehicles vehicles={vehicles} kinds={vehicleKinds} years={years} failure={failure?.intent === "add-vehicle" || failure?.intent === "remove-vehicle" ? failure : undefined} />
      <CustomerPlans
        view={plans}
        vehicles={vehicles.map((v) => ({ id: v.id, label: [v.year, v.make, v.model].filter(Boolean).join(" ") || v.kind }))}
        failure={failure?.intent === "start-plan" || failure?.intent === "statement" ? failure : undefined}
      />
      <CustomerTimeline items={timeline} />
      <MergePanel customerId={customer.id} merge={merge} failure={failure?.intent === "merge" ? failure : undefined} />
      <CustomerDataPanel customerId={customer.id} confirm={confirmErase} failure={failure?.intent === "erase" ? failure : undefined} />
    </main>
  );
}

export function meta({ data: loaderData, error }: Route.MetaArgs) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = loaderData ? `${loaderData.customer.name} | Customers` : notFound ? "Customer not found" : "Error";
  return [{ title: `${title} | Admin Dashboard` }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <Link to="/admin/customers" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        All customers
      </Link>
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h2 className="text-lg font-semibold">{notFound ? "Customer not found" : "Something went wrong"}</h2>
        <p className="mt-1 text-sm">
          {notFound ? "There is no customer at this address: the link may be mistyped." : "The customer could not be shown. Please try again."}
        </p>
      </div>
    </main>
  );
}
