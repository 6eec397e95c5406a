import { Form, Link } from "react-router";
import { inputClass, labelClass, panelClass } from "~/components/customers/field-style";
import { TextField } from "~/components/customers/TextField";
import { buttonClass } from "~/components/ui/button";
import { PLAN_CONSTRAINT } from "~/lib/plans";
import type { CustomerActionFailure } from "~/server/customers/customer-view.server";
import type { CustomerPlansView } from "~/server/plans/customer-plans-view.server";

/**
 * A customer's plans on their page: each with its status, next visit, the
 * customer's plan page and, billed monthly, Create Statement; and Start a
 * Plan (plain POST forms, docs/decisions/0145).
 */
export function CustomerPlans({ view, vehicles, failure }: { view: CustomerPlansView; vehicles: { id: number; label: string }[]; failure?: CustomerActionFailure }) {
  const starting = failure?.intent === "start-plan" ? failure : undefined;
  const fields = starting?.fields ?? {};
  const value = (name: string, fallback: string) => starting?.values?.[name] ?? fallback;
  const C = PLAN_CONSTRAINT.start;
  const select = (name: string, label: string, options: { value: string; title: string }[], current: string, required: boolean) => (
    <div>
      <label htmlFor={`start-plan-${name}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`start-plan-${name}`}
        name={name}
        defaultValue={current}
        required={required}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `start-plan-${name}-error` : undefined}
        className={inputClass(Boolean(fields[name]))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.title}
          </option>
        ))}
      </select>
      {fields[name] && (
        <p id={`start-plan-${name}-error`} className="mt-1 text-sm text-red-700">
          {fields[name]}
        </p>
      )}
    </div>
  );
  return (
    <section aria-labelledby="plans-heading" className={`${panelClass} space-y-4`}>
      <h3 id="plans-heading" className="text-lg font-semibold text-slate-900">
        Plans
      </h3>
      {failure?.intent === "statement" && (
        <p role="alert" className="text-sm text-red-700">
          {failure.error}
        </p>
      )}
      {view.plans.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {view.plans.map((plan) => (
            <li key={plan.id} className="space-y-1 py-3">
              <p className="font-medium text-slate-900">
                {plan.name} <span className="text-sm font-normal text-slate-600">· {plan.statusTitle}</span>
              </p>
              <p className="text-sm text-slate-700">
                {plan.cadence}, {plan.price} ({plan.billingTitle.toLowerCase()}); {plan.visitsDone} visit{plan.visitsDone === 1 ? "" : "s"} done.{" "}
                {plan.next ? (
                  <>
                    Next visit:{" "}
                    <Link to={`/admin/jobs/${plan.next.id}`} className="font-semibold text-brand-700 hover:underline">
                      {plan.next.when}
                    </Link>
                  </>
                ) : (
                  "No visit booked."
                )}
              </p>
              <p className="text-sm">
                <a href={`/plans/${plan.token}`} className="font-semibold text-brand-700 hover:underline">
                  Customer's plan page<span className="sr-only"> ({plan.name})</span>
                </a>
              </p>
              {plan.statements.length > 0 && (
                <p className="text-sm text-slate-700">
                  Statements:{" "}
                  {plan.statements.map((s, i) => (
                    <span key={s.id}>
                      {i > 0 && ", "}
                      <Link to={`/admin/invoices/${s.id}`} className="font-semibold text-brand-700 hover:underline">
                        #{s.number} ({s.month})
                      </Link>
                    </span>
                  ))}
                </p>
              )}
              {plan.billing === "monthly" && (
                <Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Create Statement for ${plan.name}`}>
                  <input type="hidden" name="intent" value="statement" />
                  <input type="hidden" name="customerPlan" value={plan.id} />
                  <div>
                    <label htmlFor={`statement-month-${plan.id}`} className={labelClass}>
                      Month
                    </label>
                    <input id={`statement-month-${plan.id}`} type="month" name="month" defaultValue={view.thisMonth} required className={inputClass(false)} />
                  </div>
                  <button type="submit" className={buttonClass("secondary")}>
                    Create Statement
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {view.offered.length === 0 ? (
        <p className="text-sm text-slate-600">
          No plan is on offer yet: define one under <Link to="/admin/plans" className="font-semibold text-brand-700 hover:underline">Plans</Link>.
        </p>
      ) : (
        <Form method="post" aria-labelledby="start-plan-heading" className="space-y-3 border-t border-slate-100 pt-4">
          <h4 id="start-plan-heading" className="font-semibold text-slate-900">
            Start a Plan
          </h4>
          {starting && !Object.keys(fields).length && (
            <p role="alert" className="text-sm text-red-700">
              {starting.error}
            </p>
          )}
          <input type="hidden" name="intent" value="start-plan" />
          <div className="grid gap-3 sm:grid-cols-2">
            {select("plan", "Plan", view.offered.map((p) => ({ value: String(p.id), title: p.title })), value("plan", String(view.offered[0]!.id)), true)}
            {select("vehicleId", "Vehicle", [{ value: "", title: "No vehicle" }, ...vehicles.map((v) => ({ value: String(v.id), title: v.label }))], value("vehicleId", vehicles[0] ? String(vehicles[0].id) : ""), false)}
            <TextField id="start-plan-date" name="startDate" label="Start Date" type="date" defaultValue={value("startDate", view.defaults.startDate)} error={fields.startDate} constraint={C.startDate} />
            <TextField id="start-plan-time" name="startTime" label="Preferred Time" type="time" defaultValue={value("startTime", view.defaults.startTime)} error={fields.startTime} constraint={C.startTime} />
            <TextField id="start-plan-duration" name="durationMinutes" label="Duration (minutes)" inputMode="numeric" defaultValue={value("durationMinutes", "120")} error={fields.durationMinutes} constraint={C.durationMinutes} />
            <TextField id="start-plan-address" name="address" label="Address" defaultValue={value("address", view.defaults.address)} error={fields.address} constraint={C.address} />
          </div>
          <button type="submit" className={buttonClass("primary")}>
            Start a Plan
          </button>
        </Form>
      )}
    </section>
  );
}
