import type { Role } from "~/lib/roles";
import { AppError } from "../app-error.server";

/**
 * What each role may do (docs/decisions/0114), the one place that says so.
 * Guards (the /admin layout, the /api guard) and server functions ask
 * `can` / `requirePermission`; nothing else compares roles.
 *
 * The owner may do everything. A technician may read the schedule and the
 * jobs assigned to them (`jobs.read` is "own jobs"; `jobs.read.all` is
 * everyone's), and keep their own account's passkeys (`account.own`,
 * docs/decisions/0134), and nothing else: no other writes, no leads,
 * estimates, invoices, customers, settings, prices, tables, tokens, trash,
 * exports or staff.
 */
export type Permission =
  | "schedule.read"
  | "jobs.read"
  | "jobs.read.all"
  | "jobs.write"
  | "leads.read"
  | "estimates.read"
  | "invoices.read"
  | "customers.read"
  | "customers.manage"
  | "settings.manage"
  | "prices.manage"
  | "tables.manage"
  | "tokens.manage"
  | "staff.manage"
  /** One's own account page (/admin/account): one's own passkeys. Every staff role. */
  | "account.own";

const GRANTS: Record<Role, ReadonlySet<Permission> | "all"> = {
  owner: "all",
  technician: new Set<Permission>(["schedule.read", "jobs.read", "account.own"]),
};

/** Who is asking: a signed-in user (or an API token's maker) with their role; null role is not staff. */
export interface Actor {
  id: number;
  role: Role | null;
}

export function can(user: Actor | null | undefined, permission: Permission): boolean {
  const grants = user?.role ? GRANTS[user.role] : undefined;
  return grants === "all" || (grants !== undefined && grants.has(permission));
}

/** The refusal's words: the API has said them since before roles, so they stay (an owner is the administrator). */
export const OWNER_ONLY = "Administrator access required";

/** Throws AppError 403 unless `user` may do `permission`. */
export function requirePermission(user: Actor | null | undefined, permission: Permission): void {
  if (!can(user, permission)) throw new AppError(403, OWNER_ONLY);
}

/** Whether a job assigned to `assignedTo` may be read by `user`: everyone's for the owner, their own for a technician. */
export function canReadJob(user: Actor, assignedTo: number | null): boolean {
  return can(user, "jobs.read.all") || (can(user, "jobs.read") && assignedTo === user.id);
}

/**
 * The dashboard pages a technician may open (GET only): the dashboard's
 * start (which sends them to the schedule), the schedule and a job's page.
 * Every other /admin page and every action is the owner's: deny by default,
 * so a page added later is the owner's until it is listed here.
 */
const TECHNICIAN_PAGES = [/^\/admin\/?$/, /^\/admin\/schedule\/?$/, /^\/admin\/jobs\/\d+\/?$/];

/** One's own account (docs/decisions/0134): every staff role's, its actions (Remove a passkey) included. */
const OWN_ACCOUNT_PAGE = /^\/admin\/account\/?$/;

/** Whether the /admin layout lets `user` through to `pathname` with `method`. */
export function mayOpenDashboardPage(user: Actor, method: string, pathname: string): boolean {
  if (can(user, "tables.manage")) return true;
  if (OWN_ACCOUNT_PAGE.test(pathname)) return can(user, "account.own");
  if (!user.role || (method !== "GET" && method !== "HEAD")) return false;
  return TECHNICIAN_PAGES.some((page) => page.test(pathname));
}
