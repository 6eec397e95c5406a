/**
 * The e-mail address rule, the same everywhere an address comes in (the quote
 * form, sign-in codes, Google accounts, the dashboard's email fields):
 * something@domain.tld without spaces, at most 254 characters (the longest
 * address SMTP carries). Plain code, no zod, so any page can use it.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export const isEmailAddress = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** How addresses are stored and compared: trimmed, lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
