import type { ReactNode } from "react";
import type { HONEYPOT_FIELD, PHOTO_FIELD } from "~/lib/quote-form";
import type { QuoteInput } from "~/lib/quote-schema";

/** The quote form's id prefix: each input is `${FORM_ID}-${name}`, its messages `-hint` and `-error`. */
export const FORM_ID = "quote";

/**
 * The element around the form and its answer. A post without JavaScript goes
 * to `/?index#quote-request`, so the page that answers opens there, with the
 * thank-you or the errors in view, not at the top of the home page.
 */
export const QUOTE_ANCHOR = "quote-request";
export type FieldName = keyof Omit<QuoteInput, typeof HONEYPOT_FIELD> | typeof PHOTO_FIELD;
export type Errors = Partial<Record<string, string[] | undefined>>;

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30";

export function Field({
  name,
  label,
  hint,
  required = false,
  errors,
  children,
}: {
  name: FieldName;
  label: string;
  hint?: string;
  /** Shows the asterisk; the input itself carries `required`. */
  required?: boolean;
  errors: Errors;
  children: ReactNode;
}) {
  const id = `${FORM_ID}-${name}`;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline gap-0.5 text-sm font-semibold">
        <label htmlFor={id} className="text-slate-700">
          {label}
        </label>
        {/* Beside the label, not in it, and hidden from assistive technology: the name stays exactly the
            label (getByLabel(…, { exact: true }) too); the input's `required` tells screen readers. */}
        {required && (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {/* One line is always reserved: a message appearing on blur must not move the submit button under the pointer. */}
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm leading-5 text-red-600">
        {errors[name]?.[0]}
      </p>
    </div>
  );
}

