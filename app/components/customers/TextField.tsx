import type { FieldConstraint } from "~/lib/form-schema";
import { inputClass, labelClass } from "./field-style";

/**
 * A labelled input (or textarea) with its error beside it, tied by
 * aria-describedby; `constraint` is its attributes from the form's schema
 * (required, maxLength…: formConstraint, docs/decisions/0118).
 */
export function TextField(props: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  type?: string;
  multiline?: boolean;
  /** A textarea's height in lines (3 unless said). */
  rows?: number;
  /** A short help text under the label, read with the field. */
  hint?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  required?: boolean;
  constraint?: FieldConstraint;
}) {
  const { id, name, label, defaultValue, error, type = "text", multiline, rows = 3, hint, autoComplete = "off", inputMode, required, constraint } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  const common = {
    id,
    name,
    defaultValue,
    required,
    ...constraint,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: inputClass(Boolean(error)),
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {multiline ? <textarea rows={rows} {...common} /> : <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
