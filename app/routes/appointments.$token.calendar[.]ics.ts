import { appErrorText, atEdge } from "~/server/app-error.server";
import { jobForCustomer } from "~/server/jobs/appointment-page.server";
import { jobCalendarFile } from "~/server/jobs/job-ical.server";
import { appointmentLink } from "~/server/jobs/job-mail.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import { getBusinessSettings } from "~/server/settings.server";
import { linkOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/appointments.$token.calendar[.]ics";

/** /appointments/{token}/calendar.ics — `Add to calendar`: the appointment as a file to open (the invite's UID, without a METHOD). */
export const loader = atEdge(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const job = await jobForCustomer(db, params.token, context.get(requestInfoContext).clientIp);
  const file = jobCalendarFile(job, await getBusinessSettings(db), appointmentLink(linkOrigin(request), job.token));
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="appointment.ics"',
      "X-Robots-Tag": "noindex",
    },
  });
}, appErrorText);
