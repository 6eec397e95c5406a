import type { ReactNode } from "react";
import { Form } from "react-router";
import { ErrorBanner } from "~/components/admin/ErrorBanner";
import { buttonClass } from "~/components/ui/button";
import type { PriceBookFailure, PriceBookIntent } from "./failure";

/**
 * One row of the price book as a form of its own (`label` names it for
 * assistive technology and tests), with Save, and beside it a Remove form
 * when the row can be removed. `id` "" is the add form.
 */
export function RowForm(props: {
  intent: PriceBookIntent;
  id: number | "";
  label: string;
  save: string;
  failure: PriceBookFailure | undefined;
  remove?: { kind: string; name: string };
  children: ReactNode;
}) {
  const { intent, id, label, save, failure, remove, children } = props;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-4 first:border-0 first:pt-0">
      {failure && <ErrorBanner>{failure.error}</ErrorBanner>}
      <div className="flex flex-wrap items-end gap-3">
        <Form method="post" aria-label={label} className="flex min-w-0 flex-1 flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value={intent} />
          {id !== "" && <input type="hidden" name="id" value={id} />}
          {children}
          <button type="submit" className={buttonClass(id === "" ? "primary" : "secondary")}>
            {save}
          </button>
        </Form>
        {remove && id !== "" && (
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="kind" value={remove.kind} />
            <input type="hidden" name="id" value={id} />
            <button type="submit" className={buttonClass("danger")}>
              Remove<span className="sr-only"> {remove.name}</span>
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
