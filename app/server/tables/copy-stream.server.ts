import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/**
 * The CSV export on a PostgreSQL server: one `COPY (SELECT …) TO STDOUT WITH
 * (FORMAT csv …)` on a connection of its own, streamed to the client as
 * PostgreSQL writes it (docs/decisions/0044).
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * COPY ends every record with LF; RFC 4180 wants CRLF. Returns a converter for
 * consecutive chunks of COPY's CSV output that turns each record's LF into CRLF
 * and leaves a line break inside a quoted field as it is. Quote-aware across
 * chunk boundaries: in COPY's output a quote outside a field always opens one
 * and a doubled quote inside toggles twice, so counting quotes is enough. (In
 * UTF-8 neither byte occurs inside a multi-byte character.)
 */
export function crlfRecordEnds(): (chunk: Uint8Array) => Uint8Array {
  let quoted = false;
  return (chunk) => {
    const ends: number[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LF && !quoted) ends.push(i);
    }
    if (!ends.length) return chunk;
    const out = new Uint8Array(chunk.length + ends.length);
    let from = 0;
    let at = 0;
    for (const end of ends) {
      out.set(chunk.subarray(from, end), at);
      at += end - from;
      out[at++] = CR;
      out[at++] = LF;
      from = end + 1;
    }
    out.set(chunk.subarray(from), at);
    return out;
  };
}

/**
 * `prefix` (the header row), then the output of `copySql` (a COPY … TO STDOUT
 * in CSV format) with CRLF record ends, as a web stream with backpressure: the
 * next chunk is read from the connection only when the reader wants one, so a
 * slow client leaves the rows in PostgreSQL's socket buffer, not in memory.
 *
 * The connection goes back to the pool when COPY has ended, with the pool's
 * statement limit lifted for the COPY and restored after it. If COPY fails or
 * the reader cancels (the client went away), it is in the middle of the COPY
 * protocol and cannot serve another query: it is released with an error, which
 * makes the pool close it, and the server ends the COPY when its socket closes.
 */
export function copyCsvStream(pool: pg.Pool, copySql: string, prefix: Uint8Array): ReadableStream<Uint8Array> {
  let client: pg.PoolClient | undefined;
  let chunks: AsyncIterator<Uint8Array> | undefined;
  let cancelled = false;
  const toCrlf = crlfRecordEnds();
  const release = (error?: Error) => {
    const c = client;
    client = undefined;
    c?.release(error);
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(prefix);
    },
    async pull(controller) {
      try {
        if (!chunks) {
          const connection = await pool.connect();
          if (cancelled) return connection.release(); // nothing was sent on it: still clean
          client = connection;
          // The pool's statement limit (db.server.ts) guards against runaway
          // queries; a COPY lasts as long as the download does.
          await client.query("SET statement_timeout = 0");
          if (cancelled) return; // cancel() has released it meanwhile
          const copy = client.query(copyTo(copySql));
          // The iterator reports COPY's errors to pull(). This listener is for
          // the one that can come after a cancel ("Connection terminated"),
          // when nobody is reading: without it that error would be unhandled.
          copy.on("error", () => {});
          chunks = copy[Symbol.asyncIterator]();
        }
        const { value, done } = await chunks.next();
        if (done) {
          // Back to the pool with the limit it came with; if that fails, it is closed instead.
          const reset = await client!.query("RESET statement_timeout").then(
            () => undefined,
            (error: Error) => error,
          );
          release(reset);
          controller.close();
        } else {
          controller.enqueue(toCrlf(value));
        }
      } catch (error) {
        release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    },
    cancel() {
      cancelled = true;
      release(new Error("CSV export cancelled by the reader"));
    },
  });
}
