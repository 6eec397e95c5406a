import { listSearchParams, type ListState } from "~/lib/list-state";

/**
 * Hidden fields carrying the list state into a GET form (sort, page, open the
 * form…), so each button of the view is a real form that works without
 * JavaScript and lands on a URL that keeps the view. `omit` leaves out the
 * parameters the form's own button sets.
 */
export function ListStateInputs({ state, omit = [] }: { state: ListState; omit?: ("page" | "sort" | "q")[] }) {
  return (
    <>
      {[...listSearchParams(state)]
        .filter(([name]) => !omit.includes(name as "page"))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
