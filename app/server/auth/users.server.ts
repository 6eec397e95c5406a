import { sql, type RawBuilder } from "kysely";
import { escapeLiteral } from "pg";
import { normalizeEmail } from "~/lib/email";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { isAdminEmail } from "../session.server";
import type { WriteCheck, WriteRefusal } from "../tables/table-def.server";

export interface AuthUser {
  id: number;
  email: string;
}

/** Thrown when a sign-in cannot be matched to one user safely. */
export class AccountConflictError extends Error {}

/**
 * The user for an address proven by an e-mailed code: created at first
 * sign-in; addresses listed in ADMIN_EMAILS become administrators.
 */
export async function userForVerifiedEmail(db: DB, rawEmail: string): Promise<AuthUser> {
  const email = normalizeEmail(rawEmail);
  const admin = isAdminEmail(email);
  return db
    .insertInto("users")
    .values({ email, is_admin: admin })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet({
        // An address on ADMIN_EMAILS is promoted; nobody is demoted here (other administrators grant the flag).
        is_admin: admin ? true : sql<boolean>`users.is_admin`,
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
          .set({ is_admin: true, updated_at: sql`now()` })
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
          is_admin: admin ? true : sql<boolean>`is_admin`,
          updated_at: sql`now()`,
        })
        .where("id", "=", byEmail.id)
        .execute();
      return { id: byEmail.id, email: byEmail.email };
    }
    return trx
      .insertInto("users")
      .values({ email, name: account.name, google_sub: account.sub, is_admin: admin })
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
  });
}

export const USER_WRITE_REFUSALS = {
  envAdmin: "Administrator through ADMIN_EMAILS; change the server setting to remove",
  ownAdmin: "You cannot remove your own administrator access; another administrator can",
  ownRow: "You cannot delete your own user; another administrator can",
};

/**
 * Whether a users row is an administrator as sign-in sees it (the stored
 * flag, or the address in ADMIN_EMAILS; see getSessionUser), as SQL. The
 * addresses go in as escaped literals: the CSV export runs this inside a COPY.
 */
export function effectiveAdminSql(isAdmin: RawBuilder<unknown>, email: RawBuilder<unknown>): RawBuilder<unknown> {
  const listed = [...env().adminEmails];
  if (!listed.length) return isAdmin;
  return sql`(${isAdmin} OR lower(${email}) IN (${sql.join(listed.map((address) => sql.raw(escapeLiteral(address))))}))`;
}

/**
 * The users table's rules for dashboard and API writes (ADR 0034):
 * - an ADMIN_EMAILS address cannot be saved as a non-administrator, since
 *   sign-in would make it one again: the server setting is what removes it;
 * - nobody removes their own administrator access or deletes their own row,
 *   so the last administrator cannot lock everyone out by a slip.
 */
export async function checkUserWrite(db: DB, check: WriteCheck): Promise<WriteRefusal | undefined> {
  const own = check.action !== "create" && check.id === check.actor.id;
  if (check.action === "delete") return own ? { error: USER_WRITE_REFUSALS.ownRow } : undefined;

  const { values } = check;
  const rowId = check.action === "update" ? check.id : undefined;
  // The stored flag, not the row as listed (which already counts ADMIN_EMAILS in).
  const stored =
    rowId === undefined
      ? undefined
      : await db.selectFrom("users").select(["email", "is_admin"]).where("id", "=", rowId).executeTakeFirst();
  const email = typeof values.email === "string" ? normalizeEmail(values.email) : (stored?.email ?? "");
  if (values.is_admin === false && isAdminEmail(email)) {
    // The address already belongs to another row: the database's "already in use" is the better answer.
    const other = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .$if(rowId !== undefined, (q) => q.where("id", "!=", rowId!))
      .executeTakeFirst();
    if (!other) return { error: USER_WRITE_REFUSALS.envAdmin, field: "is_admin" };
  }
  if (own) {
    const flag = "is_admin" in values ? values.is_admin === true : stored?.is_admin === true;
    if (!flag && !isAdminEmail(email)) return { error: USER_WRITE_REFUSALS.ownAdmin, field: "is_admin" };
  }
  return undefined;
}
