import { redirect } from "react-router";
import { signOut } from "~/server/auth/authenticator.server";
import { requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.logout";

/** GET (the auth client): ends the session (its row is deleted) and clears the cookie. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const setCookie = await signOut(request, context.get(requestInfoContext).clientIp);
  return Response.json({ success: true }, { headers: { "set-cookie": setCookie, "cache-control": "no-store" } });
}

/** POST (the Logout button's form, also without JavaScript): the same, then the login page. */
export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await signOut(request, context.get(requestInfoContext).clientIp);
  return redirect("/login", { headers: { "set-cookie": setCookie } });
}
