import type { FieldInputProps } from "./field-input";
import { grouped, inputRegistry, selfLabelled } from "./field-inputs";
import { inputKind } from "./input-kind";

type FormFieldProps = Pick<FieldInputProps, "name" | "prop" | "value" | "onChange" | "required" | "disabled"> & {
  error?: string;
};

/** One property of the row form: its label (red asterisk when required), input, help text and error. */
export function FormField({ name, prop, value, onChange, required, disabled, error }: FormFieldProps) {
  const kind = inputKind(name, prop);
  const Input = inputRegistry[kind];
  const id = `field-${name}`;
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [prop.description ? helpId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;

  // The asterisk sits outside the <label>, so the input's name is exactly the title.
  const asterisk = required && (
    <span className="ml-0.5 text-red-600" aria-hidden>
      *
    </span>
  );
  const input = (
    <Input
      id={id}
      labelId={labelId}
      name={name}
      prop={prop}
      value={value}
      onChange={onChange}
      required={required}
      disabled={disabled}
      invalid={Boolean(error)}
      describedBy={describedBy}
    />
  );
  const details = (
    <>
      {prop.description && (
        <p id={helpId} className="mt-1.5 text-xs text-slate-500">
          {prop.description}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </>
  );

  if (grouped.has(kind)) {
    return (
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">
          <span id={labelId}>{prop.title}</span>
          {asterisk}
        </legend>
        {input}
        {details}
      </fieldset>
    );
  }
  return (
    <div>
      {selfLabelled.has(kind) ? (
        <div className="flex items-center">
          {input}
          {asterisk}
        </div>
      ) : (
        <>
          <div className="mb-1.5 text-sm font-medium text-slate-800">
            <label id={labelId} htmlFor={id}>
              {prop.title}
            </label>
            {asterisk}
          </div>
          {input}
        </>
      )}
      {details}
    </div>
  );
}
