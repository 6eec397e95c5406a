/**
 * Every CSV download that our code writes line by line (the tables' export on
 * the embedded database, the invoices' export) streams the one way ADR 0044
 * asks: `header` first, then one chunk per call of `next` (undefined at the
 * end), each read only when the client wants more, so memory holds one batch,
 * never the whole file, and a slow client holds no query open. (On a
 * PostgreSQL server the tables' export streams COPY instead: copy-stream.server.ts.)
 */
export function pulledCsvStream(header: string | Uint8Array, next: () => Promise<string | undefined>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(typeof header === "string" ? encoder.encode(header) : header);
    },
    async pull(controller) {
      const chunk = await next();
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
}
