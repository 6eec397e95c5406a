import { ArrowRight } from "./icons";
import { Link } from "react-router";
import { BeforeAfter, type BeforeAfterPair } from "./BeforeAfter";
import { SectionHeading, sectionClass } from "./SectionHeading";
import { focusRing } from "./styles";

/** How many of the latest published pairs the home page shows. */
export const HOME_GALLERY_PAIRS = 3;

/** The home page's gallery: the latest published before/after pairs and a link to /gallery. */
export function GallerySection({ pairs }: { pairs: BeforeAfterPair[] }) {
  return (
    <section id="gallery" aria-labelledby="gallery-heading" className={`bg-white ${sectionClass}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="gallery-heading" eyebrow="Our work" title="Before & After">
          {pairs.length
            ? "Drag the slider on a photo to see what a detail does."
            : "Photos of our recent work will be here soon."}
        </SectionHeading>
        {pairs.length > 0 && (
          <>
            <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {pairs.map((pair) => (
                <li key={pair.id} className="flex">
                  <BeforeAfter pair={pair} />
                </li>
              ))}
            </ul>
            <p className="mt-10 text-center">
              <Link
                to="/gallery"
                className={`inline-flex items-center gap-2 rounded-full px-2 py-1 font-semibold text-brand-700 hover:text-brand-600 hover:underline ${focusRing}`}
              >
                See the whole gallery
                <ArrowRight aria-hidden="true" className="h-5 w-5" />
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
