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
      <ul className="mt-2 flex flex-wrap gap-2">
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
                alt={`Photo ${index + 1} of ${photos.length}: ${photo.name}`}
                width={photo.width && photo.height ? 112 : undefined}
                height={photo.width && photo.height ? Math.round((112 * photo.height) / photo.width) : undefined}
                loading="lazy"
                className="h-28 w-28 bg-slate-100 object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
