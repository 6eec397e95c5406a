import { describe, expect, it } from "vitest";
import { destroySession, getSessionUser } from "~/server/session.server";
import { sessionCookieFor } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const database = useTestDatabase();
const db = () => database.db;
const requestWith = (cookie: string) => new Request("http://localhost/admin/schedule", { headers: { cookie } });

describe("the session is read once per request", () => {
  it("answers the guard and the root loader of one request with one read, and a new request reads again", async () => {
    const cookie = await sessionCookieFor(db(), "owner@example.com", { admin: true });
    const request = requestWith(cookie);
    const [guard, root] = await Promise.all([getSessionUser(db(), request), getSessionUser(db(), request)]);
    expect(guard).toMatchObject({ email: "owner@example.com", role: "owner" as const });
    expect(root).toBe(guard);

    // Ended elsewhere (another tab's Logout) while this request runs: this
    // request keeps its answer; the next one is signed out.
    await db().deleteFrom("sessions").execute();
    expect(await getSessionUser(db(), request)).toBe(guard);
    expect(await getSessionUser(db(), requestWith(cookie))).toBeNull();
  });

  it("forgets the answer when the request itself signs out", async () => {
    const request = requestWith(await sessionCookieFor(db(), "partner@example.com"));
    expect(await getSessionUser(db(), request)).toMatchObject({ email: "partner@example.com" });
    await destroySession(db(), request);
    expect(await getSessionUser(db(), request)).toBeNull();
  });
});
