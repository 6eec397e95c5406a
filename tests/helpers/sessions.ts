import type { Role } from "~/lib/roles";
import type { DB } from "~/server/db.server";
import { createSession } from "~/server/session.server";

/**
 * For the in-process harness: a user (created if new, with this stored role:
 * `admin: true` is an owner, `role` says another; neither is not staff) with
 * a live session in `db`; returns the Cookie header to send. For tests of
 * what a signed-in user can do, not of how one signs in.
 */
export async function sessionCookieFor(db: DB, email: string, { admin = false, role }: { admin?: boolean; role?: Role } = {}): Promise<string> {
  const stored = role ?? (admin ? "owner" : null);
  const user = await db
    .insertInto("users")
    .values({ email, role: stored })
    .onConflict((oc) => oc.column("email").doUpdateSet({ role: stored }))
    .returning("id")
    .executeTakeFirstOrThrow();
  const setCookie = await createSession(db, new Request("http://localhost/"), user.id);
  return setCookie.split(";")[0]!;
}
