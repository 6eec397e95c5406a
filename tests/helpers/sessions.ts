import type { DB } from "~/server/db.server";
import { createSession } from "~/server/session.server";

/**
 * For the in-process harness: a user (created if new, with this stored
 * administrator flag) with a live session in `db`; returns the Cookie header
 * to send. For tests of what a signed-in user can do, not of how one signs in.
 */
export async function sessionCookieFor(db: DB, email: string, { admin = false } = {}): Promise<string> {
  const user = await db
    .insertInto("users")
    .values({ email, is_admin: admin })
    .onConflict((oc) => oc.column("email").doUpdateSet({ is_admin: admin }))
    .returning("id")
    .executeTakeFirstOrThrow();
  const setCookie = await createSession(db, new Request("http://localhost/"), user.id);
  return setCookie.split(";")[0]!;
}
