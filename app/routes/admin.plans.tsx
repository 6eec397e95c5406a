import { redirect } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { PlanForm, type PlanFailure } from "~/components/plans/PlanForms";
import { planSchema, retireSchema } from "~/lib/plans";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { dispatchIntent, formTexts, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { postedForm } from "~/server/form-body.server";
import { listPlans } from "~/server/plans/plan-records.server";
import { retirePlan, savePlan } from "~/server/plans/plans.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.plans";

/*
 * /admin/plans — maintenance plans (issue 37, docs/decisions/0145): name,
 * the price book's packages, visits every N weeks or monthly, a price per
 * visit or per month, a discount on one-off prices and the longest pause a
 * customer may take. Add, edit, retire (a retired plan stays with the
 * customers who have it). The owner's alone (the permission is checked in
 * the server functions); each form is a plain POST with an `intent`.
 */

const DONE: Record<string, string> = { saved: "Plan saved.", retired: "Plan retired: no longer offered; customers who have it keep it.", offered: "Plan offered again." };

export const loader = atEdge(async ({ request, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const [plans, packages] = await Promise.all([listPlans(db), db.selectFrom("packages").select(["id", "name"]).orderBy("sort_order").orderBy("name").execute()]);
  return { plans, packages, stamp: Date.now(), done: DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null };
});

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const user = adminUserFrom(context);
  const form = await postedForm(request);
  const handlers = {
    plan: async () => {
      const id = await savePlan(db, user, parseForm(form, planSchema));
      return redirect(`/admin/plans?done=saved#plan-${id}`, 303);
    },
    retire: async () => {
      const input = parseForm(form, retireSchema);
      await retirePlan(db, user, input.id, input.retired);
      return redirect(`/admin/plans?done=${input.retired ? "retired" : "offered"}`, 303);
    },
  };
  const intent = postedIntent(form, handlers);
  const values = formTexts(form, ["id", "name", "cadence", "billing", "price", "discountPercent", "maxPauseWeeks"]);
  const packages = form.getAll("packages").filter((v): v is string => typeof v === "string");
  const answer = await refusedOnForm(
    () => dispatchIntent(intent, handlers),
    (error): PlanFailure => ({ intent, id: values.id, error: error.message, fields: error.fields ?? {}, values, packages }),
  );
  if (answer instanceof Response) throw answer;
  return answer;
});

export function meta() {
  return [{ title: "Plans · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function PlansPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, packages, stamp, done } = loaderData;
  const failure = actionData ?? undefined;
  const failureFor = (id: number | "") => (failure?.intent === "plan" && failure.id === String(id) ? failure : undefined);
  const general = failure && failure.intent !== "plan" ? failure.error : null;
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Plans</h2>
        <p className="mt-1 text-sm text-slate-600">
          Maintenance plans: visits every few weeks or monthly at a set price. Start one for a customer on their page (Start a Plan); their visits are
          booked ahead into free times, and they can skip, pause or cancel on their plan's page.
        </p>
      </div>
      <div role="status" className="empty:hidden rounded-lg border border-green-200 bg-green-50 px-4 py-2 text-sm text-green-800">
        {done && !failure ? done : null}
      </div>
      {general && <ErrorBanner>{general}</ErrorBanner>}
      <div key={stamp} className="space-y-5">
        {plans.map((plan) => (
          <div key={plan.id} id={`plan-${plan.id}`}>
            <PlanForm plan={plan} packages={packages} failure={failureFor(plan.id)} />
          </div>
        ))}
        <PlanForm packages={packages} failure={failureFor("")} />
      </div>
    </main>
  );
}
