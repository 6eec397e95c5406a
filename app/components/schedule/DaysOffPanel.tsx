import { CalendarOff, CloudRain } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ADD_DAY_OFF_CONSTRAINT, WEATHER_DAY_CONSTRAINT } from "~/lib/days-off-forms";
import { longDate } from "~/lib/time-zone";
import type { WeatherDaySummary } from "~/server/jobs/weather-summary.server";

/**
 * The schedule's Days Off and Weather Day (docs/decisions/0143, 0144): plain
 * POST forms to /admin/schedule with an intent, answered by a redirect, so
 * all of it works without JavaScript. Days Off lists the owner's dates from
 * today on, each with Remove, and the US Holidays switch; Weather Day takes a
 * date and a ticked box, and lists who has rebooked after each Weather Day.
 */

const FIELD =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40";
const LABEL = "block text-sm font-medium text-slate-800";

export function DaysOffPanel({ daysOff, holidaysOff }: { daysOff: { day: string; reason: string }[]; holidaysOff: boolean }) {
  return (
    <section aria-labelledby="days-off-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="days-off-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarOff aria-hidden className="size-5 text-brand-600" />
        Days Off
      </h3>
      <p className="text-sm text-slate-700">Nobody can book these dates: online booking and customers' own bookings offer no time on them.</p>
      <Form method="post" className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="add-day-off" />
        <div>
          <label htmlFor="day-off-date" className={LABEL}>
            Date
          </label>
          <input id="day-off-date" type="date" name="day" {...ADD_DAY_OFF_CONSTRAINT.day} className={FIELD} />
        </div>
        <div>
          <label htmlFor="day-off-reason" className={LABEL}>
            Reason (optional)
          </label>
          <input id="day-off-reason" name="reason" {...ADD_DAY_OFF_CONSTRAINT.reason} className={FIELD} />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Add Day Off
        </button>
      </Form>
      {daysOff.length ? (
        <ul aria-label="Days off" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {daysOff.map(({ day, reason }) => (
            <li key={day} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <time dateTime={day} className="font-semibold">
                  {longDate(day)}
                </time>
                {reason && ` · ${reason}`}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-day-off" />
                <input type="hidden" name="day" value={day} />
                <button type="submit" aria-label={`Remove ${longDate(day)}`} className={buttonClass("secondary")}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No days off ahead.</p>
      )}
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="holidays" />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="holidaysOff" value="on" defaultChecked={holidaysOff} className="size-4" />
          Close on US federal holidays
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          Save Holidays
        </button>
      </Form>
    </section>
  );
}

export function WeatherDayPanel({ weatherDays }: { weatherDays: WeatherDaySummary[] }) {
  return (
    <section aria-labelledby="weather-day-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="weather-day-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CloudRain aria-hidden className="size-5 text-brand-600" />
        Weather Day
      </h3>
      <p className="text-sm text-slate-700">
        Every job that day is cancelled and the day becomes a day off. Each customer is e-mailed a link to choose a new time, with the first free time held
        for them for 48 hours.
      </p>
      <Form method="post" className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="weather-day" />
        <div>
          <label htmlFor="weather-day-date" className={LABEL}>
            Date
          </label>
          <input id="weather-day-date" type="date" name="day" {...WEATHER_DAY_CONSTRAINT.day} className={FIELD} />
        </div>
        <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            required={WEATHER_DAY_CONSTRAINT.confirm.required}
            className="mt-0.5 size-4"
          />
          Yes, cancel every job that day
        </label>
        <button type="submit" className={buttonClass("danger")}>
          Weather Day
        </button>
      </Form>
      {weatherDays.map(({ day, customers }) => (
        <div key={day}>
          <h4 className="text-sm font-semibold text-slate-900">Weather Day {longDate(day)}</h4>
          {customers.length ? (
            <ul aria-label={`Rebooking after ${longDate(day)}`} className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
              {customers.map((c) => (
                <li key={c.jobId} className="px-3 py-2">
                  <Link to={`/admin/jobs/${c.jobId}`} className="font-semibold text-brand-700 underline underline-offset-2">
                    {c.name}
                  </Link>
                  {": "}
                  {c.state.kind === "rebooked" ? (
                    <Link to={`/admin/jobs/${c.state.jobId}`} className="underline underline-offset-2">
                      Rebooked for {c.state.when}
                    </Link>
                  ) : c.state.kind === "held" ? (
                    `Not rebooked yet; ${c.state.when} held until ${c.state.until}`
                  ) : (
                    "Not rebooked yet"
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No jobs were booked that day.</p>
          )}
        </div>
      ))}
    </section>
  );
}
