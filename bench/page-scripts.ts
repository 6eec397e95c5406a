import { gzipSync } from "node:zlib";

/** One JavaScript file as a browser receives it: its path, raw and gzip sizes, and its text (to search). */
export interface ScriptFile {
  url: string;
  raw: number;
  gzip: number;
  text: string;
}

/**
 * The JavaScript a browser loads for the page at `href`: every
 * `modulepreload`, `<script src>` and inline-module import of the built page
 * (also the module a classic script adds after the first paint,
 * docs/decisions/0018), with every file those import statically (`loaded`);
 * and the chunks those import() later on demand, with the chunks those
 * import() in turn (`deferred`, not loaded with the page). Largest first.
 */
export async function pageScripts(href: string, init: RequestInit = {}): Promise<{ html: string; loaded: ScriptFile[]; deferred: ScriptFile[] }> {
  const res = await fetch(href, init);
  if (!res.ok) throw new Error(`${href}: HTTP ${res.status}`);
  const html = await res.text();
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
  // A page with scripts of a shape not read here would count as none: a page that ships none has no <script> at all (JSON-LD aside).
  if (!urls.size && /<script(?![^>]*application\/ld\+json)/.test(html)) throw new Error(`Found scripts in ${href} but none of their files: has the HTML changed shape?`);

  const get = async (url: string): Promise<ScriptFile> => {
    const file = await fetch(url);
    if (!file.ok) throw new Error(`${url}: HTTP ${file.status}`);
    const code = Buffer.from(await file.arrayBuffer());
    return { url: new URL(url).pathname, raw: code.length, gzip: gzipSync(code).length, text: code.toString("utf8") };
  };
  // Those files, and every file they import statically (the page loads them all before it runs).
  const byUrl = new Map<string, ScriptFile>();
  let pending = [...urls].map((u) => new URL(u, href).href);
  while (pending.length) {
    const fetched = await Promise.all(pending.map(get));
    pending = [];
    for (const file of fetched) {
      byUrl.set(file.url, file);
      const base = new URL(file.url, href);
      for (const m of file.text.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) {
        const next = new URL(m[1]!, base).href;
        if (!byUrl.has(new URL(next).pathname) && !pending.includes(next)) pending.push(next);
      }
    }
  }
  const loaded = [...byUrl.values()].sort((a, b) => b.gzip - a.gzip);
  // Chunks these files import() later (the quote form's validation, the admin-only screens),
  // and the chunks those import() in turn: shown, not counted.
  const deferred: ScriptFile[] = [];
  const seen = new Set(loaded.map((f) => f.url.replace(/^.*\//, "")));
  let frontier = loaded;
  while (frontier.length) {
    const names = new Set<string>();
    for (const f of frontier) for (const m of f.text.matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)) names.add(m[1]!.replace(/^.*\//, ""));
    const fresh = [...names].filter((n) => !seen.has(n));
    fresh.forEach((n) => seen.add(n));
    frontier = (await Promise.all(fresh.map((name) => get(new URL(`/assets/${name}`, href).href)))).map((f) => ({ ...f, url: f.url.replace(/^.*\//, "") }));
    deferred.push(...frontier);
  }
  return { html, loaded, deferred };
}
