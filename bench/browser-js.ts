import { gzipSync } from "node:zlib";
import { type BenchReport, kb, withAppServer } from "./lib";

// Issue 17: at most 130 KB. React and React Router alone are ~110 KB of it; the page's own code
// comes with the page, whole (docs/decisions/0064).
const BUDGET_BYTES = 130 * 1024;
// Admin-only editors must never reach the public page (file names and code markers).
const ADMIN_CODE = [/quill/i, /md-editor/i, /\bql-editor\b/, /\bw-md-editor\b/];

/**
 * (c) The JavaScript a browser loads for / : every script and modulepreload of
 * the built page and the inline module script's imports (also when a classic
 * script adds that module after the first paint), with all they import
 * statically, gzip-compressed, against a 130 KB budget.
 */
export function benchBrowserJs(): Promise<BenchReport> {
  return withAppServer({}, async (server) => {
    const html = await (await fetch(`${server.url}/`)).text();
    const urls = new Set<string>();
    for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.add(m[1]!);
    for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
    const modules = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    // React Router's module, added after the first paint by a classic script that holds it as a
    // JSON string (app/lib/scripts-after-paint.ts, docs/decisions/0018).
    for (const m of html.matchAll(/\.textContent=("(?:[^"\\]|\\.)*")/g)) modules.push(JSON.parse(m[1]!) as string);
    for (const code of modules) {
      for (const i of code.matchAll(/\bimport\b[^"'()]*(?:\(\s*)?["']([^"']+\.js)["']/g)) urls.add(i[1]!);
    }
    if (!urls.size) throw new Error("Found no scripts in the built page: has the HTML changed shape?");

    // Those files, and every file they import statically (the page loads them all before it runs).
    type File = { url: string; raw: number; gzip: number; text: string };
    const byUrl = new Map<string, File>();
    let pending = [...urls].map((u) => new URL(u, server.url).href);
    while (pending.length) {
      const fetched = await Promise.all(
        pending.map(async (href): Promise<File> => {
          const res = await fetch(href);
          if (!res.ok) throw new Error(`${href}: HTTP ${res.status}`);
          const code = Buffer.from(await res.arrayBuffer());
          return { url: new URL(href).pathname, raw: code.length, gzip: gzipSync(code).length, text: code.toString("utf8") };
        }),
      );
      pending = [];
      for (const file of fetched) {
        byUrl.set(file.url, file);
        const base = new URL(file.url, server.url);
        for (const m of file.text.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) {
          const href = new URL(m[1]!, base).href;
          if (!byUrl.has(new URL(href).pathname) && !pending.includes(href)) pending.push(href);
        }
      }
    }
    const files = [...byUrl.values()];
    files.sort((a, b) => b.gzip - a.gzip);
    // Chunks these files import() later (the quote form's validation, the admin-only screens),
    // and the chunks those import() in turn: shown, not counted.
    const loaded = new Set(files.map((f) => f.url.replace(/^.*\//, "")));
    const deferred: typeof files = [];
    const seen = new Set(loaded);
    let frontier = files;
    while (frontier.length) {
      const names = new Set<string>();
      for (const f of frontier) for (const m of f.text.matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)) names.add(m[1]!.replace(/^.*\//, ""));
      const fresh = [...names].filter((n) => !seen.has(n));
      fresh.forEach((n) => seen.add(n));
      frontier = await Promise.all(
        fresh.map(async (name) => {
          const code = Buffer.from(await (await fetch(new URL(`/assets/${name}`, server.url))).arrayBuffer());
          return { url: name, raw: code.length, gzip: gzipSync(code).length, text: code.toString("utf8") };
        }),
      );
      deferred.push(...frontier);
    }
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const raw = files.reduce((s, f) => s + f.raw, 0);
    const adminHits = [...files, ...deferred].filter((f) => ADMIN_CODE.some((re) => re.test(f.url) || re.test(f.text))).map((f) => f.url);
    return {
      title: `(c) JavaScript for / (${files.length} files)`,
      headers: ["file", "raw", "gzip"],
      rows: [
        ...files.map((f) => [f.url.replace(/^.*\//, ""), kb(f.raw), kb(f.gzip)]),
        ["total loaded with the page", kb(raw), kb(total)],
        ...deferred.map((d) => [`(later, on demand) ${d.url}`, kb(d.raw), kb(d.gzip)]),
      ],
      checks: [
        { label: `gzip total ${kb(total)} within the ${kb(BUDGET_BYTES)} budget (${((100 * total) / BUDGET_BYTES).toFixed(0)}%)`, ok: total <= BUDGET_BYTES },
        { label: `no admin/editor code (quill, md-editor), also in the chunks loaded later${adminHits.length ? `: found in ${adminHits.join(", ")}` : ""}`, ok: !adminHits.length },
      ],
    };
  });
}
