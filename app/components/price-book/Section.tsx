import type { ReactNode } from "react";
import { panelClass } from "~/components/customers/field-style";

/** One part of the price book: a heading the page's links jump to, a hint, its forms. */
export function Section({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`${panelClass} space-y-4`}>
      <div>
        <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{hint}</p>
      </div>
      {children}
    </section>
  );
}
