import { icon } from "./icons";
import { useId, useState, type CSSProperties } from "react";
import type { ImageView } from "~/lib/images";
import { ResponsiveImage } from "./ResponsiveImage";

// Drawn with lucide's paths (./icons); here, as only this section uses it.
const MoveHorizontal = /* @__PURE__ */ icon("move-horizontal", [["path",{"d":"m18 8 4 4-4 4"}],["path",{"d":"M2 12h20"}],["path",{"d":"m6 8-4 4 4 4"}]]);

export interface BeforeAfterPair {
  id: number;
  caption: string;
  service: string;
  kind: "car" | "boat";
  before: ImageView;
  after: ImageView;
}

/** The width a pair is shown at in the gallery grids (one column, two from md, three from lg). */
export const PAIR_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 768px) 46vw, 92vw";

/**
 * One before/after pair as a figure. With scripts, the after photo lies over
 * the before photo and a range input ("Compare before and after", dragged or
 * moved with the arrow, Home and End keys) reveals it from the divider to the
 * right. Without them, the two photos stand side by side. Which layout shows is
 * decided by CSS (`js:`, the `scripting` media feature) before the first paint,
 * so nothing moves when the page hydrates.
 */
export function BeforeAfter({ pair, priority = false }: { pair: BeforeAfterPair; priority?: boolean }) {
  const [position, setPosition] = useState(50);
  const inputId = useId();
  const captionId = useId();
  const photo = "h-full w-full object-cover";
  const tag = "pointer-events-none absolute top-3 rounded-full bg-ink-900/75 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white";
  return (
    <figure className="flex w-full flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
      <div
        data-compare
        style={{ "--pos": `${position}%` } as CSSProperties}
        className="relative grid grid-cols-2 gap-1 bg-slate-100 js:block js:aspect-[4/3] js:overflow-hidden"
      >
        <div className="relative aspect-[4/3] overflow-hidden js:absolute js:inset-0 js:aspect-auto">
          <ResponsiveImage image={pair.before} alt={`Before: ${pair.caption}`} sizes={PAIR_SIZES} className={photo} priority={priority} />
          <span aria-hidden="true" className={`${tag} left-3`}>
            Before
          </span>
        </div>
        <div data-compare-after className="relative aspect-[4/3] overflow-hidden js:absolute js:inset-0 js:aspect-auto js:[clip-path:inset(0_0_0_var(--pos))]">
          <ResponsiveImage image={pair.after} alt={`After: ${pair.caption}`} sizes={PAIR_SIZES} className={photo} priority={priority} />
          <span aria-hidden="true" className={`${tag} right-3`}>
            After
          </span>
        </div>
        <label htmlFor={inputId} className="sr-only">
          Compare before and after
        </label>
        {/* Spread over the photos, invisible: a drag anywhere on them moves it. The handle below shows it and its focus. */}
        <input
          id={inputId}
          type="range"
          min={0}
          max={100}
          step={1}
          value={position}
          aria-describedby={captionId}
          aria-valuetext={`${position}% before, ${100 - position}% after`}
          onChange={(event) => setPosition(Number(event.currentTarget.value))}
          className="peer absolute inset-0 hidden h-full w-full cursor-ew-resize touch-pan-y opacity-0 js:block"
        />
        <div
          aria-hidden="true"
          style={{ left: "var(--pos)" }}
          className="pointer-events-none absolute inset-y-0 hidden w-0.5 -translate-x-1/2 bg-white shadow-[0_0_6px_rgba(0,0,0,0.5)] js:block peer-focus-visible:w-1 peer-focus-visible:bg-brand-400 peer-focus-visible:*:ring-4"
        >
          <span className="absolute left-1/2 top-1/2 flex h-10 w-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-ink-900 shadow-lg ring-brand-400">
            <MoveHorizontal className="h-5 w-5" />
          </span>
        </div>
      </div>
      <figcaption id={captionId} className="flex flex-1 flex-col gap-1 p-5">
        <span className="font-semibold text-ink-900">{pair.caption}</span>
        {pair.service && (
          <span className="text-sm text-slate-600">
            {pair.service} · {pair.kind === "boat" ? "Boat" : "Car"}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
