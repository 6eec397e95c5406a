import { redirect } from "react-router";
import type { z } from "zod";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { AddOns } from "~/components/price-book/AddOns";
import { failureFor, type PriceBookFailure, type PriceBookIntent } from "~/components/price-book/failure";
import { Packages } from "~/components/price-book/Packages";
import { Surcharges } from "~/components/price-book/Surcharges";
import { TravelZones } from "~/components/price-book/TravelZones";
import { VehicleClasses } from "~/components/price-book/VehicleClasses";
import { addOnSchema, packageSchema, removeSchema, surchargesSchema, travelZoneSchema, vehicleClassSchema } from "~/lib/price-book";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import type { Actor } from "~/server/auth/permissions.server";
import type { DB } from "~/server/db.server";
import { dispatchIntent, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { postedForm } from "~/server/form-body.server";
import { removeFromPriceBook, saveAddOn, savePackage, saveSurcharges, saveTravelZone, saveVehicleClass } from "~/server/price-book/price-book-edits.server";
import { loadPriceBook } from "~/server/price-book/price-book.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.price-book";

/*
 * /admin/price-book — what online booking sells, and at what price
 * (ui-contract.md, Book online; docs/decisions/0126): vehicle classes,
 * packages with a price and duration per class (per foot for boats),
 * add-ons, condition surcharges and travel zones. Every form is a plain POST
 * with an `intent`, read through its schema (docs/decisions/0118) and
 * answered by a redirect back here, or by its refusal beside its fields.
 */

const DONE: Record<string, string> = { saved: "Price book saved.", removed: "Removed from the price book." };

export const loader = atEdge(async ({ request, context }: Route.LoaderArgs) => {
  const book = await loadPriceBook(context.get(databaseContext));
  // A new stamp on each read: after a save the forms start again from what is stored (a refusal reads nothing and keeps what was typed).
  return { book, stamp: Date.now(), done: DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null };
});

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const user = adminUserFrom(context);
  const form = await postedForm(request);
  const done = (what: keyof typeof DONE, section: string) => redirect(`/admin/price-book?done=${what}#${section}`, 303);
  // Each form's save: its schema, its server function, the section to come back to.
  const saving =
    <S extends z.ZodType>(schema: S, save: (db: DB, actor: Actor, input: z.output<S>) => Promise<void>, section: string) =>
    async () => {
      await save(db, user, parseForm(form, schema));
      return done("saved", section);
    };
  const handlers: Record<PriceBookIntent, () => Promise<Response>> = {
    "vehicle-class": saving(vehicleClassSchema, saveVehicleClass, "vehicle-classes"),
    package: saving(packageSchema, savePackage, "packages"),
    "add-on": saving(addOnSchema, saveAddOn, "add-ons"),
    surcharges: saving(surchargesSchema, saveSurcharges, "surcharges"),
    "travel-zone": saving(travelZoneSchema, saveTravelZone, "travel-zones"),
    remove: async () => {
      await removeFromPriceBook(db, user, parseForm(form, removeSchema));
      return done("removed", "price-book");
    },
  };
  const intent = postedIntent(form, handlers);
  // What was typed, to show again beside the refusal.
  const values = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const answer = await refusedOnForm(
    () => dispatchIntent(intent, handlers),
    (error): PriceBookFailure => ({ intent, id: values.id ?? "", error: error.message, fields: error.fields ?? {}, values }),
  );
  if (answer instanceof Response) throw answer;
  return answer;
});

export function meta() {
  return [{ title: "Price Book · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function PriceBookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { book, stamp, done } = loaderData;
  const failure = actionData ?? undefined;
  // A refusal of no one form (an unknown intent, a removal of what is gone) goes above them all.
  const general = failure && (failure.intent === "" || failure.intent === "remove") ? failure.error : null;
  return (
    <main id="price-book" className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Price Book</h2>
        <p className="mt-1 text-sm text-slate-600">
          What visitors can book online, and at what price: the server adds up the package for their vehicle, the add-ons, a surcharge for the
          vehicle's condition and the travel fee.
        </p>
      </div>
      <div role="status" className="empty:hidden rounded-lg border border-green-200 bg-green-50 px-4 py-2 text-sm text-green-800">
        {done && !failure ? done : null}
      </div>
      {general && <ErrorBanner>{general}</ErrorBanner>}
      <div key={stamp} className="space-y-6">
      <VehicleClasses classes={book.classes} failureFor={(id) => failureFor(failure, "vehicle-class", id)} />
      <Packages packages={book.packages} classes={book.classes} failureFor={(id) => failureFor(failure, "package", id)} />
      <AddOns addOns={book.addOns} failureFor={(id) => failureFor(failure, "add-on", id)} />
      <Surcharges surcharges={book.surcharges} failure={failureFor(failure, "surcharges", "")} />
      <TravelZones zones={book.zones} baseZip={book.baseZip} radiusMiles={book.radiusMiles} failureFor={(id) => failureFor(failure, "travel-zone", id)} />
      </div>
    </main>
  );
}
