import { redirect } from "react-router";
import { declareApi, json, ref } from "~/lib/api-declaration";
import { signOut } from "~/server/auth/authenticator.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.logout";

export const openapi = () =>
  declareApi("/api/logout", {
    get: {
      tag: "Sign-in",
      operationId: "logout",
      summary: "Sign out (ends the session, clears the cookie)",
      access: "session",
      responses: { "200": json(ref("Success"), "Signed out.") },
      errors: [403],
    },
    post: {
      tag: "Sign-in",
      operationId: "logoutForm",
      summary: "Sign out from a form, then go to the sign-in page",
      access: "session",
      responses: { "302": { description: "To /login.", headers: { Location: { schema: { type: "string" } } } } },
      errors: [403],
    },
  });

/**
 * A shared phone: what the browser kept for the staff's offline use (the
 * service worker, its cached pages, the queue of changes in IndexedDB: the
 * customers' names, addresses and photos) goes with the session
 * (docs/decisions/0141). The page's script deletes them too.
 */
const CLEAR_SITE_DATA = '"cache", "storage"';

/**
 * GET (the auth client): ends the session (its row is deleted) and clears the
 * cookie. Logout is a GET (the auth client's call), which the origin check (POST/PUT/DELETE)
 * does not cover, so a request another site makes (an <img> pointing here)
 * is refused by its Fetch Metadata.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") {
    return Response.json({ error: "Cross-site request refused" }, { status: 403 });
  }
  const setCookie = await signOut(context.get(databaseContext), request, context.get(requestInfoContext).clientIp);
  return Response.json({ success: true }, { headers: { "set-cookie": setCookie, "cache-control": "no-store", "clear-site-data": CLEAR_SITE_DATA } });
}

/** POST (the Logout button's form, also without JavaScript): the same, then the login page. */
export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await signOut(context.get(databaseContext), request, context.get(requestInfoContext).clientIp);
  return redirect("/login", { headers: { "set-cookie": setCookie, "clear-site-data": CLEAR_SITE_DATA } });
}
