import http from "node:http";

export interface KeepAliveLoad {
  /** Complete answers, by status. */
  statuses: Map<number, number>;
  /** Quote requests answered 200, in all and after `afterMark()` became true. */
  quotesAccepted: number;
  quotesAcceptedAfterMark: number;
  /** Resets and hang-ups on a connection that had already carried a request, answers cut short. */
  failures: string[];
  /** NEW connections refused: the listener has closed (the client would go elsewhere). */
  refused: number;
  /**
   * NEW connections reset: the kernel had accepted them, the app not yet, when
   * the port closed; their request was never read, so a client may retry it
   * elsewhere like a refused one. Reported, not counted as failures.
   */
  newConnectionResets: number;
  /** Requests sent. */
  sent: number;
}

/**
 * `clients` loops against a server started with TRUST_PROXY=1, each on a
 * keep-alive connection of its own, sending back to back a quote (each from an
 * address of its own, so no limit refuses it), a page or a static file, until a
 * new connection is refused. `done` resolves when every loop has ended.
 */
export function keepAliveLoad(baseUrl: string, clients: number, afterMark: () => boolean) {
  const result: KeepAliveLoad = {
    statuses: new Map(),
    quotesAccepted: 0,
    quotesAcceptedAfterMark: 0,
    failures: [],
    refused: 0,
    newConnectionResets: 0,
    sent: 0,
  };
  const one = (agent: http.Agent) => {
    const i = ++result.sent;
    const kind = i % 3;
    const body =
      kind === 0
        ? JSON.stringify({ formId: "quote_form", name: `Load ${i}`, email: `load${i}@example.com`, phone: "6165550100", vehicle_type: "car", message: "" })
        : undefined;
    const pathname = kind === 0 ? "/api/forms/submit" : kind === 1 ? "/about" : "/favicon.svg";
    return new Promise<"ok" | "refused">((resolve) => {
      const req = http.request(new URL(pathname, baseUrl), {
        method: body ? "POST" : "GET",
        agent,
        headers: body
          ? { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }
          : {},
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => {
          result.statuses.set(res.statusCode!, (result.statuses.get(res.statusCode!) ?? 0) + 1);
          if (body && res.statusCode === 200) {
            result.quotesAccepted++;
            if (afterMark()) result.quotesAcceptedAfterMark++;
          }
          resolve("ok");
        });
        res.on("aborted", () => {
          result.failures.push(`${pathname}: answer cut short`);
          resolve("ok");
        });
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && !req.reusedSocket) {
          result.refused++;
          resolve("refused");
        } else if (error.code === "ECONNRESET" && !req.reusedSocket) {
          result.newConnectionResets++;
          resolve("ok");
        } else {
          result.failures.push(`${pathname}: ${error.code ?? error.message} on a ${req.reusedSocket ? "reused" : "new"} connection`);
          resolve("ok");
        }
      });
      req.end(body);
    });
  };
  const loops = Array.from({ length: clients }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while ((await one(agent)) !== "refused");
    } finally {
      agent.destroy();
    }
  });
  return { result, done: Promise.all(loops).then(() => result) };
}
