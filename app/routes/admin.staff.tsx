import { CheckCircle2, UserPlus } from "lucide-react";
import { Form, redirect } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { buttonClass } from "~/components/ui/button";
import { ROLE_TITLES, ROLES } from "~/lib/roles";
import { ADD_STAFF_CONSTRAINT, addStaffSchema, removeStaffSchema, staffRoleSchema } from "~/lib/staff-input";
import { atEdge } from "~/server/app-error.server";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { addStaff, changeStaffRole, listStaff, removeStaff } from "~/server/auth/staff.server";
import { dispatchIntent, FIRST_FIELD, formText, parseForm, postedIntent, refusedOnForm } from "~/server/form-action.server";
import { postedForm } from "~/server/form-body.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.staff";

/*
 * /admin/staff — the owner's staff (ui-contract.md, The day in the field;
 * docs/decisions/0114): Add Staff by Email and Role, each person's role
 * changed or taken away. Plain POST forms answered by a redirect, so it all
 * works without JavaScript; the rules (never the last owner, ADMIN_EMAILS
 * owners stay owners) are the staff module's.
 */

const DONE = { added: "Added. They sign in at /login with a code e-mailed to that address.", changed: "Role changed.", removed: "Removed from staff." } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const done = new URL(request.url).searchParams.get("done");
  return { staff: await listStaff(context.get(databaseContext), adminUserFrom(context)), done: done && done in DONE ? DONE[done as keyof typeof DONE] : null };
}

export const action = atEdge(async ({ request, context }: Route.ActionArgs) => {
  const form = await postedForm(request);
  const db = context.get(databaseContext);
  const user = adminUserFrom(context);
  const handlers = {
    add: async () => {
      await addStaff(db, user, parseForm(form, addStaffSchema, FIRST_FIELD));
      return redirect("/admin/staff?done=added", 303);
    },
    role: async () => {
      const { id, role } = parseForm(form, staffRoleSchema, FIRST_FIELD);
      await changeStaffRole(db, user, id, role);
      return redirect("/admin/staff?done=changed", 303);
    },
    remove: async () => {
      await removeStaff(db, user, parseForm(form, removeStaffSchema, FIRST_FIELD).id);
      return redirect("/admin/staff?done=removed", 303);
    },
  };
  // Every refusal shows above the forms, Add Staff keeping the address typed.
  const answer = await refusedOnForm(
    () => dispatchIntent(postedIntent(form, handlers), handlers),
    (error) => ({ error: error.message, email: formText(form, "email") }),
  );
  if (answer instanceof Response) throw answer;
  return answer;
});

export function meta() {
  return [{ title: "Staff · Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

const FIELD =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40";

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, done } = loaderData;
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <h2 className="text-xl font-semibold text-slate-900">Staff</h2>
      {done && !actionData && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {done}
        </p>
      )}
      {actionData?.error && <ErrorBanner>{actionData.error}</ErrorBanner>}
      <Form method="post" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <input type="hidden" name="intent" value="add" />
        <div>
          <label htmlFor="staff-email" className="mb-1 block text-sm font-medium text-slate-800">
            Email
          </label>
          <input id="staff-email" name="email" type="email" required={ADD_STAFF_CONSTRAINT.email.required} autoComplete="off" defaultValue={actionData?.email} className={FIELD} />
        </div>
        <div>
          <label htmlFor="staff-role" className="mb-1 block text-sm font-medium text-slate-800">
            Role
          </label>
          <select id="staff-role" name="role" required={ADD_STAFF_CONSTRAINT.role.required} defaultValue="technician" className={FIELD}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_TITLES[role]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("primary")}>
          <UserPlus aria-hidden className="size-4" />
          Add Staff
        </button>
      </Form>
      <table className="w-full rounded-xl border border-slate-200 bg-white text-left text-sm">
        <caption className="sr-only">Staff and their roles</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-4 py-2 font-semibold text-slate-800">
              Email
            </th>
            <th scope="col" className="px-4 py-2 font-semibold text-slate-800">
              Role
            </th>
            <th scope="col" className="px-4 py-2 font-semibold text-slate-800">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {staff.map((person) => (
            <tr key={person.id} className="border-b border-slate-100 last:border-0">
              <td className="px-4 py-2 break-all text-slate-900">{person.email}</td>
              <td className="px-4 py-2 text-slate-900">
                {person.fromSetting ? (
                  `${ROLE_TITLES[person.role]} (ADMIN_EMAILS)`
                ) : (
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={person.id} />
                    <select name="role" defaultValue={person.role} aria-label={`Role of ${person.email}`} className={FIELD}>
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_TITLES[role]}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className={buttonClass("secondary")} aria-label={`Change role of ${person.email}`}>
                      Change Role
                    </button>
                  </Form>
                )}
              </td>
              <td className="px-4 py-2 text-right">
                {!person.fromSetting && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={person.id} />
                    <button type="submit" className={buttonClass("danger")} aria-label={`Remove ${person.email}`}>
                      Remove
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
