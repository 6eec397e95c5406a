import { createContext } from "react-router";
import type { SessionUser } from "../session.server";

/**
 * The signed-in administrator, set by the /admin layout's middleware before
 * any admin page loader runs: child loaders read it with
 * `context.get(adminUserContext)` instead of checking again.
 */
export const adminUserContext = createContext<SessionUser | null>(null);
