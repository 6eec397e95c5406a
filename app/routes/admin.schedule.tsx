import { CheckCircle2, ChevronLeft, ChevronRight } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { CalendarFeed } from "~/components/schedule/CalendarFeed";
import { DaysOffPanel, WeatherDayPanel } from "~/components/schedule/DaysOffPanel";
import { addDayOffSchema, holidaysSchema, removeDayOffSchema, weatherDaySchema } from "~/lib/days-off-forms";
import { addDays, dayIn, longDate } from "~/lib/time-zone";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { can, requirePermission } from "~/server/auth/permissions.server";
import { env } from "~/server/env.server";
import { dispatchIntent, FIRST_FIELD, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { postedForm } from "~/server/form-body.server";
import { feedAddress } from "~/server/jobs/calendar-feed.server";
import { addDayOff, daysOffBetween, holidaysAreOff, listDaysOff, removeDayOff, setHolidaysOff } from "~/server/jobs/days-off.server";
import { declareWeatherDay } from "~/server/jobs/weather-day.server";
import { weatherDays } from "~/server/jobs/weather-summary.server";
import { linkOrigin } from "~/server/site-url.server";
import { scheduleWeek, weekMonday, type WeekDay, type WeekJob, type WeekPerson } from "~/server/jobs/schedule-week.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.schedule";

/*
 * /admin/schedule?week=YYYY-MM-DD — the owner's week (issue 21,
 * docs/decisions/0086): Monday to Sunday in the business time zone, rendered
 * on the server; every control is a link, so all of it works without
 * JavaScript. A week that cannot be read answers 400 and shows this week with
 * the reason. Seven columns on a wide screen, a list by day on a phone: the
 * same HTML, only CSS differs.
 *
 * The owner's Days Off and Weather Day (docs/decisions/0143, 0144) are plain
 * POST forms here with an intent, answered by a redirect that says what was
 * done; a technician sees the week only.
 *
 * With more than one person doing jobs (docs/decisions/0149), the owner's
 * week is a table instead: a row per day, a column per person and
 * Unassigned, their names the column headers; on a phone each day is a card
 * with each person's jobs under their name (the same HTML, only CSS differs).
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const timeZone = env().BUSINESS_TIME_ZONE;
  const now = new Date();
  const url = new URL(request.url);
  const db = context.get(databaseContext);
  const parsed = weekMonday(url.searchParams.get("week"), now, timeZone);
  const user = adminUserFrom(context);
  const week = await scheduleWeek(db, parsed.monday, now, timeZone, undefined, user);
  const error = "error" in parsed ? parsed.error : undefined;
  // The private feed holds every job: the owner's alone.
  const feed = can(user, "jobs.read.all") ? { address: await feedAddress(db, request), justReset: url.searchParams.get("feed") === "reset" } : null;
  // The week's days off, with their reasons, shown on each day.
  const closed = Object.fromEntries(await daysOffBetween(db, parsed.monday, addDays(parsed.monday, 6)));
  const today = dayIn(now, timeZone);
  const owner = can(user, "jobs.write")
    ? { daysOff: await listDaysOff(db, today), holidaysOff: await holidaysAreOff(db), weatherDays: await weatherDays(db, addDays(today, -14), now) }
    : null;
  return data({ week, timeZone, error, feed, closed, owner, done: doneMessage(url.searchParams) }, { status: error ? 400 : 200 });
}

/** What the redirect after a post says it did. */
function doneMessage(params: URLSearchParams): string | null {
  const day = params.get("day");
  const n = Number(params.get("jobs") ?? 0);
  const on = day ? longDate(day) : "";
  const jobs = n === 1 ? "1 job" : `${n} jobs`;
  switch (params.get("done")) {
    case "day-off":
      return `${on} is a day off.${n ? ` ${jobs} still stand that day: cancel them, or declare a Weather Day.` : ""}`;
    case "removed":
      return `${on} is bookable again.`;
    case "holidays":
      return params.get("on") === "1" ? "US federal holidays are days off." : "US federal holidays are bookable.";
    case "weather":
      return `Weather Day ${on}: ${jobs} cancelled, and each customer e-mailed a link to choose a new time.`;
    default:
      return null;
  }
}

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const form = await postedForm(request);
  const db = context.get(databaseContext);
  const user = adminUserFrom(context);
  requirePermission(user, "jobs.write");
  const back = (query: string) => redirect(`/admin/schedule?${query}`, 303);
  const handlers = {
    "add-day-off": async () => {
      const { day, reason } = parseForm(form, addDayOffSchema, FIRST_FIELD);
      return back(`done=day-off&day=${day}&jobs=${await addDayOff(db, day, reason)}`);
    },
    "remove-day-off": async () => {
      const { day } = parseForm(form, removeDayOffSchema, FIRST_FIELD);
      await removeDayOff(db, day);
      return back(`done=removed&day=${day}`);
    },
    holidays: async () => {
      const on = parseForm(form, holidaysSchema, FIRST_FIELD).holidaysOff === "on";
      await setHolidaysOff(db, on);
      return back(`done=holidays&on=${on ? 1 : 0}`);
    },
    "weather-day": async () => {
      const { day } = parseForm(form, weatherDaySchema, FIRST_FIELD);
      const { cancelled } = await declareWeatherDay(db, day, user, linkOrigin(request));
      return back(`done=weather&day=${day}&jobs=${cancelled}`);
    },
  };
  const answer = await refusedOnForm(
    () => dispatchIntent(postedIntent(form, handlers), handlers),
    (error) => ({ error: error.message }),
  );
  if (answer instanceof Response) throw answer;
  return answer;
});

