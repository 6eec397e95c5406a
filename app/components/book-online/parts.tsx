import { forwardRef, type ReactNode } from "react";
import { inputClass } from "../site/QuoteField";
import { focusRing } from "../site/styles";

/*
 * The small pieces /book's three steps share (docs/decisions/0128): a step's
 * heading, a field's label and message, a choice's card, the banner over a
 * form sent wrong. Public page code: no dashboard imports.
 */

export { inputClass };

const choiceCard = `flex cursor-pointer items-start gap-3 rounded-2xl border border-slate-300 bg-white p-4 transition hover:border-brand-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400`;

/**
 * A radio button's or checkbox's card: the whole card is its label (its text
 * the input's name), the ring shows the choice and the keyboard focus.
 */
export function ChoiceCard({
  type = "radio",
  name,
  value,
  checked,
  required,
  perFoot,
  children,
}: {
  type?: "radio" | "checkbox";
  name: string;
  value: string | number;
  checked: boolean;
  required?: boolean;
  /** A vehicle class priced per foot: the Boat Length field shows while it is chosen (VehicleStep). */
  perFoot?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={choiceCard}>
      <input type={type} name={name} value={value} defaultChecked={checked} required={required} data-per-foot={perFoot} className="mt-1 size-4 shrink-0 accent-brand-600" />
      {children}
    </label>
  );
}

export const legendClass = "text-base font-bold text-ink-900";

export const linkClass = `rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600 ${focusRing}`;

/** The step's heading, which names its form. */
export const STEP_HEADING_ID = "book-step-heading";

/** A step's heading: focused when the step is reached without a page load, so a screen reader starts there. */
export const StepHeading = forwardRef<HTMLHeadingElement, { children: ReactNode }>(function StepHeading({ children }, ref) {
  return (
    <h2 ref={ref} id={STEP_HEADING_ID} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-ink-900 focus:outline-none sm:text-3xl">
      {children}
    </h2>
  );
});

/** The message of a field sent wrong, under it; `id` is what the field's aria-describedby names. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** Above a form sent wrong: says so once, for those who start reading at the top. */
export function FormProblem({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** The attributes of a field sent wrong: invalid, and described by its message. */
export const invalidProps = (message: string | undefined, messageId: string) =>
  message ? { "aria-invalid": true as const, "aria-describedby": messageId } : {};

export function ContinueButton() {
  return (
    <button
      type="submit"
      className={`inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-8 py-3 font-semibold text-white shadow-lg shadow-brand-500/25 transition hover:bg-brand-700 sm:w-auto ${focusRing}`}
    >
      Continue
    </button>
  );
}
