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
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  required?: boolean;
  constraint?: FieldConstraint;
}) {
  const { id, name, label, defaultValue, error, type = "text", multiline, autoComplete = "off", inputMode, required, constraint } = props;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    defaultValue,
    required,
    ...constraint,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: inputClass(Boolean(error)),
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
