import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { RequestIdProvider } from "~/lib/request-id";
import { ScriptsAfterPaint, scriptsAfterPaint } from "~/lib/scripts-after-paint";
import { answerClientMistake } from "~/server/client-mistakes.server";
import { requestInLog } from "~/server/log-redaction.server";
import { logFor } from "~/server/log.server";
import { isDatabaseUnavailable, noteDatabaseOutage } from "~/server/outage.server";
import { requestInfoContext } from "~/server/request-context.server";

export const streamTimeout = 5_000;

/**
 * Errors no route handled. One caused by the database is marked on the request
 * for the edge, which answers 503 instead of 500 (server/react-router-handler.ts),
 * and logged in one line: an outage fails every request the same way.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A client's mistake (a POST to a page without an action): one line, not a stack.
  if (answerClientMistake(error, request)) return;
  // React Router wraps some errors in an error response that keeps the original.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = wrapped ?? error;
  if (isDatabaseUnavailable(cause)) {
    noteDatabaseOutage(context);
    logFor("db").error({ ...requestInLog(request), status: 503 }, `unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    return;
  }
  logFor("request").error({ err: cause, ...requestInLog(request), status: 500 }, "unexpected error");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, requestId = "" } = loadContext.get(requestInfoContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        // React 19 sends a finished Suspense boundary over ~12 KB (progressiveChunkSize) as a hidden
        // template that an inline script reveals: without JavaScript that content would never show.
        // Keep every boundary inline, so a page is whole without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // A public page's scripts are fetched after its first paint (app/lib/scripts-after-paint.ts).
          const rewrite = scriptsAfterPaint(new URL(request.url).pathname) ? new ScriptsAfterPaint() : null;
          const decoder = new StringDecoder("utf8");
          const body = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              const ready = rewrite ? rewrite.push(decoder.write(chunk)) : chunk;
              if (ready.length > 0) this.push(ready);
              callback();
            },
            flush(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const rest = rewrite ? rewrite.push(decoder.end()) + rewrite.end() : "";
              if (rest) this.push(rest);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logFor("request").error({ err: error, ...requestInLog(request), status: 500 }, "unexpected error");
        },
      },
    );
  });
}
