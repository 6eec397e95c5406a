import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  url: string;
  /** Requests each backend answered, by its index. */
  served: number[];
  /** Requests that were sent to a backend again, on another one, after a connection error. */
  retried: number;
  /** Points backend `index` at a new URL (a restarted process on a new port). */
  replace(index: number, url: string): void;
  close(): Promise<void>;
}

const HEALTH_EVERY_MS = 100;
const ATTEMPTS = 4;

/**
 * A small HTTP load balancer for tests, as a real one behaves: requests go to
 * the backends in turn; each backend's /healthz is checked every 100 ms and a
 * backend that answers 503 (draining, docs/decisions/0007) or not at all gets
 * no new requests; a request whose connection fails before any answer (refused,
 * reset by a process that is stopping) is sent again to another backend. The
 * Host header is kept, so the app's same-origin check sees the proxy's origin;
 * X-Forwarded-For is passed on as the client wrote it (standing in for what a
 * load balancer would have seen, so tests can give each client an address).
 */
export async function startRoundRobinProxy(backends: string[], port = 0): Promise<RoundRobinProxy> {
  const targets = backends.map((url) => ({ url, healthy: true, agent: new http.Agent({ keepAlive: true }) }));
  const served = targets.map(() => 0);
  let next = 0;
  let retried = 0;
  let closed = false;

  const pick = (avoid: Set<number>): number | undefined => {
    for (let i = 0; i < targets.length; i++) {
      const index = (next + i) % targets.length;
      if (targets[index]!.healthy && !avoid.has(index)) {
        next = index + 1;
        return index;
      }
    }
    // None healthy (both restarting at once would be a bug of the test): try any not yet tried.
    for (let index = 0; index < targets.length; index++) if (!avoid.has(index)) return index;
    return undefined;
  };

  const checkHealth = async () => {
    await Promise.all(
      targets.map(async (target) => {
        try {
          const res = await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(1_000) });
          await res.arrayBuffer();
          target.healthy = res.status === 200;
        } catch {
          target.healthy = false;
        }
      }),
    );
  };
  await checkHealth();
  const health = setInterval(() => void checkHealth(), HEALTH_EVERY_MS);

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const tried = new Set<number>();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const index = pick(tried);
      if (index === undefined) break;
      tried.add(index);
      const target = targets[index]!;
      const outcome = await new Promise<"answered" | "failed">((resolve) => {
        const upstream = http.request(new URL(req.url!, target.url), { method: req.method, headers: req.headers, agent: target.agent });
        upstream.on("response", (answer) => {
          served[index]!++;
          const headers = { ...answer.headers };
          delete headers.connection;
          delete headers["keep-alive"];
          res.writeHead(answer.statusCode!, headers);
          answer.pipe(res);
          answer.on("end", () => resolve("answered"));
          answer.on("error", () => {
            res.destroy();
            resolve("answered");
          });
        });
        // No answer at all: the request was not handled there, so it may go elsewhere.
        upstream.on("error", () => resolve("failed"));
        upstream.end(body);
      });
      if (outcome === "answered") return;
      retried++;
      if (!closed) target.healthy = false;
    }
    res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: "no backend answered" }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${actualPort}`,
    served,
    get retried() {
      return retried;
    },
    replace(index, url) {
      targets[index]!.agent.destroy();
      targets[index] = { url, healthy: false, agent: new http.Agent({ keepAlive: true }) };
    },
    async close() {
      closed = true;
      clearInterval(health);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const target of targets) target.agent.destroy();
    },
  };
}

/** `clients` loops through the balancer (pages, static files, quotes from addresses of their own) until stopped; anything but a 2xx is a failure. */
export function steadyLoad(baseUrl: string, clients: number) {
  const state = { answered: 0, failures: [] as string[], running: true };
  let sent = 0;
  const one = async () => {
    const i = ++sent;
    const kind = i % 3;
    const init: RequestInit =
      kind === 0
        ? {
            method: "POST",
            headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
            body: JSON.stringify({ formId: "quote_form", name: `Load ${i}`, email: `load${i}@example.com`, phone: "6165550100", vehicle_type: "Car", message: "" }),
          }
        : {};
    const pathname = kind === 0 ? "/api/forms/submit" : kind === 1 ? "/about" : "/favicon.svg";
    try {
      const res = await fetch(baseUrl + pathname, init);
      await res.arrayBuffer();
      if (res.status >= 200 && res.status < 300) state.answered++;
      else state.failures.push(`${pathname}: ${res.status}`);
    } catch (error) {
      state.failures.push(`${pathname}: ${(error as Error).message}`);
    }
  };
  const loops = Array.from({ length: clients }, async () => {
    while (state.running) await one();
  });
  return {
    get answered() {
      return state.answered;
    },
    async stop() {
      state.running = false;
      await Promise.all(loops);
      return { answered: state.answered, failures: state.failures };
    },
  };
}
