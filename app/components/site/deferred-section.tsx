import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from "react";
import { useNavigation } from "react-router";

/** How far ahead of the screen a deferred section's code starts loading (as the quote validation's, ADR 0022). */
export const DEFERRED_SECTION_MARGIN = "600px 0px";

/**
 * A section of a long public page whose code the browser loads only when the
 * visitor nears it, not with the page (docs/decisions/0061). The server renders
 * it as usual, so the HTML (and the page without JavaScript) is complete; in the
 * browser it sits in a Suspense boundary that React leaves as the server's HTML
 * until the chunk arrives, then hydrates (React's selective hydration).
 *
 * `serverComponent` must be passed as `import.meta.env.SSR ? Section : null` at
 * the call site: in the browser build that is `null`, so the static import is
 * dropped and the section stays in its own chunk, loaded by `load`.
 *
 * The chunk is requested when the section's element (`id`, rendered by the
 * server) comes within DEFERRED_SECTION_MARGIN of the screen; at once when there
 * is no such element (a client-side navigation renders the page from scratch);
 * and as soon as a navigation starts: React cannot update a boundary still
 * waiting for its code, so a navigation (an update of the router's context
 * above it) would wait for the chunk, or, if not in a transition, replace the
 * server's HTML with the empty fallback until it arrives. (Not on the first
 * click or key press: loading every section at once then made the header's
 * smooth scroll to a section finish in one jump on a busy CPU.) Leaving the
 * page releases its sections too, so a return finds them loaded.
 */
export function deferredSection<P extends object>(
  id: string,
  serverComponent: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  if (serverComponent) {
    const Section = serverComponent;
    // The same boundary as in the browser, so that hydration finds it in the HTML.
    return function ServerSection(props: P) {
      return (
        <Suspense fallback={null}>
          <Section {...props} />
        </Suspense>
      );
    };
  }
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  pending.add(() => release());
  const Lazy = lazy(async () => {
    watch(id, release);
    await gate;
    return { default: await load() };
  });
  // memo: a re-render of the page with the same props must not reach a boundary
  // still waiting for its chunk (React would drop the server's HTML for it).
  return memo(function DeferredSection(props: P) {
    // In render, not an effect: the navigation's render is the one that must not wait.
    if (useNavigation().state !== "idle") releaseAll();
    // The boundary only where the server's HTML is hydrated. Rendered after a
    // client-side navigation, the section suspends that navigation's transition
    // instead, so the page appears whole (scroll positions and #section targets
    // exist) rather than with empty sections filling in.
    const [boundary] = useState(() => !hydrated);
    useEffect(() => {
      hydrated = true;
      return () => release();
    }, []);
    return boundary ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : (
      <Lazy {...props} />
    );
  }) as unknown as ComponentType<P>;
}

// Set once the first render (the hydration of the server's HTML) has committed.
let hydrated = false;

// Every section still waiting, for releaseAll.
const pending = new Set<() => void>();

function releaseAll(): void {
  for (const release of pending) release();
  pending.clear();
}

/** Calls `release` once the element `id` nears the screen, or at once without it. */
function watch(id: string, release: () => void): void {
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === "undefined") return release();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      release();
    },
    { rootMargin: DEFERRED_SECTION_MARGIN },
  );
  observer.observe(element);
}
