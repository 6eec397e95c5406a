import { createCookie, type Cookie } from "react-router";
import { env } from "./env.server";
import { isHttps } from "./site-url.server";

/**
 * A signed cookie of ours: HttpOnly, SameSite=Lax (sent on a top-level
 * navigation back from another site, such as the sign-in provider), path /,
 * signed with SESSION_SECRET (every configured secret verifies). On https it
 * is Secure and named `__Host-<name>`, so no subdomain can set or read it.
 * Returns the cookie for a request; one Cookie object per scheme.
 */
export function signedCookie(name: string, maxAgeSeconds: number): (request: Request) => Cookie {
  const made = new Map<boolean, Cookie>();
  return (request) => {
    const secure = isHttps(request);
    let cookie = made.get(secure);
    if (!cookie) {
      cookie = createCookie(secure ? `__Host-${name}` : name, {
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        secrets: env().sessionSecrets,
        maxAge: maxAgeSeconds,
      });
      made.set(secure, cookie);
    }
    return cookie;
  };
}
