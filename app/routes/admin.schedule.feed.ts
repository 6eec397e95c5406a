import { redirect } from "react-router";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { resetFeedToken } from "~/server/jobs/calendar-feed.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.schedule.feed";

/**
 * POST /admin/schedule/feed — `Reset feed address` (the schedule page's
 * CalendarFeed form): a new feed token, the old address a 404 from now on.
 * Under the admin layout, whose middleware lets only administrators through;
 * the origin check is the server's, on every POST (server/origin-check.ts).
 */
export async function action({ context }: Route.ActionArgs) {
  await resetFeedToken(context.get(databaseContext), adminUserFrom(context));
  throw redirect("/admin/schedule?feed=reset", 303);
}

/** Nothing to show here: the address and its button are on /admin/schedule. */
export function loader() {
  throw redirect("/admin/schedule", 302);
}
