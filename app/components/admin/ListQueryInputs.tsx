import { listSearchParams, type ListQuery } from "~/lib/list-query";
import type { TableSchema } from "~/lib/table-schema";

/**
 * Hidden fields carrying the list query into a GET form (sort, page, open the
 * form…), so each button of the view is a real form that works without
 * JavaScript and lands on a URL that keeps the view. `omit` leaves out the
 * parameters the form's own button sets.
 */
export function ListQueryInputs({
  schema,
  query,
  omit = [],
}: {
  schema: TableSchema;
  query: ListQuery;
  omit?: ("page" | "sort" | "q")[];
}) {
  return <HiddenInputs params={listSearchParams(schema, query)} omit={omit} />;
}

/** One hidden input per URL parameter, but those named in `omit`. */
export function HiddenInputs({ params, omit = [] }: { params: URLSearchParams; omit?: string[] }) {
  return (
    <>
      {[...params]
        .filter(([name]) => !omit.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
