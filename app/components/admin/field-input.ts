import type { PropertySchema } from "~/lib/table-schema";

/**
 * What every input of the row form receives. Every input carries the
 * property's name, so the form posts as a plain HTML form.
 */
export interface FieldInputProps {
  id: string;
  /** The id of the field's label, for widgets a <label for> cannot name. */
  labelId: string;
  name: string;
  prop: PropertySchema;
  value: unknown;
  onChange: (value: unknown) => void;
  required: boolean;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
}

/** A value as an input's text. */
export const fieldText = (value: unknown) => (value === undefined || value === null ? "" : String(value));
