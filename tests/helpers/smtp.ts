import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope's sender (MAIL FROM). */
  from: string;
  to: string[];
  /** The address in the From header. */
  fromHeader: string;
  /** The address in the Reply-To header ("" if none). */
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, with its angle brackets ("" if none). */
  messageId: string;
  /** Attached files, decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** Every header as received (unfolded), by lower-case name; a repeated one's last value. */
  headers: Record<string, string>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. `stop()` and
 * `start()` take it down and bring it back on the same port, to test outages.
 */
export async function startSmtpSink(port = 0) {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let recipientRule: RecipientRule | null = null;
  let messageRule: MessageRule | null = null;
  // How long the server takes to accept a message it has received (a slow mail server).
  let replyDelayMs = 0;
  let server: SMTPServer;
  let actualPort = port;

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // stop() ends connections a client keeps open (nodemailer's pool) at
      // once, as a server going down does, instead of waiting 30 s for them.
      closeTimeout: 100,
      onRcptTo(address, _session, callback) {
        const rule = recipientRule?.(address.address);
        if (!rule) return callback();
        const { code, message } =
          typeof rule === "number"
            ? { code: rule, message: rule >= 500 ? "5.1.1 Mailbox unavailable" : "4.2.1 Mailbox busy, try again later" }
            : rule;
        callback(Object.assign(new Error(message), { responseCode: code }));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            // Refused after DATA (a message refused as a whole): not kept, as a server that refuses it does not deliver it.
            const refusal = messageRule?.({ subject: mail.subject ?? "", to: session.envelope.rcptTo.map((r) => r.address) });
            if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
            const address = (field: typeof mail.from) => (Array.isArray(field) ? field[0] : field)?.value[0]?.address ?? "";
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              fromHeader: address(mail.from),
              replyTo: address(mail.replyTo),
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
              messageId: mail.messageId ?? "",
              attachments: mail.attachments.map((a) => ({ filename: a.filename ?? "", contentType: a.contentType, content: a.content })),
              headers: Object.fromEntries(
                mail.headerLines.map(({ key, line }) => [key.toLowerCase(), line.replace(/\r?\n[ \t]+/g, " ").slice(line.indexOf(":") + 1).trim()]),
              ),
            });
            waiters.forEach((w) => w());
            if (replyDelayMs) setTimeout(callback, replyDelayMs).unref();
            else callback();
          })
          .catch(callback);
      },
    });
    // A client that dies mid-session (a test kills the app server while it
    // delivers) resets its connection; smtp-server reports that as an 'error'
    // event, which would otherwise be thrown in the test process.
    server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.warn("[smtp sink]", error.message);
    });
    await new Promise<void>((resolve) => server.listen(actualPort, "127.0.0.1", resolve));
    actualPort = (server.server.address() as AddressInfo).port;
  }

  async function stop() {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves with the first message (already received or arriving within the timeout) that matches. */
  function waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No matching e-mail within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to} "${m.subject}"`).join(", ") || "none"}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  }

  await start();
  return {
    messages,
    waitFor,
    start,
    stop,
    /** Refuses RCPT TO as the rule says (550: address refused for good, 450: try later); null accepts everyone again. */
    refuseRecipients(rule: RecipientRule | null) {
      recipientRule = rule;
    },
    /** Refuses whole messages after DATA as the rule says (e.g. 554 5.6.0 for good); null accepts every message again. */
    refuseMessages(rule: MessageRule | null) {
      messageRule = rule;
    },
    /** Answers each received message only after `ms` (0: at once), like a slow mail server; the message is in `messages` meanwhile. */
    delayReplies(ms: number) {
      replyDelayMs = ms;
    },
    get port() {
      return actualPort;
    },
    get url() {
      return `smtp://127.0.0.1:${actualPort}`;
    },
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** For a recipient address: accept it (undefined), or the SMTP reply to refuse it with (a code, or code and text). */
export type RecipientRule = (address: string) => number | { code: number; message: string } | undefined;

/** For a received message: accept it (undefined), or the SMTP reply to refuse it with after DATA. */
export type MessageRule = (message: { subject: string; to: string[] }) => { code: number; message: string } | undefined;
