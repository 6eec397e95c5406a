/**
 * The e-mail address rule, the same everywhere an address comes in (the quote
 * form, sign-in codes, Google accounts, customer records, the settings, the
 * dashboard's and the API's email fields; docs/decisions/0108): zod 4's own
 * e-mail check (`z.email()`, its pattern `z.regexes.email`, copied here and
 * held equal to zod's by email.test.ts), at most 254 characters (the longest
 * address SMTP carries). The local part takes letters, digits and _ ' + - .
 * (no dot first, last or twice in a row): nothing that ends or splits an
 * address in a header (`, ; < > :`), no quotes, spaces or @. The domain needs a
 * dot and a top-level name of letters. Plain code, no zod, so any page can use it.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

export const isEmailAddress = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** How addresses are stored and compared: trimmed, lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
