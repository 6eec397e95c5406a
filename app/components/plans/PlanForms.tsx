import { Form } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { inputClass, labelClass, panelClass } from "~/components/customers/field-style";
import { TextField } from "~/components/customers/TextField";
import { buttonClass } from "~/components/ui/button";
import { centsToDollarInput } from "~/lib/money";
import { CADENCE_OPTIONS, cadenceValue, PLAN_BILLING_TITLES, PLAN_BILLINGS, PLAN_CONSTRAINT, type Plan } from "~/lib/plans";

/** A refused post of /admin/plans: which form (its plan id, "" for Add Plan), why, each field's message and what was typed. */
export interface PlanFailure {
  intent: "plan" | "retire" | "";
  id: string;
  error: string;
  fields: Record<string, string>;
  values: Record<string, string>;
  packages: string[];
}

const C = PLAN_CONSTRAINT.plan;

/** One plan as a form of its own (named by the plan), with Save, and Retire or Offer Again beside it; no plan: Add Plan. */
export function PlanForm({ plan, packages, failure }: { plan?: Plan; packages: { id: number; name: string }[]; failure: PlanFailure | undefined }) {
  const id = plan?.id ?? "";
  const key = `plan-${id || "new"}`;
  const shown = (name: string, stored: string) => failure?.values[name] ?? stored;
  const chosen = new Set(failure ? failure.packages.map(Number) : (plan?.packageIds ?? []));
  const select = (name: string, label: string, value: string, options: { value: string; title: string }[]) => (
    <div>
      <label htmlFor={`${key}-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`${key}-${name}`} name={name} defaultValue={value} required className={inputClass(Boolean(failure?.fields[name]))} aria-invalid={failure?.fields[name] ? true : undefined} aria-describedby={failure?.fields[name] ? `${key}-${name}-error` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.title}
          </option>
        ))}
      </select>
      {failure?.fields[name] && (
        <p id={`${key}-${name}-error`} className="mt-1 text-sm text-red-700">
          {failure.fields[name]}
        </p>
      )}
    </div>
  );
  return (
    <section aria-label={plan ? `Plan ${plan.name}` : "New plan"} className={`${panelClass} space-y-3`}>
      {plan && (
        <h3 className="text-lg font-semibold text-slate-900">
          {plan.name}
          {plan.retired && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Retired</span>}
        </h3>
      )}
      {!plan && <h3 className="text-lg font-semibold text-slate-900">Add a plan</h3>}
      {failure && <ErrorBanner>{failure.error}</ErrorBanner>}
      <Form method="post" aria-label={plan ? `Edit plan ${plan.name}` : "Add a plan"} className="space-y-3">
        <input type="hidden" name="intent" value="plan" />
        {id !== "" && <input type="hidden" name="id" value={id} />}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <TextField id={`${key}-name`} name="name" label="Name" defaultValue={shown("name", plan?.name ?? "")} error={failure?.fields.name} constraint={C.name} />
          {select("cadence", "Visits", shown("cadence", plan ? cadenceValue(plan.cadence) : "weekly:2"), CADENCE_OPTIONS)}
          {select("billing", "Billing", shown("billing", plan?.billing ?? "per_visit"), PLAN_BILLINGS.map((b) => ({ value: b, title: PLAN_BILLING_TITLES[b] })))}
          <TextField
            id={`${key}-price`}
            name="price"
            label="Price"
            hint="Per visit, or per month for a monthly statement"
            inputMode="text"
            defaultValue={shown("price", plan ? centsToDollarInput(plan.priceCents) : "")}
            error={failure?.fields.price}
            constraint={C.price}
          />
          <TextField
            id={`${key}-discount`}
            name="discountPercent"
            label="Discount (%)"
            hint="Off one-off prices for plan customers"
            inputMode="numeric"
            defaultValue={shown("discountPercent", String(plan?.discountPercent ?? 0))}
            error={failure?.fields.discountPercent}
            constraint={C.discountPercent}
          />
          <TextField
            id={`${key}-pause`}
            name="maxPauseWeeks"
            label="Longest Pause (weeks)"
            hint="0: the customer cannot pause online"
            inputMode="numeric"
            defaultValue={shown("maxPauseWeeks", String(plan?.maxPauseWeeks ?? 4))}
            error={failure?.fields.maxPauseWeeks}
            constraint={C.maxPauseWeeks}
          />
        </div>
        <fieldset aria-describedby={failure?.fields.packages ? `${key}-packages-error` : undefined}>
          <legend className={labelClass}>Packages</legend>
          {packages.length === 0 && <p className="mt-1 text-sm text-slate-600">The price book has no packages yet.</p>}
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
            {packages.map((p) => (
              <label key={p.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="packages" value={p.id} defaultChecked={chosen.has(p.id)} className="size-4" />
                {p.name}
              </label>
            ))}
          </div>
          {failure?.fields.packages && (
            <p id={`${key}-packages-error`} className="mt-1 text-sm text-red-700">
              {failure.fields.packages}
            </p>
          )}
        </fieldset>
        <button type="submit" className={buttonClass(plan ? "secondary" : "primary")}>
          {plan ? "Save" : "Add Plan"}
          {plan && <span className="sr-only"> {plan.name}</span>}
        </button>
      </Form>
      {plan && (
        <Form method="post">
          <input type="hidden" name="intent" value="retire" />
          <input type="hidden" name="id" value={plan.id} />
          <input type="hidden" name="retired" value={plan.retired ? "false" : "true"} />
          <button type="submit" className={buttonClass("secondary")}>
            {plan.retired ? "Offer Again" : "Retire"}
            <span className="sr-only"> {plan.name}</span>
          </button>
        </Form>
      )}
    </section>
  );
}
