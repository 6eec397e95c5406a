import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. `stop()` and
 * `start()` take it down and bring it back on the same port, to test outages.
 */
export async function startSmtpSink(port = 0) {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer;
  let actualPort = port;

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
            });
            waiters.forEach((w) => w());
            callback();
          })
          .catch(callback);
      },
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
    get port() {
      return actualPort;
    },
    get url() {
      return `smtp://127.0.0.1:${actualPort}`;
    },
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
