import { sql, type RawBuilder } from "kysely";
import { escapeLiteral } from "pg";
import type { z } from "zod";
import { ROLE_TITLES, type Role } from "~/lib/roles";
import { STAFF_EMAIL_INVALID, STAFF_ROLE_INVALID, type addStaffSchema } from "~/lib/staff-input";
import { asActor } from "../actor.server";
import { AppError, notFound } from "../app-error.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { effectiveRole, isAdminEmail, type SessionUser } from "../session.server";
import { requirePermission } from "./permissions.server";

/**
 * The staff (issue 34, docs/decisions/0114): the owner adds people by e-mail
 * with a role, changes roles and removes staff at /admin/staff. Adding makes
 * the users row (or gives an existing one the role), so the person signs in
 * with an e-mailed code as anyone does; removing takes the role away (the row
 * stays, so the history keeps its name), and the next request of any session
 * of theirs is refused. There is always an owner: this module is the one
 * place roles change, and it decides that under a lock on the owners' rows.
 */

export const STAFF_REFUSALS = {
  email: STAFF_EMAIL_INVALID,
  role: STAFF_ROLE_INVALID,
  envOwner: "Owner through ADMIN_EMAILS; change the server setting to remove",
  lastOwner: "The last owner cannot be removed or made a technician; make someone else an owner first",
};

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: Role;
  /** An ADMIN_EMAILS address: an owner whatever is stored, so its role cannot be changed here. */
  fromSetting: boolean;
}

/**
 * A users row's role as sign-in sees it, as SQL: the stored role, or 'owner'
 * for an ADMIN_EMAILS address. The addresses go in as escaped literals: the
 * CSV export runs this inside a COPY.
 */
export function effectiveRoleSql(role: RawBuilder<unknown>, email: RawBuilder<unknown>): RawBuilder<unknown> {
  const listed = [...env().adminEmails];
  if (!listed.length) return role;
  return sql`(CASE WHEN lower(${email}) IN (${sql.join(listed.map((address) => sql.raw(escapeLiteral(address))))}) THEN 'owner' ELSE ${role} END)`;
}

/** Everyone with a role (ADMIN_EMAILS addresses that have signed in included), owners first, then by address. */
export async function listStaff(db: DB, user: SessionUser): Promise<StaffMember[]> {
  requirePermission(user, "staff.manage");
  const rows = await db
    .selectFrom("users")
    .select(["id", "email", "name", sql<string | null>`${effectiveRoleSql(sql.ref("role"), sql.ref("email"))}`.as("role")])
    .where(sql<boolean>`${effectiveRoleSql(sql.ref("role"), sql.ref("email"))} IS NOT NULL`)
    .orderBy(sql`${effectiveRoleSql(sql.ref("role"), sql.ref("email"))} = 'owner'`, "desc")
    .orderBy("email")
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, name: row.name, role: row.role as Role, fromSetting: isAdminEmail(row.email) }));
}

/** The staff who can be given jobs, for the job page's `Assigned To` (everyone with a role). */
export async function assignableStaff(db: DB): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "email", "name"])
    .where(sql<boolean>`${effectiveRoleSql(sql.ref("role"), sql.ref("email"))} IS NOT NULL`)
    .orderBy("email")
    .execute();
  return rows.map((row) => ({ id: row.id, label: row.name ? `${row.name} (${row.email})` : row.email }));
}

/** Adds `email` as staff with `role`: a new users row, or the role given to an existing one. Returns its id. */
export async function addStaff(db: DB, user: SessionUser, { email, role }: z.output<typeof addStaffSchema>): Promise<number> {
  requirePermission(user, "staff.manage");
  if (role !== "owner" && isAdminEmail(email)) throw new AppError(409, STAFF_REFUSALS.envOwner, { fields: { role: STAFF_REFUSALS.envOwner } });
  return changeRoleLocked(db, user, { email }, role);
}

/** Gives staff member `id` another role. */
export async function changeStaffRole(db: DB, user: SessionUser, id: number, role: Role): Promise<void> {
  requirePermission(user, "staff.manage");
  await changeRoleLocked(db, user, { id }, role);
}

/** Takes staff member `id`'s role away: they can no longer open any dashboard page. */
export async function removeStaff(db: DB, user: SessionUser, id: number): Promise<void> {
  requirePermission(user, "staff.manage");
  await changeRoleLocked(db, user, { id }, null);
}

/**
 * The one writer of users.role (besides sign-in's promotion of ADMIN_EMAILS
 * addresses). The owners' rows are locked first, so two owners demoting each
 * other at once are judged one after the other: the second sees the first's
 * change and is refused, and the business keeps an owner.
 */
async function changeRoleLocked(db: DB, user: SessionUser, who: { id: number } | { email: string }, role: Role | null): Promise<number> {
  return asActor(db, user, async (trx) => {
    const owners = await trx.selectFrom("users").select("id").where("role", "=", "owner").orderBy("id").forUpdate().execute();
    if ("email" in who) {
      const row = await trx
        .insertInto("users")
        .values({ email: who.email, role })
        .onConflict((oc) => oc.column("email").doUpdateSet({ role, updated_at: sql`now()` }))
        .returning(["id"])
        .executeTakeFirstOrThrow();
      // Adding never takes the last owner's role away unless it names them with another role.
      if (role !== "owner" && owners.length === 1 && owners[0]!.id === row.id && !env().adminEmails.size) throw lastOwner();
      return row.id;
    }
    const target = await trx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", who.id).executeTakeFirst();
    if (!target || effectiveRole(target.email, target.role) === null) throw notFound("Staff member not found");
    if (role !== "owner" && isAdminEmail(target.email)) throw new AppError(409, STAFF_REFUSALS.envOwner);
    const othersOwning = owners.some((o) => o.id !== target.id) || env().adminEmails.size > 0;
    if (target.role === "owner" && role !== "owner" && !othersOwning) throw lastOwner();
    await trx.updateTable("users").set({ role, updated_at: sql`now()` }).where("id", "=", target.id).execute();
    return target.id;
  });
}

const lastOwner = () => new AppError(409, STAFF_REFUSALS.lastOwner);

/** Words for a role in the dashboard. */
export const roleTitle = (role: Role) => ROLE_TITLES[role];
