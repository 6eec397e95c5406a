/** API token rules the dashboard's form shows and the server enforces (app/server/auth/tokens.server.ts). */

/** Every token starts so, which lets secret scanners recognise a leaked one. */
export const TOKEN_PREFIX = "grd_";
export const TOKEN_NAME_MAX = 100;
/** The furthest expiry the form takes, in days from today. */
export const TOKEN_MAX_DAYS = 366;
/** What the form proposes. */
export const TOKEN_DEFAULT_DAYS = 90;
