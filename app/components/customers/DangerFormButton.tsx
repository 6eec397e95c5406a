import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { dangerButton, secondaryButton } from "~/components/ui/button";

/** A plain form of hidden fields and one red button: a step of the customer page's Merge and Erase that works without JavaScript. */
export function DangerFormButton({ method, action, fields, children }: { method: "get" | "post"; action: string; fields: Record<string, string | number>; children: ReactNode }) {
  return (
    <Form method={method} action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={dangerButton}>
        {children}
      </button>
    </Form>
  );
}

/** The confirm step's two answers: the POST that does it, and Cancel back to the page. */
export function ConfirmActions({ action, fields, children }: { action: string; fields: Record<string, string | number>; children: ReactNode }) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <DangerFormButton method="post" action={action} fields={fields}>
        {children}
      </DangerFormButton>
      <Link to={action} className={secondaryButton}>
        Cancel
      </Link>
    </div>
  );
}
