import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BenchReport, load, ms, ratio, rps, withAppServer } from "./lib";

const STATIC_NAME = "bench-static.html";

/**
 * (a) GET / from the page cache against the very same HTML served as a static
 * file by the same server, and against a render on every request (a query
 * string bypasses the cache). Target: the page within 2x of the static file.
 */
export function benchPublicPage(): Promise<BenchReport> {
  const buildDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR || "build");
  const staticFile = path.join(buildDir, "client", STATIC_NAME);
  return withAppServer({}, async (server) => {
    try {
      const headers = { "accept-encoding": "gzip", accept: "text/html" };
      const first = await fetch(`${server.url}/`, { headers });
      if (first.headers.get("x-page-cache") !== "hit") throw new Error("GET / was not served from the page cache");
      const html = await first.text();
      writeFileSync(staticFile, html);

      const url = (p: string) => `${server.url}${p}`;
      await load({ url: url("/"), headers, duration: 2 }); // warm-up: JIT, caches
      const file = await load({ url: url(`/${STATIC_NAME}`), headers });
      const page = await load({ url: url("/"), headers });
      // Fewer connections: each render takes long enough that 32 would only queue.
      const rendered = await load({ url: url("/?uncached=1"), headers, connections: 4 });

      const row = (what: string, r: Awaited<ReturnType<typeof load>>) => [
        what,
        rps(r),
        ms(r.latency.p50),
        ms(r.latency.p99),
        ratio(rps(file), rps(r)),
      ];
      return {
        title: `(a) Home page vs the same ${(html.length / 1024).toFixed(0)} KB of HTML as a static file (gzip, 32 connections, 8 s each)`,
        headers: ["request", "req/s", "p50", "p99", "static ÷ this"],
        rows: [
          row("GET /bench-static.html (static file)", file),
          row("GET / (page cache)", page),
          row("GET /?uncached=1 (rendered each time, 4 connections)", rendered),
        ],
        checks: [
          {
            label: `page throughput within 2x of static (static ÷ page = ${ratio(rps(file), rps(page))})`,
            ok: rps(file) / rps(page) <= 2,
          },
        ],
      };
    } finally {
      rmSync(staticFile, { force: true });
    }
  });
}
