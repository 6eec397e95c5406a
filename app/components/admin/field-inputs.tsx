import { useState, type ComponentType } from "react";
import { centsToDollarInput } from "~/lib/money";
import { centsFromText, toNumber } from "~/lib/row-form";
import { fieldText as text, type FieldInputProps } from "./field-input";
import { placeholderFor, type InputKind } from "./input-kind";
import { MarkdownInput, RichTextInput, uploadInput } from "./widget-inputs";

/**
 * One component per input kind (input-kind.ts chooses the kind): the plain
 * HTML inputs here, the JavaScript widgets (editor, uploader) in
 * widget-inputs.tsx, and the registry from kind to component.
 */

const inputClass =
  "block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500";
const stateClass = (invalid: boolean) =>
  invalid
    ? "border-red-400 focus:border-red-500 focus:ring-red-100"
    : "border-slate-300 focus:border-brand-500 focus:ring-brand-100";

function commonProps({ id, name, required, disabled, invalid, describedBy }: FieldInputProps) {
  return { id, name, required, disabled, "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
}

function textInput(type: string): ComponentType<FieldInputProps> {
  return function TextLikeInput(props) {
    const { prop, value, onChange, invalid } = props;
    return (
      <input
        {...commonProps(props)}
        type={type}
        value={text(value)}
        placeholder={placeholderFor(prop)}
        maxLength={prop.maxLength}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`${inputClass} ${stateClass(invalid)}`}
      />
    );
  };
}

function TextareaInput(props: FieldInputProps) {
  const { prop, value, onChange, invalid } = props;
  return (
    <textarea
      {...commonProps(props)}
      rows={prop.rows ?? 4}
      value={text(value)}
      placeholder={placeholderFor(prop)}
      onChange={(event) => onChange(event.currentTarget.value)}
      className={`${inputClass} ${stateClass(invalid)}`}
    />
  );
}

function numberInput(integer: boolean): ComponentType<FieldInputProps> {
  return function NumberInput(props) {
    const { prop, value, onChange, invalid } = props;
    // The text as typed ("1." or "-" on the way to a number); the value is "empty or invalid → 0".
    const [typed, setTyped] = useState(text(value));
    return (
      <input
        {...commonProps(props)}
        type="number"
        inputMode={integer ? "numeric" : "decimal"}
        step={integer ? 1 : "any"}
        min={prop.minimum}
        max={prop.maximum}
        value={typed}
        placeholder={placeholderFor(prop)}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          onChange(toNumber(event.currentTarget.value));
        }}
        className={`${inputClass} ${stateClass(invalid)} max-w-xs`}
      />
    );
  };
}

/** Whole cents typed as dollars: "149.00" posts as typed, and the server reads it as 14900 (lib/row-form.ts). */
function MoneyInput(props: FieldInputProps) {
  const { prop, value, onChange, invalid } = props;
  // The text as typed ("149." on the way to 149.50); the value is its cents, or the text when it is no amount.
  const [typed, setTyped] = useState(typeof value === "number" ? centsToDollarInput(value) : text(value));
  return (
    <div className="relative max-w-xs">
      <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500">
        $
      </span>
      <input
        {...commonProps(props)}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={typed}
        placeholder="0.00"
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          onChange(centsFromText(event.currentTarget.value));
        }}
        className={`${inputClass} ${stateClass(invalid)} pl-7`}
      />
    </div>
  );
}

function SelectInput(props: FieldInputProps) {
  const { prop, value, onChange, invalid } = props;
  return (
    <select
      {...commonProps(props)}
      value={text(value)}
      onChange={(event) => onChange(event.currentTarget.value)}
      className={`${inputClass} ${stateClass(invalid)} pr-8`}
    >
      <option value="">Select {prop.title}</option>
      {prop.enum?.map((option, index) => (
        <option key={String(option)} value={String(option)}>
          {prop.enumTitles?.[index] ?? String(option)}
        </option>
      ))}
    </select>
  );
}

function CheckboxInput(props: FieldInputProps) {
  const { prop, value, onChange } = props;
  return (
    <label className="inline-flex cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-800 has-disabled:cursor-not-allowed">
      <input
        {...commonProps(props)}
        // An unchecked box is a value (false), not a missing one: never required in the browser's sense.
        required={false}
        type="checkbox"
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="size-4 rounded border-slate-300 accent-brand-600"
      />
      {prop.title}
    </label>
  );
}

function CheckboxGroupInput({ id, name, prop, value, onChange, disabled, describedBy }: FieldInputProps) {
  const selected = Array.isArray(value) ? value.map(String) : [];
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-2" aria-describedby={describedBy}>
      {prop.enum?.map((option, index) => {
        const optionValue = String(option);
        return (
          <label key={optionValue} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              id={index === 0 ? id : undefined}
              type="checkbox"
              name={name}
              value={optionValue}
              disabled={disabled}
              checked={selected.includes(optionValue)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...selected, optionValue]
                    : selected.filter((item) => item !== optionValue),
                )
              }
              className="size-4 rounded border-slate-300 accent-brand-600"
            />
            {prop.enumTitles?.[index] ?? optionValue}
          </label>
        );
      })}
    </div>
  );
}

function ReadOnlyInput(props: FieldInputProps) {
  return (
    <input
      {...commonProps(props)}
      name={undefined}
      type="text"
      value={text(props.value)}
      disabled
      readOnly
      className={`${inputClass} border-slate-200`}
    />
  );
}

function UnsupportedInput({ prop }: FieldInputProps) {
  return <p className="text-sm text-red-700">unsupported field type: {String(prop.type)}</p>;
}

export const inputRegistry: Record<InputKind, ComponentType<FieldInputProps>> = {
  richText: RichTextInput,
  media: uploadInput("media"),
  file: uploadInput("file"),
  markdown: MarkdownInput,
  readOnly: ReadOnlyInput,
  email: textInput("email"),
  tel: textInput("tel"),
  url: textInput("url"),
  date: textInput("date"),
  textarea: TextareaInput,
  select: SelectInput,
  text: textInput("text"),
  number: numberInput(false),
  integer: numberInput(true),
  money: MoneyInput,
  checkbox: CheckboxInput,
  checkboxGroup: CheckboxGroupInput,
  unsupported: UnsupportedInput,
};

/** Kinds that label themselves (the checkbox) or need a fieldset legend (a group). */
export const selfLabelled = new Set<InputKind>(["checkbox"]);
export const grouped = new Set<InputKind>(["checkboxGroup"]);
