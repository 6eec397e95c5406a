import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { HIDDEN_TAB_DELAY_MS, rewriteScripts, safeEnd, ScriptsAfterPaint, scriptsAfterPaint } from "./scripts-after-paint";

// What React Router's <Scripts> writes (React hoists the links into the head).
const PAGE = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>',
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="N1"/><style id="public-css">a{color:red}</style></head>',
  "<body><main>Hi</main>",
  '<script nonce="N1">window.__reactRouterContext = {"a":"\\u003c/b"};</script>',
  '<script nonce="N1" type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-C.js";\n',
  'window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");</script>',
  '<script nonce="N1" type="application/ld+json">{"name":"x"}</script></body></html>',
].join("");

/**
 * Runs the loader script in a fake page (with or without paint entries) and
 * returns the module script it adds, the frame callbacks, timers and paint observers.
 */
function runLoader(html: string, { paintEntries = true } = {}) {
  const script = /<script nonce="N1">(\(function\(nonce\)[\s\S]*?)<\/script>/.exec(html)![1]!;
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const added: { type: string; nonce: string; textContent: string }[] = [];
  type Observer = {
    callback: (list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void;
    options: unknown;
    disconnected: boolean;
  };
  const observers: Observer[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintEntries ? ["paint", "longtask"] : ["longtask"];
    entry: Observer;
    constructor(callback: Observer["callback"]) {
      this.entry = { callback, options: undefined, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: unknown) {
      this.entry.options = options;
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const document = {
    currentScript: { nonce: "N2" },
    createElement: () => ({ type: "", nonce: "", textContent: "" }),
    body: { appendChild: (el: (typeof added)[number]) => added.push(el) },
  };
  runInNewContext(script, {
    window: { PerformanceObserver },
    document,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  });
  /** The browser reports paints of these names to the observers. */
  const paint = (...names: string[]) => {
    for (const o of observers) {
      o.callback({ getEntriesByName: (n) => (names.includes(n) ? [{ name: n }] : []) }, { disconnect: () => (o.disconnected = true) });
    }
  };
  return { frames, timers, added, observers, paint };
}

const MODULE_CODE =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-C.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");';

describe("scripts after the first paint", () => {
  it("drops the modulepreload links and turns the module into a loader; everything else stays", () => {
    const out = rewriteScripts(PAGE);
    expect(out).not.toContain("modulepreload");
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain('<style id="public-css">a{color:red}</style></head>');
    expect(out).toContain('<script nonce="N1">window.__reactRouterContext = {"a":"\\u003c/b"};</script>');
    expect(out).toContain('<script nonce="N1" type="application/ld+json">{"name":"x"}</script></body></html>');
    // Nothing in the loader can end its script element early.
    const loader = /<script nonce="N1">\(function[\s\S]*?<\/script>/.exec(out)![0];
    expect(loader.slice(0, -"</script>".length)).not.toMatch(/<\//);
  });

  it("adds the same module, with the page's nonce, once the first contentful paint is reported; once", () => {
    const { frames, timers, added, observers, paint } = runLoader(rewriteScripts(PAGE));
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options).toEqual({ type: "paint", buffered: true });
    expect(frames).toHaveLength(0);
    paint("first-paint");
    expect(timers.filter((t) => t.ms === 0)).toHaveLength(0);
    paint("first-paint", "first-contentful-paint");
    expect(observers[0]!.disconnected).toBe(true);
    expect(added).toEqual([]);
    timers.find((t) => t.ms === 0)!.fn();
    expect(added).toHaveLength(1);
    expect(added[0]!.type).toBe("module");
    expect(added[0]!.nonce).toBe("N2");
    expect(added[0]!.textContent).toBe(MODULE_CODE);
    // The hidden-tab fallback comes later and adds nothing more.
    timers.find((t) => t.ms === HIDDEN_TAB_DELAY_MS)!.fn();
    expect(added).toHaveLength(1);
  });

  it("without paint entries, after a frame and a task", () => {
    const { frames, timers, added, observers } = runLoader(rewriteScripts(PAGE), { paintEntries: false });
    expect(observers).toHaveLength(0);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(added).toEqual([]);
    timers.find((t) => t.ms === 0)!.fn();
    expect(added.map((a) => a.textContent)).toEqual([MODULE_CODE]);
  });

  it("in a hidden tab (nothing painted) the fallback timer adds the module", () => {
    const { timers, added } = runLoader(rewriteScripts(PAGE));
    timers.find((t) => t.ms === HIDDEN_TAB_DELAY_MS)!.fn();
    expect(added).toHaveLength(1);
  });

  it("never cuts inside a tag or an unfinished script", () => {
    expect(safeEnd('<p>a</p><link rel="modulepre')).toBe(8);
    expect(safeEnd('<p>a</p><script nonce="x" type="module" async="">import "/a.js"; if (a < b) {')).toBe(8);
    expect(safeEnd("<p>a</p><script>x</script>")).toBe(26);
    expect(safeEnd("<p>a</p>text")).toBe(12);
  });

  it("is for the visitors' pages only: the dashboard and sign-in pages load their scripts with the HTML", () => {
    for (const path of ["/", "/about", "/gallery", "/care-guides/wax", "/administrative"]) expect(scriptsAfterPaint(path), path).toBe(true);
    for (const path of ["/admin", "/admin/leads/3", "/login", "/auth/google/callback"]) expect(scriptsAfterPaint(path), path).toBe(false);
  });

  it("gives the same result however the stream is cut", () => {
    const whole = rewriteScripts(PAGE);
    for (const size of [1, 7, 64, 333]) {
      const rewrite = new ScriptsAfterPaint();
      let out = "";
      for (let i = 0; i < PAGE.length; i += size) out += rewrite.push(PAGE.slice(i, i + size));
      out += rewrite.end();
      expect(out, `chunks of ${size}`).toBe(whole);
    }
  });
});
