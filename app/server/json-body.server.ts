/**
 * Reads a JSON object request body for /api routes, answering bad input with
 * a clear 4xx instead of letting a parse error become a 500.
 */
export type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; status: number; error: string };

export async function readJsonObject(request: Request, maxBytes = 32 * 1024): Promise<JsonBody> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) {
    return { ok: false, status: 415, error: "Send the request body as JSON with Content-Type: application/json" };
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) return tooLarge(maxBytes);

  // Read at most maxBytes, also when the length was not declared (chunked).
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
        return tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return { ok: false, status: 400, error: "The request body is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, status: 400, error: "The request body must be a JSON object" };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

function tooLarge(maxBytes: number): JsonBody {
  return { ok: false, status: 413, error: `The request body must be at most ${maxBytes} bytes` };
}
