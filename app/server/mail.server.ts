import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server";
import { unsentMailLog } from "./log.server";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  /** `<id@domain>`; sending again with the same one is the same message to receivers. Generated when absent. */
  messageId?: string | null;
  /** Files sent with it (an estimate's PDF). */
  attachments?: EmailAttachment[] | null;
  /** Extra headers, name → value (List-Unsubscribe on the e-mails that are not a transaction). */
  headers?: Record<string, string> | null;
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The most one send may take, start to end. nodemailer's own timeouts do not
 * bound it: connectionTimeout (10 s) is a deadline for connecting and the
 * greeting, but socketTimeout (20 s) is an inactivity timer that every reply
 * re-arms, so a session of EHLO, AUTH, MAIL, RCPT, DATA and the message could
 * take 10 + 6 × 20 s without tripping it, and a server trickling its replies
 * holds it forever. So the whole send has a deadline of its own: an abort
 * closes the connection, and nothing more is written after it (a message
 * whose last line had already gone out may still be delivered: the outbox's
 * stable Message-ID is for that). A submission server answers a whole send in
 * well under 5 s; 15 s leaves room for a slow one. The outbox's lease is
 * derived from this.
 */
export const SEND_TIMEOUT_MS = 15_000;

/**
 * Connections the pool may open. The outbox sends OUTBOX_CONCURRENCY at a time
 * (outbox-delivery.server.ts), which leaves one for the sign-in codes that requests
 * send while a backlog drains.
 */
export const MAX_CONNECTIONS = 5;

let transport: { url: string | undefined; transporter: Transporter } | undefined;

function transporter(url: string | undefined): Transporter {
  if (!transport || transport.url !== url) {
    closeMailTransport();
    const options = url
      ? {
          url,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
          // One connection carries many messages: a new one per message costs
          // the connect, greeting, EHLO and AUTH round trips every time (the
          // outbox bench: 9 mails/s without the pool, hundreds with it).
          pool: true as const,
          maxConnections: MAX_CONNECTIONS,
          // A backlog keeps its connections busy; between a lone quote's
          // e-mails an open connection buys nothing, so it is not held for
          // nodemailer's default 4 minutes.
          idleTimeout: 10_000,
        }
      : // No SMTP_URL: development only. The message, codes included, goes to the log.
        { jsonTransport: true as const };
    transport = { url, transporter: nodemailer.createTransport(options) };
  }
  return transport.transporter;
}

/** Closes the pooled connections (at shutdown); the next send opens new ones. */
export function closeMailTransport(): void {
  transport?.transporter.close();
  transport = undefined;
}

/** Where a sent e-mail went: to the mail server, or (no SMTP_URL) only to the server log. */
export type Delivery = "mail server" | "server log";

/**
 * Sends one e-mail now and says where it went; throws when the mail server
 * refuses or is down, when SEND_TIMEOUT_MS have passed, or when `signal` aborts.
 */
export async function sendEmail(email: Email, options: { signal?: AbortSignal } = {}): Promise<Delivery> {
  const url = env().SMTP_URL;
  const deadline = AbortSignal.timeout(SEND_TIMEOUT_MS);
  await transporter(url).sendMail({
    from: env().MAIL_FROM,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html ?? undefined,
    replyTo: email.replyTo ?? undefined,
    messageId: email.messageId ?? undefined,
    attachments: email.attachments?.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
    headers: email.headers ?? undefined,
    signal: options.signal ? AbortSignal.any([deadline, options.signal]) : deadline,
  });
  if (url) return "mail server";
  unsentMailLog.info(
    `SMTP_URL is not set, so this e-mail was not sent (development only):\n` +
      `  To: ${email.to}\n  Subject: ${email.subject}\n${email.text.replace(/^/gm, "  | ")}` +
      (email.attachments?.length ? `\n  Attached: ${email.attachments.map((a) => `${a.filename} (${a.content.length} bytes)`).join(", ")}` : ""),
  );
  return "server log";
}
