import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { z } from "zod";
import { PHOTO_FIELD, QUOTE_FORM_ID, QUOTE_GENERIC_ERROR, QUOTE_NETWORK_ERROR, QUOTE_PHOTOS_MAX } from "~/lib/quote-form";
import { quoteSchema } from "~/lib/quote-schema";

/** The form's state, which QuoteForm shows: idle, submitting, success, or error with the message to read. */
export type Status = { state: "idle" } | { state: "submitting" } | { state: "error"; message: string } | { state: "success" };

export interface QuoteValidationState {
  /** The form's submit handler: validates, and calls onValid when the data passes. */
  submit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** Messages per field name, for the fields that have been checked. */
  errors: Record<string, string[] | undefined>;
}

/**
 * The photos as the browser can check them before sending (docs/decisions/0085):
 * how many, and that each says it is an image. The server checks the bytes,
 * sizes and pixels, and answers for the field.
 */
const photos = z
  .array(z.instanceof(File).refine((file) => file.type.startsWith("image/"), { error: (issue) => `${(issue.input as File).name}: this file is not a photo.` }))
  .max(QUOTE_PHOTOS_MAX, `Please attach at most ${QUOTE_PHOTOS_MAX} photos.`)
  .optional();
const browserSchema = quoteSchema.extend({ [PHOTO_FIELD]: photos });
const constraint = getZodConstraint(quoteSchema);
const FIELD_NAMES = ["name", "email", "phone", "vehicle_type", "service_address", "message", PHOTO_FIELD] as const;

/**
 * The quote form's validation in the browser: conform with the shared zod
 * schema (on blur, again on input, all fields on submit), and once the form
 * passes, its sending: the form as it is, photos included, as multipart to
 * POST /api/forms/submit (docs/decisions/0085). It renders nothing;
 * QuoteForm renders the fields and shows what this reports. Loaded only when
 * the form comes near the screen, so its libraries and this code stay out of
 * the home page's first download (docs/decisions/0022).
 */
export default function QuoteValidation({
  formId,
  lastResult,
  onState,
  onStatus,
}: {
  formId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  onState: (state: QuoteValidationState) => void;
  onStatus: (status: Status) => void;
}) {
  // Field messages the API reported (only if it disagrees with the browser's check: a photo's bytes, say).
  const [apiResult, setApiResult] = useState<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: formId,
    lastResult: apiResult ?? lastResult,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: browserSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") void send(event.currentTarget);
    },
  });

  // Read during render: conform re-renders this component when these change.
  const errors = Object.fromEntries(FIELD_NAMES.map((name) => [name, fields[name].errors]));
  const key = JSON.stringify(errors);
  useEffect(() => {
    onState({ submit: form.onSubmit, errors: JSON.parse(key) });
  }, [key, form.onSubmit, onState]);

  async function send(element: HTMLFormElement) {
    onStatus({ state: "submitting" });
    const body = new FormData(element);
    body.set("formId", QUOTE_FORM_ID);
    try {
      const response = await fetch("/api/forms/submit", { method: "POST", body });
      const answer = (await response.json().catch(() => null)) as ApiAnswer | null;
      if (response.ok && answer?.success) return onStatus({ state: "success" });
      if (answer?.errors) setApiResult({ status: "error", error: answer.errors });
      onStatus({ state: "error", message: answer?.message || QUOTE_GENERIC_ERROR });
    } catch {
      onStatus({ state: "error", message: QUOTE_NETWORK_ERROR });
    }
  }

  return null;
}

interface ApiAnswer {
  success?: boolean;
  message?: string;
  errors?: Record<string, string[]>;
}
