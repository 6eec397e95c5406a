import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { quoteSchema, type QuoteInput } from "~/lib/quote-schema";

export interface QuoteValidationState {
  /** The form's submit handler: validates, and calls onValid when the data passes. */
  submit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** Messages per field name, for the fields that have been checked. */
  errors: Record<string, string[] | undefined>;
}

const constraint = getZodConstraint(quoteSchema);
const FIELD_NAMES = ["name", "email", "phone", "vehicle_type", "message"] as const;

/**
 * The quote form's validation in the browser: conform with the shared zod
 * schema (on blur, again on input, all fields on submit). It renders nothing;
 * QuoteForm renders the fields and shows what this reports. Loaded only when
 * the form comes near the screen, so its libraries stay out of the home
 * page's first download (docs/decisions/0022).
 */
export default function QuoteValidation({
  formId,
  lastResult,
  onState,
  onValid,
}: {
  formId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  onState: (state: QuoteValidationState) => void;
  onValid: (value: QuoteInput) => void;
}) {
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") onValid(submission.value);
    },
  });

  // Read during render: conform re-renders this component when these change.
  const errors = Object.fromEntries(FIELD_NAMES.map((name) => [name, fields[name].errors]));
  const key = JSON.stringify(errors);
  useEffect(() => {
    onState({ submit: form.onSubmit, errors: JSON.parse(key) });
  }, [key, form.onSubmit, onState]);

  return null;
}
