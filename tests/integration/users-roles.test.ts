import { beforeAll, describe, expect, it } from "vitest";
import { inProcessFetch } from "../helpers/routes";
import { sessionCookieFor as sessionIn } from "../helpers/sessions";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

const OWNER = "owner@example.com";
const PARTNER = "partner@example.com";
const ENV_NOTE = "Administrator through ADMIN_EMAILS; change the server setting to remove";
const OWN_FLAG = "You cannot remove your own administrator access; another administrator can";
const OWN_ROW = "You cannot delete your own user; another administrator can";

// The routes in this process, on this file's database: the stored flags are read directly.
const database = useTestDatabase({ ADMIN_EMAILS: `${OWNER}, ${PARTNER.toUpperCase()}` });
const db = () => database.db;
const app = { fetch: inProcessFetch(db) };
const sessionCookieFor = (email: string, options: { admin: boolean }) => sessionIn(db(), email, options);
let owner: string;
let deputy: string;
beforeAll(async () => {
  // The owner's stored flag is off: only ADMIN_EMAILS makes them an administrator.
  owner = await sessionCookieFor(OWNER, { admin: false });
  deputy = await sessionCookieFor("deputy@example.com", { admin: true });
});

const call = (cookie: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  app.fetch(path, {
    method: init.method ?? "GET",
    headers: { cookie, ...(init.json !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });

const idOf = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const storedFlag = async (email: string) =>
  (await db().selectFrom("users").select("is_admin").where("email", "=", email).executeTakeFirstOrThrow()).is_admin;
const isAdminNow = async (cookie: string) => ((await (await call(cookie, "/api/users/me")).json()) as { isAdmin: boolean }).isAdmin;

describe("the users table tells the truth about administrators", () => {
  it("shows an ADMIN_EMAILS address as an administrator in the list, the row, the sort and the export", async () => {
    expect(await storedFlag(OWNER)).toBe(false);
    expect(await isAdminNow(owner)).toBe(true);

    const list = (await (await call(deputy, `/api/tables/users?email_contains=${OWNER}`)).json()) as { rows: { email: string; is_admin: boolean }[] };
    expect(list.rows).toEqual([expect.objectContaining({ email: OWNER, is_admin: true })]);
    const row = await (await call(deputy, `/api/tables/users/${await idOf(OWNER)}`)).json();
    expect(row).toMatchObject({ email: OWNER, is_admin: true });

    await db().insertInto("users").values({ email: "plain@example.com", is_admin: false }).execute();
    const sorted = (await (await call(deputy, "/api/tables/users?sort=is_admin:asc")).json()) as { rows: { email: string }[] };
    const order = sorted.rows.map((r) => r.email);
    expect(order.indexOf("plain@example.com")).toBeLessThan(order.indexOf(OWNER));

    const csv = await (await call(deputy, "/api/tables/users/export")).text();
    const header = csv.split("\r\n")[0]!.split(",");
    const ownerLine = csv.split("\r\n").find((line) => line.includes(OWNER))!.split(",");
    expect(ownerLine[header.indexOf("is_admin")]).toBe("true");
  });

  it("refuses to clear an ADMIN_EMAILS address's flag through the API (409 with the reason), and keeps it an administrator", async () => {
    const id = await idOf(OWNER);
    const res = await call(deputy, `/api/tables/users/${id}`, { method: "PUT", json: { is_admin: false } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: ENV_NOTE, fields: { is_admin: ENV_NOTE } });
    expect(await isAdminNow(owner)).toBe(true);

    // Other changes to the row go through; it stays an administrator.
    const renamed = await call(deputy, `/api/tables/users/${id}`, { method: "PUT", json: { name: "The Owner" } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: "The Owner", is_admin: true });

    // An address is compared as sign-in compares it: trimmed and lower-case.
    const created = await call(deputy, "/api/tables/users", { method: "POST", json: { email: " Partner@Example.com ", is_admin: false } });
    expect(created.status).toBe(409);
    expect((await created.json()).error).toBe(ENV_NOTE);
    const plain = await idOf("plain@example.com");
    const renamedTo = await call(deputy, `/api/tables/users/${plain}`, { method: "PUT", json: { email: PARTNER, is_admin: false } });
    expect(renamedTo.status).toBe(409);
    // A second row for an address in use is refused for that, the plainer reason.
    const duplicate = await call(deputy, "/api/tables/users", { method: "POST", json: { email: OWNER, is_admin: false } });
    expect(duplicate.status).toBe(400);
    expect((await duplicate.json()).error).toBe("Email is already in use");
    // Without asking for the flag, the row is made, and shown as what sign-in will make it.
    const made = await call(deputy, "/api/tables/users", { method: "POST", json: { email: PARTNER } });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ email: PARTNER, is_admin: true });
  });

  it("refuses the same in the dashboard's form, saying why (no JavaScript needed)", async () => {
    const id = await idOf(OWNER);
    // An unticked checkbox is simply absent from the posted form.
    const res = await app.fetch(`/admin/users?edit=${id}`, {
      method: "POST",
      headers: { cookie: deputy, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "update", id: String(id), email: OWNER, name: "The Owner" }),
    });
    expect(res.status).toBe(409);
    // The action's answer, which the page shows in its banner (JSON here: no rendering in this process).
    const html = await res.text();
    expect(html).toContain(`Failed to update row: ${ENV_NOTE}`);
    expect(await isAdminNow(owner)).toBe(true);
  });
});

describe("no administrator locks themselves out", () => {
  it("refuses removing one's own administrator flag, or deleting one's own row, with 409 and the reason; another administrator can", async () => {
    const id = await idOf("deputy@example.com");
    const demote = await call(deputy, `/api/tables/users/${id}`, { method: "PUT", json: { is_admin: false } });
    expect(demote.status).toBe(409);
    expect(await demote.json()).toEqual({ error: OWN_FLAG, fields: { is_admin: OWN_FLAG } });
    const remove = await call(deputy, `/api/tables/users/${id}`, { method: "DELETE" });
    expect(remove.status).toBe(409);
    expect(await remove.json()).toEqual({ error: OWN_ROW });
    expect(await storedFlag("deputy@example.com")).toBe(true);
    expect(await isAdminNow(deputy)).toBe(true);

    // The owner (an administrator through ADMIN_EMAILS only) cannot delete their own row either.
    const ownerRemove = await call(owner, `/api/tables/users/${await idOf(OWNER)}`, { method: "DELETE" });
    expect(ownerRemove.status).toBe(409);
    expect(await ownerRemove.json()).toEqual({ error: OWN_ROW });

    // Changing one's own address is fine while the flag stays; other edits too.
    const moved = await call(deputy, `/api/tables/users/${id}`, { method: "PUT", json: { email: "deputy2@example.com", name: "Dep" } });
    expect(moved.status).toBe(200);
    expect(await isAdminNow(deputy)).toBe(true);

    // Another administrator can do both.
    expect((await call(owner, `/api/tables/users/${id}`, { method: "PUT", json: { is_admin: false } })).status).toBe(200);
    expect(await isAdminNow(deputy)).toBe(false);
    expect((await call(deputy, "/api/admin/schemas")).status).toBe(403);
    expect((await call(owner, `/api/tables/users/${id}`, { method: "DELETE" })).status).toBe(200);
  });
});
