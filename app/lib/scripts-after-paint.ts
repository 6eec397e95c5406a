/**
 * The page's JavaScript is fetched after the first paint, not with the HTML
 * (docs/decisions/0018). React Router's <Scripts> writes a `modulepreload` link
 * per module (React hoists them into the head) and an inline module script
 * whose static imports fetch and run the app. Both are rewritten in the HTML
 * as it streams out (app/entry.server.tsx):
 * - the `modulepreload` links are dropped, so no script competes with the HTML
 *   and its inline stylesheet for the network before the page is shown;
 * - the inline module becomes a classic script that adds the same module, with
 *   the same nonce, once the browser reports the first contentful paint (a
 *   `paint` performance entry: the moment the page was shown, which on a busy
 *   device comes well after the frame that drew it). A browser without paint
 *   entries adds it after the next frame (requestAnimationFrame, then a task);
 *   a hidden tab, which paints nothing, after `HIDDEN_TAB_DELAY_MS` at the latest.
 * Hydration does not notice: React matches inline scripts whatever their
 * content and re-creates hoisted links it does not find (the modules are
 * loaded by then, so nothing is fetched twice). Without JavaScript nothing
 * changes.
 *
 * Plain string work without Node APIs, so a unit test can run it; the stream
 * around it is in ScriptsAfterPaint below.
 */

export const HIDDEN_TAB_DELAY_MS = 1000;

/**
 * Whether a page's scripts wait for its first paint: the visitors' pages, whose
 * first paint is what counts. Not the dashboard and sign-in pages, where staff
 * act at once and a form should be the app's as soon as it shows.
 */
export function scriptsAfterPaint(pathname: string): boolean {
  return !/^\/(admin|login|auth)(\/|$)/.test(pathname);
}

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">([\s\S]*?)<\/script>/;

/** The classic script that adds `code` as an inline module after the first paint, with its own nonce. */
export function afterPaintLoader(code: string, attributes: string): string {
  const module = JSON.stringify(code).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  const run =
    `(function(nonce){var done=false;function run(){if(done)return;done=true;` +
    `var s=document.createElement("script");s.type="module";s.nonce=nonce;s.textContent=${module};document.body.appendChild(s)}` +
    `var P=window.PerformanceObserver;` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){` +
    `new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(run,0)}}).observe({type:"paint",buffered:true})` +
    `}else requestAnimationFrame(function(){setTimeout(run,0)});` +
    `setTimeout(run,${HIDDEN_TAB_DELAY_MS})})(document.currentScript.nonce)`;
  return `<script${attributes}>${run}</script>`;
}

/** Rewrites complete HTML (or a part holding only whole tags): see the module's comment. */
export function rewriteScripts(html: string): string {
  return html.replace(MODULEPRELOAD, "").replace(MODULE_SCRIPT, (_, attributes: string, code: string) => afterPaintLoader(code, attributes));
}

/**
 * Where the text can be cut so that no tag the rewrite looks for is split:
 * before an unclosed `<script` (its content may still come) or a tag whose `>`
 * has not arrived. Everything before it can be rewritten and sent.
 */
export function safeEnd(text: string): number {
  let end = text.length;
  const lastScript = text.lastIndexOf("<script");
  if (lastScript !== -1 && text.indexOf("</script>", lastScript) === -1) end = lastScript;
  const lastOpen = text.lastIndexOf("<", end - 1);
  if (lastOpen !== -1 && text.indexOf(">", lastOpen) === -1) end = Math.min(end, lastOpen);
  return end;
}

/** A streaming rewrite: feed it text as it comes, and what it returns is ready to send. */
export class ScriptsAfterPaint {
  private pending = "";

  push(text: string): string {
    this.pending += text;
    const end = safeEnd(this.pending);
    const ready = this.pending.slice(0, end);
    this.pending = this.pending.slice(end);
    return rewriteScripts(ready);
  }

  end(): string {
    const rest = rewriteScripts(this.pending);
    this.pending = "";
    return rest;
  }
}
