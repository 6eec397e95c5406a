import { AppError } from "./app-error.server";
import { cleanFormData } from "./control-characters.server";

/**
 * Reads an HTML form's fields from a page action's request, answering a body
 * that is not a form (415) or a broken one (400) instead of letting
 * request.formData() throw into a 500. Its size is limited at the edge
 * (server/body-limit.ts) before this reads it. Its text comes without control
 * characters: a form-urlencoded body was cleaned at the edge, a multipart one
 * (which the edge leaves whole, files and all) is cleaned here (docs/decisions/0107).
 */
export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 415; error: string };

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export async function readForm(request: Request): Promise<FormBody> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    return { ok: false, status: 415, error: "Send the form as application/x-www-form-urlencoded or multipart/form-data" };
  }
  try {
    return { ok: true, form: cleanFormData(await request.formData()) };
  } catch {
    return { ok: false, status: 400, error: "The form could not be read. Please try again." };
  }
}

/** The posted form, or its refusal (415, 400) thrown as an AppError for the route's edge to answer. */
export async function postedForm(request: Request): Promise<FormData> {
  const body = await readForm(request);
  if (!body.ok) throw new AppError(body.status, body.error);
  return body.form;
}
