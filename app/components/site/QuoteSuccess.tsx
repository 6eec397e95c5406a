import { icon } from "./icons";
import { useEffect, useRef } from "react";
import { quoteSuccessMessage } from "~/lib/quote-form";
import { QUOTE_ANCHOR } from "./QuoteField";
import { useSiteSettings } from "./use-site-settings";

// Drawn with lucide's paths (./icons); here, as only this section uses it.
const CircleCheckBig = /* @__PURE__ */ icon("circle-check-big", [["path",{"d":"M21.801 10A10 10 0 1 1 17 3.335"}],["path",{"d":"m9 11 3 3L22 4"}]]);

/** The form's success state: the thank-you message, focused, and a way back to an empty form. */
export function QuoteSuccess({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { responseTime } = useSiteSettings();
  // Move focus to the result, so keyboard and screen-reader users hear it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-2xl bg-white p-8 text-center text-slate-800 shadow-2xl ring-1 ring-black/5 sm:p-10">
      <CircleCheckBig aria-hidden="true" className="mx-auto size-14 text-emerald-500" />
      <h3 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 outline-none">
        Quote Request Submitted!
      </h3>
      <p className="mx-auto mt-3 max-w-md text-slate-600">{quoteSuccessMessage(responseTime)}</p>
      {/* Without JavaScript this reloads the page at an empty form. */}
      <form
        method="get"
        action={`/#${QUOTE_ANCHOR}`}
        onSubmit={(event) => {
          event.preventDefault();
          onAnother();
        }}
      >
        <button
          type="submit"
          className="mt-8 inline-flex items-center justify-center rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Submit Another Request
        </button>
      </form>
    </div>
  );
}
