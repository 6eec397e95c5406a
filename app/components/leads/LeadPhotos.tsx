import type { PhotoView } from "~/server/images.server";
import type { LeadView } from "~/server/leads/lead-view.server";

/**
 * The photos the customer sent, in their order: thumbnails, each a link to the
 * photo itself (served to administrators only, docs/decisions/0085). Named by
 * position and file name, since a photo has no words of its own.
 */
export function LeadPhotos({ photos }: { photos: LeadView["photos"] }) {
  if (!photos.length) return null;
  return (
    <>
      <h4 className="mt-5 text-sm font-semibold text-slate-900">Photos</h4>
      <PhotoThumbnails photos={photos} alt={(photo, n, of) => `Photo ${n} of ${of}: ${photo.name}`} className="mt-2" />
    </>
  );
}

/** Photos as thumbnails (their small copy), each a link to the photo itself in a new tab; `alt` names the n-th of them. */
export function PhotoThumbnails<P extends PhotoView>({ photos, alt, className = "" }: { photos: P[]; alt: (photo: P, n: number, of: number) => string; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {photos.map((photo, index) => (
        <li key={photo.url}>
          <a
            href={photo.url}
            target="_blank"
            rel="noopener"
            className="block overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            <img
              src={photo.thumb}
              alt={alt(photo, index + 1, photos.length)}
              width={photo.width && photo.height ? 112 : undefined}
              height={photo.width && photo.height ? Math.round((112 * photo.height) / photo.width) : undefined}
              loading="lazy"
              className="h-28 w-28 bg-slate-100 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
