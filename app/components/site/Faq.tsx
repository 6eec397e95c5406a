import { ArrowRight, icon } from "./icons";
import { Link } from "react-router";
import { SectionHeading, sectionClass } from "./SectionHeading";
import { SectionLink } from "./SectionLink";
import { focusRing, primaryButton } from "./styles";

// Drawn with lucide's paths (./icons); here, as only this section uses it.
const ChevronDown = /* @__PURE__ */ icon("chevron-down", [["path",{"d":"m6 9 6 6 6-6"}]]);

export interface FaqGroupView {
  category: string;
  items: { id: number; question: string; answerHtml: string }[];
}

/**
 * Questions are <details>/<summary>: they open and close with the keyboard and
 * without JavaScript, each on its own, so several can be open at once.
 */
export function Faq({ groups }: { groups: FaqGroupView[] }) {
  return (
    <section id="faq" aria-labelledby="faq-heading" className={`bg-white ${sectionClass}`}>
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-heading" eyebrow="FAQ" title="Frequently Asked Questions">
          Straight answers about our services, scheduling and caring for your vehicle afterwards.
        </SectionHeading>
        <div className="mt-14 space-y-12">
          {groups.map((group) => (
            <div key={group.category}>
              <h3 className="text-lg font-bold text-ink-900">{group.category}</h3>
              {group.category === "Aftercare" && (
                <Link
                  to="/care-guides"
                  className={`mt-1 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline ${focusRing}`}
                >
                  Read our care guides
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              )}
              <div className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200">
                {group.items.map((item) => (
                  <details key={item.id} className="group bg-white open:bg-slate-50/70">
                    <summary
                      className={`flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink-900 transition hover:bg-slate-50 [&::-webkit-details-marker]:hidden ${focusRing} focus-visible:-outline-offset-2`}
                    >
                      {item.question}
                      <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600 transition-transform group-open:rotate-180" />
                    </summary>
                    <div
                      className="px-5 pb-5 leading-relaxed text-slate-600 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_li]:ml-5 [&_ol]:list-decimal [&_p+p]:mt-3 [&_strong]:text-ink-900 [&_ul]:list-disc"
                      // Rendered from markdown and sanitised on the server (app/server/markdown.server.ts).
                      dangerouslySetInnerHTML={{ __html: item.answerHtml }}
                    />
                  </details>
                ))}
              </div>
            </div>
          ))}
        </div>
        <div className="mt-16 rounded-3xl bg-ink-900 px-6 py-10 text-center sm:px-10">
          <h3 className="text-xl font-bold text-white">Still have questions?</h3>
          <p className="mt-2 text-slate-300">Tell us about your vehicle or boat and we'll answer them with your quote.</p>
          <SectionLink anchor="contact" className={`mt-6 ${primaryButton}`}>
            Get Your Free Quote
          </SectionLink>
        </div>
      </div>
    </section>
  );
}
