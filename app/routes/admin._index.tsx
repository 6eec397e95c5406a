import { redirect } from "react-router";
import { adminUserFrom } from "~/server/auth/current-user.server";
import { can } from "~/server/auth/permissions.server";
import { tableNames } from "~/server/tables/registry.server";
import type { Route } from "./+types/admin._index";

/** /admin shows the first table: it is /admin/{first table}, keeping any list query; a technician's start is Today. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!can(adminUserFrom(context), "tables.manage")) throw redirect("/admin/today");
  const [first] = tableNames();
  if (!first) return null;
  throw redirect(`/admin/${first}${new URL(request.url).search}`);
}

/** Only reached when no table is registered. */
export default function AdminIndex() {
  return (
    <main className="mx-auto max-w-7xl px-6 py-16 text-center">
      <h2 className="text-xl font-semibold text-slate-900">No schemas found</h2>
      <p className="mt-2 text-slate-600">No database schemas are available in the system.</p>
    </main>
  );
}
