import { sql } from "kysely";
import { normalizeEmail } from "~/lib/email";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { isAdminEmail } from "../session.server";
import type { WriteCheck, WriteRefusal } from "../tables/table-def.server";
import { STAFF_REFUSALS } from "./staff.server";

export interface AuthUser {
  id: number;
  email: string;
}

/** Thrown when a sign-in cannot be matched to one user safely. */
export class AccountConflictError extends Error {}

/**
 * The user for an address proven by an e-mailed code: created at first
 * sign-in (without a role: not staff until the owner adds them at
 * /admin/staff); addresses listed in ADMIN_EMAILS become owners.
 */
export async function userForVerifiedEmail(db: DB, rawEmail: string): Promise<AuthUser> {
  const email = normalizeEmail(rawEmail);
  const admin = isAdminEmail(email);
  return db
    .insertInto("users")
    .values({ email, role: admin ? "owner" : null })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet({
        // An address on ADMIN_EMAILS is promoted; nobody is demoted here (the owner sets roles at /admin/staff).
        role: admin ? "owner" : sql<"owner" | "technician" | null>`users.role`,
        updated_at: sql`now()`,
      }),
    )
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
}

/**
 * The user for a Google account, identified by its subject. The first Google
 * sign-in links to an existing user with the same (verified) address, unless
 * that user is already linked to a different Google account.
 */
export async function userForGoogleAccount(db: DB, account: { sub: string; email: string; name: string }): Promise<AuthUser> {
  const email = normalizeEmail(account.email);
  const admin = isAdminEmail(email);
  return db.transaction().execute(async (trx) => {
    const bySub = await trx.selectFrom("users").select(["id", "email"]).where("google_sub", "=", account.sub).executeTakeFirst();
    if (bySub) {
      if (admin)
        await trx
          .updateTable("users")
          .set({ role: "owner", updated_at: sql`now()` })
          .where("id", "=", bySub.id)
          .execute();
      return bySub;
    }
    const byEmail = await trx
      .selectFrom("users")
      .select(["id", "email", "google_sub", "name"])
      .where("email", "=", email)
      .forUpdate()
      .executeTakeFirst();
    if (byEmail) {
      if (byEmail.google_sub && byEmail.google_sub !== account.sub) {
        throw new AccountConflictError(`${email} is already linked to another Google account`);
      }
      await trx
        .updateTable("users")
        .set({
          google_sub: account.sub,
          name: byEmail.name || account.name,
          role: admin ? "owner" : sql<"owner" | "technician" | null>`role`,
          updated_at: sql`now()`,
        })
        .where("id", "=", byEmail.id)
        .execute();
      return { id: byEmail.id, email: byEmail.email };
    }
    return trx
      .insertInto("users")
      .values({ email, name: account.name, google_sub: account.sub, role: admin ? "owner" : null })
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
  });
}

export const USER_WRITE_REFUSALS = {
  ownRow: "You cannot delete your own user; another administrator can",
};

/**
 * The users table's rules for dashboard and API writes (ADR 0034): nobody
 * deletes their own row, and the last owner's row is not deleted (the staff
 * module's rule, docs/decisions/0114). Roles are read-only here: they change
 * at /admin/staff (./staff.server.ts).
 */
export async function checkUserWrite(db: DB, check: WriteCheck): Promise<WriteRefusal | undefined> {
  if (check.action !== "delete") return undefined;
  if (check.id === check.actor.id) return { error: USER_WRITE_REFUSALS.ownRow };
  const target = await db.selectFrom("users").select("role").where("id", "=", check.id).executeTakeFirst();
  if (target?.role !== "owner" || env().adminEmails.size) return undefined;
  const others = await db.selectFrom("users").select("id").where("role", "=", "owner").where("id", "!=", check.id).executeTakeFirst();
  return others ? undefined : { error: STAFF_REFUSALS.lastOwner };
}
