/**
 * The forms' shared words, apart from the schemas' module (./form-schema.ts),
 * so that a page can say them without loading zod.
 */

/** The message shown above a form whose fields were refused. */
export const CORRECT_FIELDS = "Please correct the highlighted fields.";
