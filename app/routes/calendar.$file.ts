import { appErrorText, atEdge } from "~/server/app-error.server";
import { checkFeedToken, feedJobs } from "~/server/jobs/calendar-feed.server";
import { jobsFeed } from "~/server/jobs/job-ical.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { getBusinessSettings } from "~/server/settings.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/calendar.$file";

/**
 * /calendar/{token}.ics — the owner's private feed (docs/decisions/0084), or
 * a person's own, their assigned jobs only (docs/decisions/0148).
 * The route's one segment is the whole file name: React Router matches a
 * dynamic segment whole, so the `.ics` is taken off here, and any other name
 * is a 404 like a wrong token.
 */
export const loader = atEdge(
  async ({ request, params, context }: Route.LoaderArgs) => {
    const db = context.get(databaseContext);
    const token = /^(.+)\.ics$/.exec(params.file)?.[1] ?? "";
    const feed = await checkFeedToken(db, token, context.get(requestInfoContext).clientIp);
    const [jobs, settings] = await Promise.all([feedJobs(db, new Date(), feed), getBusinessSettings(db)]);
    const origin = linkOrigin(request) ?? "";
    return new Response(jobsFeed(jobs, settings, (job) => `${origin}/admin/jobs/${job.id}`), {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `inline; filename="${feed.person === null ? "jobs" : "my-jobs"}.ics"`,
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
      },
    });
  },
  // A calendar app shows the refusal as it is: plain text, still kept out of search engines.
  (error) => appErrorText(error, { "X-Robots-Tag": "noindex" }),
);
