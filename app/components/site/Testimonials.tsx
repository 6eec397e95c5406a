import { icon } from "./icons";
import { uploadName, type ImageView } from "~/lib/images";
import { ResponsiveImage } from "./ResponsiveImage";
import { SectionHeading, sectionClass } from "./SectionHeading";

// Drawn with lucide's paths (./icons); here, as only this section uses them.
const Quote = /* @__PURE__ */ icon("quote", [["path",{"d":"M16 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z"}],["path",{"d":"M5 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z"}]]);
const Star = /* @__PURE__ */ icon("star", [["path",{"d":"M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z"}]]);

export interface TestimonialView {
  id: number;
  name: string;
  text: string;
  rating: number;
  service: string;
  image: string;
  /** The image with its size and resized copies (app/server/images.server.ts withPhotos). */
  photo?: ImageView | null;
}

/** Shown at the card's width: one column, two from md, three from lg. */
const PHOTO_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 768px) 46vw, 92vw";

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
            <article key={t.id} className="relative flex flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
              {/* An uploaded photo is a photo of the work; the site's own images (seeded initials) stay avatars. */}
              {t.photo && uploadName(t.photo.src) && (
                <ResponsiveImage
                  image={t.photo}
                  alt={`The work for ${t.name}${t.service ? `: ${t.service}` : ""}`}
                  sizes={PHOTO_SIZES}
                  className="aspect-[4/3] w-full bg-slate-100 object-cover"
                />
              )}
              <div className="relative flex flex-1 flex-col p-8">
                <Quote aria-hidden="true" className="absolute right-6 top-6 h-10 w-10 text-brand-100" />
                <Rating value={t.rating} />
                {t.service && (
                  <p className="mt-4 inline-flex w-fit rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">{t.service}</p>
                )}
                <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
                  <p>“{t.text}”</p>
                </blockquote>
                <footer className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-6">
                  {t.image && !uploadName(t.image) ? (
                    <img src={t.image} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full object-cover" />
                  ) : (
                    <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-ink-900 font-bold text-brand-400">
                      {t.name.charAt(0)}
                    </span>
                  )}
                  <p className="font-semibold text-ink-900">{t.name}</p>
                </footer>
              </div>
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
