import { withoutPersonalData } from "~/server/log-redaction.server";

/**
 * The log line of a crash (an uncaught exception or an unhandled rejection,
 * server.js; docs/decisions/0117): what failed and
 * where, with the process's state, but no personal data. An error's message
 * may quote what a customer typed or a link they hold, so the message and
 * the stack are read through `withoutPersonalData`; the stack's frames keep
 * the file and line a developer needs.
 */
export interface CrashContext {
  kind: "uncaughtException" | "unhandledRejection";
  pid: number;
  uptimeSeconds: number;
  /** Requests being answered when it happened. */
  inFlight: number;
}

const STACK_LINES_MAX = 25;
const TEXT_MAX = 4_000;

/** `[crash] kind (pid …, up … s, N requests in flight): Name: message` and the stack's frames. */
export function crashReport(error: unknown, context: CrashContext): string {
  const head = `[crash] ${context.kind} (pid ${context.pid}, up ${Math.round(context.uptimeSeconds)} s, ${context.inFlight} request${context.inFlight === 1 ? "" : "s"} in flight)`;
  return `${head}: ${withoutPersonalData(describe(error))}`.slice(0, TEXT_MAX);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const stack = (error.stack ?? `${error.name}: ${error.message}`).split("\n").slice(0, STACK_LINES_MAX).join("\n");
    return typeof code === "string" || typeof code === "number" ? `${stack}\n    (code ${code})` : stack;
  }
  // A rejection with something other than an Error: its kind, and its text if it is one.
  return typeof error === "string" ? `a rejection with a string: ${error}` : `a rejection with ${error === null ? "null" : typeof error}, not an Error`;
}
