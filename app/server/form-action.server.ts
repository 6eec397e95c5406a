import { parseWithZod } from "@conform-to/zod/v4";
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { z } from "zod";
import { CORRECT_FIELDS, firstMessages } from "~/lib/form-schema";
import { AppError, badRequest } from "./app-error.server";

/**
 * A page action's side of the one form pipeline (docs/decisions/0118): the
 * form's zod schema read with conform's parseWithZod, the buttons of one
 * form dispatched by their `intent`, and the one place an action recovers
 * from an AppError to show it on its form. Everything else an AppError
 * says goes to the route's edge (`atEdge`, docs/decisions/0119).
 */

/**
 * The posted form read through its schema (the one its fields take their
 * constraints from in the browser): the value, or an AppError 400 with each
 * field's first message for the form to show.
 */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S, message: string | typeof FIRST_FIELD = CORRECT_FIELDS): z.output<S> {
  const checked = checkForm(form, schema);
  if (checked.ok) return checked.value;
  throw badRequest(message === FIRST_FIELD ? (Object.values(checked.errors)[0] ?? CORRECT_FIELDS) : message, checked.errors);
}

/**
 * parseForm's reading, answered rather than thrown: for a form whose refusal
 * the page shows with more checks of its own (Book This Time), or a GET
 * form's fields in the query string (book online's choosing steps).
 */
export function checkForm<S extends z.ZodType>(form: FormData | URLSearchParams, schema: S): { ok: true; value: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const submission = parseWithZod(form, { schema });
  return submission.status === "success" ? { ok: true, value: submission.value as z.output<S> } : { ok: false, errors: firstMessages(submission.error ?? {}) };
}

/** parseForm's message for a form that shows its refusal above it, not beside a field: the first field's own message. */
export const FIRST_FIELD = Symbol("the first field's message");

/** A posted field as typed ("" when absent or a file): what a refused form shows again. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The posted fields `names` as typed (formText each). */
export function formTexts<Name extends string>(form: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, formText(form, name)])) as Record<Name, string>;
}

/** The posted `intent` when it is one of `handlers`' names, else "" (the page's banner). */
export function postedIntent<Intent extends string>(form: FormData, handlers: Record<Intent, unknown>): Intent | "" {
  const intent = formText(form, "intent");
  return Object.hasOwn(handlers, intent) ? (intent as Intent) : "";
}

/** Runs the handler of `intent`; an unknown one is a 400 naming the intents there are. */
export function dispatchIntent<Intent extends string, Result>(intent: Intent | "", handlers: Record<Intent, () => Promise<Result>>): Promise<Result> {
  if (intent === "") {
    const names = Object.keys(handlers);
    throw badRequest(`intent must be ${names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0]}`);
  }
  return handlers[intent]();
}

/**
 * Runs an action's work; an AppError it throws goes back to the form that
 * posted, as `onForm` words it (with the error's status and headers), so the
 * page shows it beside its fields. `onForm` returns undefined for the errors
 * that are the page's (the record itself gone: its ErrorBoundary), which go
 * on to the edge. Redirects and bugs pass through.
 */
export async function refusedOnForm<Result, Failure>(
  work: () => Promise<Result>,
  onForm: (error: AppError) => Failure | undefined,
): Promise<Result | DataWithResponseInit<Failure>> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const failure = onForm(error);
    if (failure === undefined) throw error;
    return data(failure, { status: error.status, headers: error.details.headers });
  }
}
