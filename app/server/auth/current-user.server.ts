import { createContext } from "react-router";
import type { SessionUser } from "../session.server";

/**
 * The signed-in administrator, set by the /admin layout's middleware before
 * any admin page loader runs: child loaders read it with
 * `context.get(adminUserContext)` instead of checking again.
 */
export const adminUserContext = createContext<SessionUser | null>(null);

/** The administrator a guard under which this runs has let through (a programming error if none did). */
export function adminUserFrom(context: { get(c: typeof adminUserContext): SessionUser | null }): SessionUser {
  const user = context.get(adminUserContext);
  if (!user) throw new Error("adminUserFrom(): no admin guard ran before this route");
  return user;
}