export function meta() {
  return [{ title: "Schedule · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

const NAV_LINK =
  "inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export default function AdminSchedule({ loaderData, actionData }: Route.ComponentProps) {
  const { week, timeZone, error, feed, closed, owner, done } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="schedule-heading" className="text-xl font-semibold text-slate-900">
            Schedule
          </h2>
          <p className="text-sm text-slate-600">
            Week of {week.title} · times in {timeZone} · customers may book {week.hours} on working days
          </p>
        </div>
        <nav aria-label="Weeks" className="flex flex-wrap gap-2">
          <Link to={`/admin/schedule?week=${week.previous}`} className={NAV_LINK}>
            <ChevronLeft aria-hidden className="size-4" />
            Previous week
          </Link>
          <Link to="/admin/schedule" aria-current={week.current && !error ? "page" : undefined} className={NAV_LINK}>
            Today
          </Link>
          <Link to={`/admin/schedule?week=${week.next}`} className={NAV_LINK}>
            Next week
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </nav>
      </div>
      {error && <ErrorBanner className="mt-4">{error}</ErrorBanner>}
      {actionData?.error && <ErrorBanner className="mt-4">{actionData.error}</ErrorBanner>}
      {done && !actionData && (
        <p role="status" className="mt-4 flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {done}
        </p>
      )}

      {week.people ? (
        <ScheduleByPerson days={week.days} people={week.people} hours={week.hours} closed={closed} title={week.title} />
      ) : (
        <ol aria-labelledby="schedule-heading" className="mt-6 grid gap-3 lg:grid-cols-7 lg:gap-2">
          {week.days.map((day) => (
            <ScheduleDay key={day.date} day={day} hours={week.hours} closed={closed[day.date]} />
          ))}
        </ol>
      )}

      {owner && (
        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          <DaysOffPanel daysOff={owner.daysOff} holidaysOff={owner.holidaysOff} />
          <WeatherDayPanel weatherDays={owner.weatherDays} />
        </div>
      )}

      {feed && <CalendarFeed address={feed.address} justReset={feed.justReset} />}
    </main>
  );
}

/**
 * One day: its heading (today marked with aria-current="date"), the working
 * hours (a green band) or "Day off" (the day greyed), and its jobs, so the
 * week's bookable days stand out at a glance.
 */
function ScheduleDay({ day, hours, closed }: { day: WeekDay; hours: string; closed: string | undefined }) {
  const working = day.working && closed === undefined;
  return (
    <li
      aria-current={day.today ? "date" : undefined}
      className={`flex min-w-0 flex-col rounded-xl border p-3 lg:min-h-64 ${
        day.today ? "border-brand-500 ring-2 ring-brand-500/30" : "border-slate-200"
      } ${working ? "bg-white" : "bg-slate-100"}`}
    >
      <h3 className="flex items-baseline justify-between gap-2 text-sm font-semibold text-slate-900">
        <span>
          {day.weekday}, <time dateTime={day.date}>{day.label}</time>
        </span>
        {day.today && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">Today</span>}
      </h3>
      <p className={`mt-1 rounded-md px-2 py-1 text-xs ${working ? "bg-emerald-50 text-emerald-900" : "text-slate-600"}`}>
        {working ? `Working hours ${hours}` : closed ? `Day off: ${closed}` : "Day off"}
      </p>
      {day.jobs.length ? (
        <ul className="mt-2 space-y-2">
          {day.jobs.map((job) => (
            <li key={job.id}>
              <ScheduleJob job={job} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-xs text-slate-600">No jobs</p>
      )}
    </li>
  );
}

/**
 * The week by person: a table, a row per day (its header the day, its
 * working hours or day off) and a column per person then Unassigned. At 1280
 * px a grid; under lg each day is a card and each cell names its person
 * (the column headers are then kept for screen readers only).
 */
function ScheduleByPerson({ days, people, hours, closed, title }: { days: WeekDay[]; people: WeekPerson[]; hours: string; closed: Record<string, string>; title: string }) {
  const key = (person: number | null) => person ?? "unassigned";
  return (
    <div className="mt-6 lg:overflow-x-auto">
      <table aria-labelledby="schedule-heading schedule-by-person" className="w-full border-separate border-spacing-0 text-left max-lg:block">
        <caption id="schedule-by-person" className="sr-only">
          Jobs by person, week of {title}
        </caption>
        <thead className="max-lg:sr-only">
          <tr>
            <th scope="col" className="w-40 border-b border-slate-200 px-2 py-2 text-sm font-semibold text-slate-900">
              Day
            </th>
            {people.map((person) => (
              <th key={key(person.id)} scope="col" className="border-b border-slate-200 px-2 py-2 text-sm font-semibold break-words text-slate-900">
                {person.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-lg:block max-lg:space-y-3">
          {days.map((day) => {
            const off = closed[day.date];
            const working = day.working && off === undefined;
            return (
              <tr
                key={day.date}
                aria-current={day.today ? "date" : undefined}
                className={`align-top max-lg:block max-lg:rounded-xl max-lg:border max-lg:p-3 ${day.today ? "max-lg:border-brand-500 max-lg:ring-2 max-lg:ring-brand-500/30 lg:bg-brand-50/40" : "max-lg:border-slate-200"} ${working ? "bg-white" : "bg-slate-100"}`}
              >
                <th scope="row" className="border-b border-slate-200 px-2 py-2 text-left align-top text-sm font-semibold text-slate-900 max-lg:block max-lg:border-0 max-lg:p-0">
                  <span className="flex flex-wrap items-baseline gap-2">
                    <span>
                      {day.weekday}, <time dateTime={day.date}>{day.label}</time>
                    </span>
                    {day.today && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">Today</span>}
                  </span>
                  <span className={`mt-1 block rounded-md px-2 py-1 text-xs font-normal ${working ? "bg-emerald-50 text-emerald-900" : "text-slate-600"}`}>
                    {working ? `Working hours ${hours}` : off ? `Day off: ${off}` : "Day off"}
                  </span>
                </th>
                {people.map((person) => {
                  const jobs = day.jobs.filter((job) => job.person === person.id);
                  return (
                    <td key={key(person.id)} className="min-w-36 border-b border-slate-200 px-2 py-2 align-top max-lg:block max-lg:min-w-0 max-lg:border-0 max-lg:px-0 max-lg:pb-0">
                      <span className="block text-xs font-semibold text-slate-700 lg:hidden">{person.name}</span>
                      {jobs.length ? (
                        <ul className="space-y-2 max-lg:mt-1">
                          {jobs.map((job) => (
                            <li key={`${job.id}-${job.startsAt}`}>
                              <ScheduleJob job={job} />
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="block text-xs text-slate-600">No jobs</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const STATUS_NOTE: Record<WeekJob["status"], string> = { scheduled: "", on_the_way: "On the way", in_progress: "In progress", done: "Done", cancelled: "Cancelled" };

/** A job as a link to its page, named with the customer's name; a cancelled one struck through and says so; one over days says which day. */
function ScheduleJob({ job }: { job: WeekJob }) {
  const cancelled = job.status === "cancelled";
  const note = STATUS_NOTE[job.status];
  return (
    <Link
      to={`/admin/jobs/${job.id}`}
      className={`block min-h-11 rounded-lg border px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
        cancelled ? "border-slate-200 bg-slate-50 text-slate-600" : "border-brand-400 bg-brand-50 text-slate-900 hover:bg-brand-100"
      }`}
    >
      <span className={`block font-semibold break-words ${cancelled ? "line-through" : ""}`}>{job.name}</span>
      <span className={`block text-xs ${cancelled ? "line-through" : "text-slate-700"}`}>
        <time dateTime={job.startsAt}>{job.time}</time>
        {job.town && ` · ${job.town}`}
      </span>
      {job.part && <span className="block text-xs text-slate-700">{job.part}</span>}
      {note && <span className="block text-xs font-semibold">{note}</span>}
      {job.depositDueBy && <span className="block text-xs font-semibold text-amber-800">Waiting for deposit until {job.depositDueBy}</span>}
    </Link>
  );
}
