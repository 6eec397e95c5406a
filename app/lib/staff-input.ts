import { z } from "zod";
import { isEmailAddress, normalizeEmail } from "./email";
import { formConstraint, lookupId, trimmed } from "./form-schema";
import { ROLES } from "./roles";

/**
 * The staff page's forms (/admin/staff, docs/decisions/0114): Add Staff, a
 * person's Change Role and Remove, one zod schema each (docs/decisions/0118).
 * The page shows a refusal above its forms (parseForm's FIRST_FIELD). Browser-safe.
 */

export const STAFF_EMAIL_INVALID = "Enter a valid email address";
export const STAFF_ROLE_INVALID = "Choose a role";

const role = z.enum(ROLES, { error: STAFF_ROLE_INVALID });
/** A staff member's id: one that is no one's is the staff module's 404. */
const staffId = lookupId;

export const addStaffSchema = z.object({
  email: trimmed(z.string({ error: STAFF_EMAIL_INVALID }).transform(normalizeEmail).refine(isEmailAddress, STAFF_EMAIL_INVALID)),
  role,
});

/** Add Staff's constraint attributes (docs/decisions/0118). */
export const ADD_STAFF_CONSTRAINT = formConstraint(addStaffSchema);

export const staffRoleSchema = z.object({ id: staffId, role });

export const removeStaffSchema = z.object({ id: staffId });
