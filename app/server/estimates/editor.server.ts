import { editorLines } from "~/lib/priced-lines";
import type { EditorValues } from "~/lib/estimate-editor";
import { formText } from "../form-action.server";
import { postedLines } from "../priced-documents/document-views.server";
import type { Estimate } from "./estimates.server";

/** The estimate editor's values: the estimate as the inputs show it, and as its form posted it. */

export function editorValues(estimate: Estimate): EditorValues {
  return {
    lines: editorLines(estimate.lines),
    durationMinutes: String(estimate.durationMinutes),
    validUntil: estimate.validUntil,
    message: estimate.message,
    vehicleId: estimate.vehicle ? String(estimate.vehicle.id) : "",
  };
}

/** What the editor's form posted: its repeated line fields in order, and the rest. */
export function postedValues(form: FormData): EditorValues {
  const [durationMinutes, validUntil, message, vehicleId] = ["durationMinutes", "validUntil", "message", "vehicleId"].map((name) => formText(form, name)) as [string, string, string, string];
  return { lines: postedLines(form), durationMinutes, validUntil, message, vehicleId };
}
