import { sql } from "kysely";
import type { DB } from "../db.server";
import { isAdminEmail } from "../session.server";

export interface AuthUser {
  id: number;
  email: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

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
