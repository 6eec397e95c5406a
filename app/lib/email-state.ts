/**
 * Where an e-mail in the outbox is, browser-safe: a lead's History and the
 * dashboard's E-mail Log show the same states (app/server/outbox.server.ts
 * reads them from a row).
 */
export const EMAIL_STATES = ["sent", "logged", "sending", "retrying", "failed", "queued"] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

export const EMAIL_STATE_TITLES: Record<EmailState, string> = {
  sent: "Sent",
  // Without SMTP_URL nothing leaves the server: it must not read as sent.
  logged: "Written to the server log: no mail server configured",
  sending: "Sending",
  retrying: "Failed, will retry",
  // Given up (docs/decisions/0111): refused for good, or failing too many tries.
  failed: "Failed: not delivered, no more tries",
  queued: "Queued",
};
