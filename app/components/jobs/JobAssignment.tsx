import { UserCheck } from "lucide-react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

const SELECT =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40";

/**
 * Assigned To (the owner's; docs/decisions/0115): who does the job, a plain
 * form posting intent=assign, so it works without JavaScript. A done or
 * cancelled job shows the name only.
 */
export function JobAssignment({ jobId, live, assignedTo, staff }: { jobId: number; live: boolean; assignedTo: number | null; staff: { id: number; label: string }[] }) {
  const current = staff.find((person) => person.id === assignedTo)?.label ?? "Nobody";
  if (!live)
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 sm:p-5">
        <span className="font-medium">Assigned To:</span> {current}
      </p>
    );
  return (
    <Form method="post" action={`/admin/jobs/${jobId}`} className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <input type="hidden" name="intent" value="assign" />
      <div>
        <label htmlFor="assigned-to" className="mb-1 block text-sm font-medium text-slate-800">
          Assigned To
        </label>
        <select id="assigned-to" name="assigned_to" defaultValue={assignedTo ?? ""} className={SELECT}>
          {assignedTo === null && <option value="">Nobody</option>}
          {staff.map((person) => (
            <option key={person.id} value={person.id}>
              {person.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        <UserCheck aria-hidden className="size-4" />
        Assign
      </button>
    </Form>
  );
}
