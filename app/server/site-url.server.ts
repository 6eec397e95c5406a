import { env } from "./env.server";

/** The site's public origin: APP_URL when set, else the request's own origin. */
export function siteOrigin(request: Request): string {
  return new URL(env().APP_URL ?? request.url).origin;
}
