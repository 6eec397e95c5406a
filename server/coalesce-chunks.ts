/**
 * The chunks of `body` that are ready in one turn of the event loop, passed on
 * as one (up to 64 KB). React writes a page in a burst of small chunks (22 for
 * a customer page), and the writer of a response (@react-router/node's
 * writeReadableStreamToWritable) flushes the compression after each, so zlib
 * compressed a page in some forty round trips to its thread pool, each ending
 * in a sync flush: gzip added 6 to 9 ms to a dashboard page that it compresses
 * in one go in 1.3 to 2.6 ms (docs/decisions/0096).
 *
 * Nothing waits for more: a batch goes out at the end of the turn its first
 * chunk came in, so streaming stays streaming. It reads from `body` only when
 * its own reader asks (a slow client holds back the source, as before), and a
 * cancel (the client gone) cancels `body`.
 */
const MAX_BATCH_BYTES = 64 * 1024;
const TURN_ENDED = Symbol("turn ended");

export function coalesceChunks(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  // A read started in one pull and not settled when its turn ended: the next pull's first.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const read = () => {
    const result = reader.read();
    // Awaited by a pull later; not an unhandled rejection in the meantime.
    result.catch(() => {});
    return result;
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const first = await (pending ?? read());
        pending = null;
        if (first.done) return controller.close();
        const batch = [first.value];
        let bytes = first.value.byteLength;
        const turnEnded = new Promise<typeof TURN_ENDED>((resolve) => setImmediate(resolve, TURN_ENDED));
        while (bytes < MAX_BATCH_BYTES) {
          pending = read();
          let next;
          try {
            next = await Promise.race([pending, turnEnded]);
          } catch {
            // The source failed in this turn: what came before still goes out, and
            // the failure is the next pull's (`pending` holds the rejected read).
            break;
          }
          if (next === TURN_ENDED) break;
          pending = null;
          if (next.done) {
            controller.enqueue(joined(batch));
            return controller.close();
          }
          batch.push(next.value);
          bytes += next.value.byteLength;
        }
        controller.enqueue(joined(batch));
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Nothing read ahead: a batch is gathered when the writer asks for one.
    { highWaterMark: 0 },
  );
}

const joined = (chunks: Uint8Array[]) => (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
