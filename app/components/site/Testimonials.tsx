import { Quote, Star } from "lucide-react";
import { SectionHeading, sectionClass } from "./SectionHeading";

export interface TestimonialView {
  id: number;
  name: string;
  text: string;
  rating: number;
  service: string;
  image: string;
}

export function Testimonials({ testimonials }: { testimonials: TestimonialView[] }) {
  if (testimonials.length === 0) return null;
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className={`bg-slate-50 ${sectionClass}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What Our Customers Say">
          Real results for drivers and boaters across West Michigan.
        </SectionHeading>
        <div className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((t) => (
            <article key={t.id} className="relative flex flex-col rounded-3xl border border-slate-200 bg-white p-8 shadow-sm">
              <Quote aria-hidden="true" className="absolute right-6 top-6 h-10 w-10 text-brand-100" />
              <Rating value={t.rating} />
              {t.service && (
                <p className="mt-4 inline-flex w-fit rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">{t.service}</p>
              )}
              <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
                <p>“{t.text}”</p>
              </blockquote>
              <footer className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-6">
                {t.image ? (
                  <img src={t.image} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-ink-900 font-bold text-brand-400">
                    {t.name.charAt(0)}
                  </span>
                )}
                <p className="font-semibold text-ink-900">{t.name}</p>
              </footer>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

const MAX_RATING = 5;

/** N filled stars out of five, announced as one image: "Rated N out of 5". */
function Rating({ value }: { value: number }) {
  const rating = Math.max(0, Math.min(MAX_RATING, Math.round(value)));
  return (
    <div role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`} className="flex gap-1">
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          data-filled={i < rating ? "true" : "false"}
          className={`h-5 w-5 ${i < rating ? "fill-amber-400 text-amber-400" : "fill-none text-slate-300"}`}
        />
      ))}
    </div>
  );
}
