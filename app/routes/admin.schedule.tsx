import { ChevronLeft, ChevronRight } from "lucide-react";
import { data, Link } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { CalendarFeed } from "~/components/schedule/CalendarFeed";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { can } from "~/server/auth/permissions.server";
import { env } from "~/server/env.server";
import { feedAddress } from "~/server/jobs/calendar-feed.server";
import { scheduleWeek, weekMonday, type WeekDay, type WeekJob } from "~/server/jobs/schedule-week.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.schedule";

/*
 * /admin/schedule?week=YYYY-MM-DD — the owner's week (issue 21,
 * docs/decisions/0086): Monday to Sunday in the business time zone, rendered
 * on the server; every control is a link, so all of it works without
 * JavaScript. A week that cannot be read answers 400 and shows this week with
 * the reason. Seven columns on a wide screen, a list by day on a phone: the
 * same HTML, only CSS differs.
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
  return data({ week, timeZone, error, feed }, { status: error ? 400 : 200 });
}

export function meta() {
  return [{ title: "Schedule · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

const NAV_LINK =
  "inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export default function AdminSchedule({ loaderData }: Route.ComponentProps) {
  const { week, timeZone, error, feed } = loaderData;
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

      <ol aria-labelledby="schedule-heading" className="mt-6 grid gap-3 lg:grid-cols-7 lg:gap-2">
        {week.days.map((day) => (
          <ScheduleDay key={day.date} day={day} hours={week.hours} />
        ))}
      </ol>

      {feed && <CalendarFeed address={feed.address} justReset={feed.justReset} />}
    </main>
  );
}

/**
 * One day: its heading (today marked with aria-current="date"), the working
 * hours (a green band) or "Day off" (the day greyed), and its jobs, so the
 * week's bookable days stand out at a glance.
 */
function ScheduleDay({ day, hours }: { day: WeekDay; hours: string }) {
  return (
    <li
      aria-current={day.today ? "date" : undefined}
      className={`flex min-w-0 flex-col rounded-xl border p-3 lg:min-h-64 ${
        day.today ? "border-brand-500 ring-2 ring-brand-500/30" : "border-slate-200"
      } ${day.working ? "bg-white" : "bg-slate-100"}`}
    >
      <h3 className="flex items-baseline justify-between gap-2 text-sm font-semibold text-slate-900">
        <span>
          {day.weekday}, <time dateTime={day.date}>{day.label}</time>
        </span>
        {day.today && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">Today</span>}
      </h3>
      <p className={`mt-1 rounded-md px-2 py-1 text-xs ${day.working ? "bg-emerald-50 text-emerald-900" : "text-slate-600"}`}>
        {day.working ? `Working hours ${hours}` : "Day off"}
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
