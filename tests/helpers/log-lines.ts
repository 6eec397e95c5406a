/**
 * The server's log as tests read it: JSON lines (app/server/log.server.ts),
 * one object each; anything else a process printed (a CLI's text, Node's own
 * warnings) is kept as `{ text }`.
 */
export interface LogLine {
  level?: number;
  area?: string;
  msg?: string;
  requestId?: string;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/** pino's level of `error`: lines at it or above are errors (fatal is 60). */
export const ERROR_LEVEL = 50;

export function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      if (!line.startsWith("{")) return { text: line };
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        return { text: line };
      }
    });
}

/** A line as a person reads it: `[area] message`, then the error's stack (or message) on the lines below. */
export function readable(line: LogLine): string {
  if (typeof line.text === "string" && line.msg === undefined) return line.text;
  const head = `${line.area ? `[${line.area}] ` : ""}${line.msg ?? ""}`;
  return line.err ? `${head}\n${line.err.stack || `${line.err.type}: ${line.err.message}`}` : head;
}

/** The whole output as readable text (see readable): what the assertions about messages match. */
export function readableLog(output: string): string {
  return logLines(output).map(readable).join("\n");
}
