import type { Role } from "~/lib/roles";
import { AppError } from "../app-error.server";

/**
 * What each role may do (docs/decisions/0114), the one place that says so.
 * Guards (the /admin layout, the /api guard) and server functions ask
 * `can` / `requirePermission`; nothing else compares roles.
 *
 * The owner may do everything. A technician may read the schedule and the
 * jobs assigned to them (`jobs.read` is "own jobs"; `jobs.read.all` is
 * everyone's), do the work in the field on those jobs (`jobs.work`:
 * Start Job, the condition report, the checklist, photos, Finish Job with
 * its payment; issue 36) and keep their own account's passkeys
 * (`account.own`, docs/decisions/0134), and nothing else: no other writes, no leads,
 * estimates, invoices, customers, settings, prices, tables, tokens, trash,
 * exports or staff.
 */
export type Permission =
  | "schedule.read"
  | "jobs.read"
  | "jobs.read.all"
  | "jobs.write"
  | "jobs.work"
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
  /** The owner's numbers (/admin/reports and its CSVs, docs/decisions/0150). */
  | "reports.read"
  /** One's own account page (/admin/account): one's own passkeys. Every staff role. */
  | "account.own";

const GRANTS: Record<Role, ReadonlySet<Permission> | "all"> = {
  owner: "all",
  technician: new Set<Permission>(["schedule.read", "jobs.read", "jobs.work", "account.own"]),
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

/** Whether `user` may do the field work of a job assigned to `assignedTo`: any job for the owner, their own for a technician. */
export function canWorkJob(user: Actor, assignedTo: number | null): boolean {
  return can(user, "jobs.write") || (can(user, "jobs.work") && assignedTo === user.id);
}

/** Throws AppError 403 unless `user` may do the field work of a job assigned to `assignedTo`. */
export function requireJobWork(user: Actor, assignedTo: number | null): void {
  if (!canWorkJob(user, assignedTo)) throw new AppError(403, "Only the owner or the technician assigned to this job can do its work.");
}

/**
 * The dashboard pages a technician may open (GET): the dashboard's start
 * (which sends them to Today), Today, the schedule, a job's page and its
 * condition reports' PDFs; and
 * the one page they may post to, a job's, whose action lets each intent
 * through only by its permission (the owner's intents by `jobs.write`, the
 * field work by requireJobWork). Every other /admin page and action is the
 * owner's: deny by default, so a page added later is the owner's until it is
 * listed here.
 */
const TECHNICIAN_PAGES = [
  /^\/admin\/?$/,
  /^\/admin\/today\/?$/,
  /^\/admin\/schedule\/?$/,
  /^\/admin\/jobs\/\d+\/?$/,
  // A job's condition report as the PDF the customer was sent (docs/decisions/0136); the route checks whose job it is.
  /^\/admin\/jobs\/\d+\/condition-reports\/\d+\/pdf$/,
];
const TECHNICIAN_POSTS = [/^\/admin\/jobs\/\d+\/?$/];

/** One's own account (docs/decisions/0134): every staff role's, its actions (Remove a passkey) included. */
const OWN_ACCOUNT_PAGE = /^\/admin\/account\/?$/;

/** Whether the /admin layout lets `user` through to `pathname` with `method`. */
export function mayOpenDashboardPage(user: Actor, method: string, pathname: string): boolean {
  if (can(user, "tables.manage")) return true;
  if (OWN_ACCOUNT_PAGE.test(pathname)) return can(user, "account.own");
  if (!user.role) return false;
  const pages = method === "GET" || method === "HEAD" ? TECHNICIAN_PAGES : TECHNICIAN_POSTS;
  return pages.some((page) => page.test(pathname));
}
