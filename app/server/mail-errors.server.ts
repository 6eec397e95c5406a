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
