import { ChevronLeft, ChevronRight, MapPin, MessageSquare, Phone } from "lucide-react";
import { Link } from "react-router";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { atEdge } from "~/server/app-error.server";
import { databaseContext } from "~/server/request-context.server";
import { todayDate, todayView, type TodayJob } from "~/server/jobs/today.server";
import type { Route } from "./+types/admin.today";

/*
 * /admin/today — the signed-in person's jobs of a day, in order, made for a
 * phone in a driveway (ui-contract.md, The day in the field): each with the
 * customer to call or text, directions, the vehicle, the work sold, the notes
 * and the request's photos, and the drive from the job before. `?date=` for
 * another day. A technician's start page.
 */

export const loader = atEdge(async ({ request, context }: Route.LoaderArgs) => {
  const now = new Date();
  const date = todayDate(new URL(request.url).searchParams.get("date"), now);
  return todayView(context.get(databaseContext), adminUserFrom(context), date, now);
});

export function meta({ data }: Route.MetaArgs) {
  const title = data && !data.isToday ? `Jobs on ${data.label}` : "Today";
  return [{ title: `${title} | Admin Dashboard` }, { name: "robots", content: "noindex" }];
}

const linkButton =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export default function TodayPage({ loaderData }: Route.ComponentProps) {
  const { label, previous, next, isToday, jobs } = loaderData;
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-5 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold text-slate-900">{isToday ? "Today" : label}</h2>
          {isToday && <p className="text-sm text-slate-700">{label}</p>}
        </div>
        <nav aria-label="Days" className="flex gap-2">
          <Link to={`?date=${previous}`} className={linkButton}>
            <ChevronLeft aria-hidden className="size-4" />
            Previous Day
          </Link>
          {!isToday && (
            <Link to="/admin/today" className={linkButton}>
              Today
            </Link>
          )}
          <Link to={`?date=${next}`} className={linkButton}>
            Next Day
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </nav>
      </div>
      {jobs.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-5 text-slate-700">No jobs {isToday ? "today" : "this day"}.</p>
      ) : (
        <ol className="space-y-4">
          {jobs.map((job) => (
            <TodayCard key={job.id} job={job} />
          ))}
        </ol>
      )}
    </main>
  );
}

function TodayCard({ job }: { job: TodayJob }) {
  const headingId = `today-job-${job.id}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      {job.drive && <p className="mb-2 text-sm text-slate-600">{job.drive}</p>}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          <Link to={`/admin/jobs/${job.id}`} className="hover:underline">
            {job.time} · {job.customer}
          </Link>
        </h3>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-800">
          {job.status}
          {job.part && ` · ${job.part}`}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-800">{job.address}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {job.phone.tel && (
          <a href={job.phone.tel} className={linkButton} aria-label={`Call ${job.customer}`}>
            <Phone aria-hidden className="size-4" />
            Call
          </a>
        )}
        {job.phone.sms && (
          <a href={job.phone.sms} className={linkButton} aria-label={`Text ${job.customer}`}>
            <MessageSquare aria-hidden className="size-4" />
            Text
          </a>
        )}
        <a href={job.directions} target="_blank" rel="noopener noreferrer" className={linkButton} aria-label={`Directions to ${job.customer}'s`}>
          <MapPin aria-hidden className="size-4" />
          Directions
        </a>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {job.vehicle && (
          <>
            <dt className="font-medium text-slate-600">Vehicle</dt>
            <dd className="text-slate-900">{job.vehicle}</dd>
          </>
        )}
        {job.work.length > 0 && (
          <>
            <dt className="font-medium text-slate-600">Work</dt>
            <dd className="text-slate-900">
              <ul className="list-disc pl-5">
                {job.work.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {job.notes && (
          <>
            <dt className="font-medium text-slate-600">Notes</dt>
            <dd className="break-words whitespace-pre-wrap text-slate-900">{job.notes}</dd>
          </>
        )}
      </dl>
      {job.photos.length > 0 && (
        <ul aria-label={`Photos from ${job.customer}'s request`} className="mt-3 flex flex-wrap gap-2">
          {job.photos.map((photo) => (
            <li key={photo.url}>
              <a href={photo.url} target="_blank" rel="noopener noreferrer">
                <img src={photo.thumb} alt={photo.name} loading="lazy" className="size-20 rounded-lg object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
