/**
 * Forty photos uploaded at once (issue 18): 40 parallel POSTs of a 4000x3000,
 * ~7.9 MB JPEG (with a GPS block, as a phone writes it) to /api/upload/image on
 * the production server, embedded database on disk as `npm start` runs, while
 * a visitor's `GET /` every 100 ms and a load balancer's `GET /healthz` every
 * 250 ms keep coming. The same probes run on the idle server for 10 s before
 * and 10 s after, so every figure is compared with its idle value in the same
 * run (the machine's other load falls on both; pooling the two windows evens
 * out its drift). The load lasts until every upload is answered and each
 * photo's copies are served; the uploads come from a process of their own. Memory: resident set of the server process and its
 * children (/proc), at the start, at its peak, and after.
 *
 *   tsx bench/run.ts uploads
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { signInByEmail } from "../tests/helpers/app-server";
import { phonePhoto } from "../tests/helpers/private-photo";
import { startSmtpSink } from "../tests/helpers/smtp";
import { type BenchReport, ms, percentile, printReport, ratio, withAppServer } from "./lib";

const UPLOADS = Number(process.env.BENCH_UPLOADS) || 40;
const IDLE_MS = 10_000;
const PAGE_EVERY_MS = 100;
const HEALTH_EVERY_MS = 250;
// A load balancer gives up after 5 s; the target is far below.
const PROBE_TIMEOUT_MS = 5_000;
const HEALTH_TARGET_MS = 1_000;
const PAGE_P95_TARGET = 2;
const RSS_TARGET_MB = 200;
// How long memory may take to settle once the work is done.
const SETTLE_MS = 30_000;
const OWNER = "owner@example.com";

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(pid: number): number {
  let rss = 0;
  try {
    rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    for (const child of children ? children.split(/\s+/) : []) rss += treeRss(Number(child));
  } catch {
    // The process (or a child) has just exited.
  }
  return rss;
}

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

/** Sends GET `url` every `everyMs` (open loop: a slow answer does not delay the next) until stopped. */
function probe(url: string, everyMs: number, headers: Record<string, string> = {}) {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const at = performance.now();
    const done = fetch(url, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
      .then(async (res) => {
        await res.arrayBuffer();
        samples.push({ at, ms: performance.now() - at, ok: res.status === 200 });
      })
      .catch(() => void samples.push({ at, ms: PROBE_TIMEOUT_MS, ok: false }))
      .finally(() => pending.delete(done));
    pending.add(done);
  }, everyMs);
  return {
    samples,
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
    },
  };
}

const stats = (samples: Sample[]) => {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0, failed: samples.filter((s) => !s.ok).length };
};

