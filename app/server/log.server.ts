import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import { REDACTED, REDACTED_PATHS, withoutPersonalData } from "./log-redaction.server";

/**
 * The server's one logger (docs/decisions/0120): a JSON line per event on
 * stdout, with a level, the time, the area that wrote it and, during a
 * request, the request's id. Areas are child loggers (`logFor("outbox")`).
 * What may not appear in a line is kept out here (docs/decisions/0121):
 * fields named in REDACTED_PATHS are replaced whole, strings in the message
 * and an error's message and stack are scrubbed of e-mail addresses, long
 * numbers and tokens.
 */

/**
 * The request being answered, for lines written where no router context
 * reaches (a server function, the database layer, a background job a request
 * started): set by the edge (server/request-id.ts) around everything the
 * request runs. The router context has the same id (requestInfoContext).
 */
export const currentRequest = new AsyncLocalStorage<{ requestId: string }>();

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Read here rather than through env(): the logger exists before the
// environment is parsed, to say what is wrong with it. A bad value is refused
// by env() at start-up (LOG_LEVEL in env.server.ts); until then it logs at info.
const configured = process.env.LOG_LEVEL?.trim().toLowerCase() as LogLevel | undefined;

const lineShape = {
  level: configured && LOG_LEVELS.includes(configured) ? configured : "info",
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin: () => {
    const request = currentRequest.getStore();
    return request ? { requestId: request.requestId } : {};
  },
};

export const logger: Logger = pino(
  {
    ...lineShape,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: { err: errorInLog },
    hooks: {
      // The message and its format arguments: text a caller built may quote what a customer typed.
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === "string" ? withoutPersonalData(arg) : arg)) as Parameters<typeof method>);
      },
    },
  },
  // process.stdout, not pino's asynchronous default: on Linux its writes to a
  // file or pipe are synchronous, so the line before a process.exit is not
  // lost, and the test setup sees each line as it is written (tests/helpers/vitest-setup.ts).
  process.stdout,
);

/**
 * The one writer that keeps what the others scrub: the e-mails a server
 * without SMTP_URL writes to its log instead of sending, one-time codes
 * included, as docs/operations.md promises for development
 * (app/server/mail.server.ts). Never used for anything else.
 */
export const unsentMailLog: Logger = pino(lineShape, process.stdout).child({ area: "mail" });

/** The logger of one area of the server: its lines carry `area`. */
export function logFor(area: string): Logger {
  return logger.child({ area });
}

const STACK_LINES_MAX = 25;

/** An error as a line shows it: its name, message, code and stack's frames, scrubbed. */
export function errorInLog(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? withoutPersonalData(error) : error;
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: withoutPersonalData(error.message),
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    stack: withoutPersonalData((error.stack ?? "").split("\n").slice(0, STACK_LINES_MAX).join("\n")),
  };
}
