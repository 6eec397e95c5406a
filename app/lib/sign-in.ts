/**
 * Sign-in texts and the login form's shape, shared by the server (which
 * answers with them) and the login page (which shows them, and falls back on
 * them when no answer came).
 */

export const SIGN_IN_MESSAGES = {
  googleFailed: "Failed to login with Google. Please try again.",
  googleNotConfigured: "Google sign-in is not configured.",
  /** The address is malformed or the mail server refused it for good. */
  sendFailed: "Failed to send OTP. Please check your email and try again.",
  /** The mail server is down or said "try later" (or no answer came at all): nothing the person can fix by checking the address. */
  mailUnavailable: "We couldn't send the code right now. Please try again in a few minutes.",
  invalidCode: "Invalid OTP. Please check and try again.",
  expiredCode: "This code has expired. Please request a new code.",
  lockedCode: "Too many wrong codes. Please request a new code.",
  cooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
  tooMany: (seconds: number) => `Too many codes requested. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
  /** The provider sent the browser back with an error but no text. */
  oauthDefault: "OAuth authorization failed",
  /** The provider sent the browser back with neither a code nor an error. */
  noCodeOrError: "No OAuth code or error found in URL parameters.",
};

export type LoginTab = "google" | "otp";
export type LoginStep = "email" | "verify";

/** What the login page shows after a form post without JavaScript (its action's answer). */
export interface LoginFormState {
  tab: LoginTab;
  step: LoginStep;
  email: string;
  error?: string;
  sent?: boolean;
}
