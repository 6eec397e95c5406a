import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
}

let transport: { url: string | undefined; transporter: Transporter } | undefined;

function transporter(): Transporter {
  const url = env().SMTP_URL;
  if (!transport || transport.url !== url) {
    const options = url
      ? { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }
      : // No SMTP_URL: development only. The message, codes included, goes to the log.
        { jsonTransport: true as const };
    transport = { url, transporter: nodemailer.createTransport(options) };
  }
  return transport.transporter;
}

/** Sends one e-mail now; throws when the mail server refuses or is down. */
export async function sendEmail(email: Email): Promise<void> {
  const info = await transporter().sendMail({
    from: env().MAIL_FROM,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html ?? undefined,
    replyTo: email.replyTo ?? undefined,
  });
  if (!env().SMTP_URL) {
    console.log(
      `[mail] SMTP_URL is not set, so this e-mail was not sent (development only):\n` +
        `  To: ${email.to}\n  Subject: ${email.subject}\n${email.text.replace(/^/gm, "  | ")}`,
    );
    void info;
  }
}