export async function benchParallelUploads(): Promise<BenchReport> {
  const smtp = await startSmtpSink();
  try {
    const photo = await phonePhoto();
    const photoFile = path.join(tmpdir(), `gr-detail-bench-photo-${process.pid}.jpg`);
    writeFileSync(photoFile, photo);
    return await withAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER }, async (app) => {
      const cookie = await signInByEmail(app, smtp, OWNER);
      const pid = app.process.pid!;
      const page = () => probe(`${app.url}/`, PAGE_EVERY_MS, { accept: "text/html", "accept-encoding": "gzip" });
      const health = () => probe(`${app.url}/healthz`, HEALTH_EVERY_MS);

      // Warm-up (JIT, the page cache, sharp loaded): one upload and a few pages, unmeasured.
      const [warm] = await sendUploads(app.url, cookie, photoFile, 1);
      if (!warm) throw new Error("the warm-up upload got no answer");
      if (warm.status !== 201) throw new Error(`the warm-up upload answered ${warm.status}`);
      await copiesServed([warm.url!], app.url);
      const warmPages = page();
      await new Promise((r) => setTimeout(r, 2_000));
      await warmPages.stop();

      const idlePage = page();
      const idleHealth = health();
      await new Promise((r) => setTimeout(r, IDLE_MS));
      await Promise.all([idlePage.stop(), idleHealth.stop()]);
      const rssStart = treeRss(pid);

      const loadPage = page();
      const loadHealth = health();
      let rssPeak = rssStart;
      const memory = setInterval(() => (rssPeak = Math.max(rssPeak, treeRss(pid))), 100);
      const started = performance.now();
      const answers = await sendUploads(app.url, cookie, photoFile, UPLOADS);
      const lastAnswer = Math.max(...answers.map((a) => a.at));
      const urls = answers.flatMap((a) => (a.url ? [a.url] : []));
      await copiesServed(urls, app.url);
      const allCopies = performance.now() - started;
      await Promise.all([loadPage.stop(), loadHealth.stop()]);
      clearInterval(memory);

      // Memory once the work is done (before the idle window after): the first sample within the target, or the last.
      let rssAfter = treeRss(pid);
      const settleStart = performance.now();
      while (rssAfter - rssStart > RSS_TARGET_MB * 2 ** 20 && performance.now() - settleStart < SETTLE_MS) {
        await new Promise((r) => setTimeout(r, 1_000));
        rssAfter = treeRss(pid);
      }
      const settled = performance.now() - settleStart;

      // Idle again, after: the machine's other load drifts, so the idle values pool both windows.
      const afterPage = page();
      const afterHealth = health();
      await new Promise((r) => setTimeout(r, IDLE_MS));
      await Promise.all([afterPage.stop(), afterHealth.stop()]);

      const [ip, ih, lp, lh] = [
        stats([...idlePage.samples, ...afterPage.samples]),
        stats([...idleHealth.samples, ...afterHealth.samples]),
        stats(loadPage.samples),
        stats(loadHealth.samples),
      ];
      const created = answers.filter((a) => a.status === 201).length;
      const row = (what: string, idle: ReturnType<typeof stats>, busy: ReturnType<typeof stats>) => [
        what,
        `${ms(idle.p50)} / ${ms(idle.p95)} / ${ms(idle.max)}`,
        `${ms(busy.p50)} / ${ms(busy.p95)} / ${ms(busy.max)}`,
        ratio(busy.p95, idle.p95),
        `${busy.failed} of ${busy.n}`,
      ];
      return {
        title: `Parallel uploads: ${UPLOADS} POSTs of a 4000x3000 ${(photo.length / 2 ** 20).toFixed(1)} MB JPEG at once, with GET / every ${PAGE_EVERY_MS} ms and /healthz every ${HEALTH_EVERY_MS} ms (embedded database on disk)`,
        headers: ["request", "idle p50 / p95 / max", "during uploads p50 / p95 / max", "p95 ÷ idle", "failed or > 5 s"],
        rows: [
          row("GET /", ip, lp),
          row("GET /healthz", ih, lh),
          ["uploads answered 201", "", `${created} of ${UPLOADS}, the last after ${seconds(lastAnswer)}`, "", ""],
          ["every photo's copies served", "", `after ${seconds(allCopies)}`, "", ""],
          ["server RSS (with children)", `${mb(rssStart)}`, `peak ${mb(rssPeak)}, after ${mb(rssAfter)} (${seconds(settled)} later)`, "", ""],
        ],
        checks: [
          { label: `every upload answered 201 (${created} of ${UPLOADS})`, ok: created === UPLOADS },
          { label: `/healthz under ${HEALTH_TARGET_MS} ms throughout (max ${ms(lh.max)}, ${lh.failed} failed)`, ok: lh.max < HEALTH_TARGET_MS && lh.failed === 0 },
          { label: `GET / p95 within ${PAGE_P95_TARGET}x its idle value (${ratio(lp.p95, ip.p95)}, ${lp.failed} failed)`, ok: lp.p95 <= PAGE_P95_TARGET * ip.p95 && lp.failed === 0 },
          { label: `RSS back within ${RSS_TARGET_MB} MB of the start (+${mb(rssAfter - rssStart)})`, ok: rssAfter - rssStart <= RSS_TARGET_MB * 2 ** 20 },
        ],
        notes: [
          ...[...new Set(answers.flatMap((a) => (a.status === 201 ? [] : [`an upload failed: ${a.status || ""} ${a.error ?? ""}`.trim()])))],
          "the uploads are sent by a process of their own (as browsers elsewhere would), the probes by this one",
          `load average at the end: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} (2 cores; other work on the machine slows both phases alike)`,
        ],
      };
    });
  } finally {
    await smtp.stop();
    rmSync(path.join(tmpdir(), `gr-detail-bench-photo-${process.pid}.jpg`), { force: true });
  }
}

interface UploadAnswer {
  status: number;
  url?: string;
  error?: string;
  /** Milliseconds from the start of all the uploads to this answer. */
  at: number;
}

/**
 * POSTs `count` copies of the photo at once to /api/upload/image from a
 * process of its own, as browsers elsewhere would: sending 320 MB keeps an
 * event loop busy, and that must not delay this process's probes.
 */
async function sendUploads(base: string, cookie: string, photoFile: string, count: number): Promise<UploadAnswer[]> {
  const script = `
    import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
    const [base, cookie, file, count] = process.argv.slice(1);
    const photo = readFileSync(file);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: Number(count) }, async () => {
      const form = new FormData();
      form.set("file", new Blob([photo], { type: "image/jpeg" }), "IMG_0001.jpg");
      try {
        const res = await fetch(base + "/api/upload/image", { method: "POST", body: form, headers: { cookie, origin: base } });
        const body = await res.json();
        return { status: res.status, url: body.media_url, at: performance.now() - started };
      } catch (error) {
        return { status: 0, error: String(error.cause ?? error), at: performance.now() - started };
      }
    }));
    process.stdout.write(JSON.stringify(answers));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script, base, cookie, photoFile, String(count)], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  await new Promise((resolve) => child.once("exit", resolve));
  return JSON.parse(out) as UploadAnswer[];
}

/** Waits until every upload's largest copy and link-preview crop are served (made after the answer, or with it). */
async function copiesServed(urls: string[], base: string): Promise<void> {
  for (const url of urls) {
    const stem = url.slice(0, url.lastIndexOf("."));
    for (const suffix of ["-1920w.webp", "-og.jpg"]) {
      for (let tries = 0; ; tries++) {
        const res = await fetch(`${base}${stem}${suffix}`);
        await res.arrayBuffer();
        if (res.status === 200) break;
        if (tries > 1_200) throw new Error(`${stem}${suffix} was never served`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) printReport(await benchParallelUploads());
