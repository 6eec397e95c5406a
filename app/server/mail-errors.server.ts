/**
 * Whether a failed send is the recipient address's fault: the mail server
 * refused the address for good (an SMTP 5xx reply to RCPT TO), or nodemailer
 * found it unusable before connecting. Anything else (connection refused or
 * reset, a timeout, DNS, authentication, a 4xx "try later") is the mail
 * server being unavailable, which retrying may fix and which a person cannot
 * fix by checking their address.
 *
 * A 5.7.x reply ("relaying denied", "authentication required") is a refusal
 * of us, not of the address: a misconfigured SMTP_URL, so not the address's fault.
 */
export function recipientRefused(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; command?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };
  if (e.code !== "EENVELOPE") return false;
  // Checked locally, before any server was asked ("Invalid sender" is MAIL_FROM's fault, not the address's).
  if (e.command === "API") return typeof e.message === "string" && /^(Invalid recipient|No recipients defined)/.test(e.message);
  if (e.command !== "RCPT TO" || typeof e.responseCode !== "number" || e.responseCode < 500) return false;
  const enhanced = typeof e.response === "string" ? /^\d{3}[ -](\d)\.(\d{1,3})\.\d{1,3}\b/.exec(e.response) : null;
  return !(enhanced && enhanced[2] === "7");
}

/**
 * Whether retrying a failed send cannot help (the outbox then gives up at
 * once, docs/decisions/0111): the address refused for good (recipientRefused
 * above), or the message itself refused for good, by the server (a 5xx after
 * DATA that is not a 5.7.x refusal of us) or by nodemailer before sending (an
 * empty message, one over the server's size). Everything else, including a
 * refusal of us (authentication, relaying, MAIL FROM: a setting to fix), is
 * retried up to the outbox's bound.
 */
export function refusedForGood(error: unknown): boolean {
  if (recipientRefused(error)) return true;
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; command?: unknown; responseCode?: unknown; response?: unknown };
  if (e.code !== "EMESSAGE") return false;
  if (e.command === "API" || e.command === "MAIL FROM") return typeof e.responseCode !== "number";
  if (e.command !== "DATA" || typeof e.responseCode !== "number" || e.responseCode < 500) return false;
  const enhanced = typeof e.response === "string" ? /^\d{3}[ -](\d)\.(\d{1,3})\.\d{1,3}\b/.exec(e.response) : null;
  return !(enhanced && enhanced[2] === "7");
}

/** The mail server's own answer to a failed send when it gave one ("550 5.1.1 …"), else the error's message. */
export function serverAnswer(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown } | null;
  if (e && typeof e.response === "string" && /^\d{3}\b/.test(e.response)) return e.response;
  return error instanceof Error ? error.message : String(error);
}
