import { AppError, badRequest } from "./app-error.server";

/**
 * Reads a JSON object request body for /api routes. Bad input is an AppError
 * with a clear 4xx (415 not JSON, 413 too large, 400 not a JSON object)
 * instead of a parse error becoming a 500.
 */
export async function requireJsonObject(request: Request, maxBytes = 32 * 1024): Promise<Record<string, unknown>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new AppError(415, "Send the request body as JSON with Content-Type: application/json");
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);

  const body = await readBodyUpTo(request, maxBytes, () => tooLarge(maxBytes));
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    throw badRequest("The request body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("The request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

/**
 * Reads a request body of at most `maxBytes`, also when its length was not
 * declared (chunked): past the limit the stream is cancelled and
 * `tooLarge()` is thrown, so an oversized body is never held in memory.
 */
export async function readBodyUpTo(request: Request, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(413, `The request body must be at most ${maxBytes} bytes`);
}
