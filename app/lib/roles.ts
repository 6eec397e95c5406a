/**
 * Staff roles (docs/decisions/0114): the owner does everything; a technician
 * sees the schedule and the jobs assigned to them, read-only. A signed-in
 * user without a role is not staff and sees no dashboard page. Shared by the
 * browser (the staff page's choices) and the server (the permissions).
 */
export const ROLES = ["owner", "technician"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_TITLES: Record<Role, string> = { owner: "Owner", technician: "Technician" };

export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);
