import { Camera, Globe, Upload } from "lucide-react";
import { useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PhotoThumbnails } from "~/components/leads/LeadPhotos";
import { buttonClass } from "~/components/ui/button";
import { FIELD_WORK_CONSTRAINT, PHOTO_KIND_TITLES, PHOTOS_FIELD, type PhotoKind } from "~/lib/field-work";
import type { FieldWorkView } from "~/server/field-work/field-work-view.server";
import type { JobActionFailure } from "~/server/jobs/job-view.server";
import { resizedPhoto } from "./resize-photo";

type Photo = FieldWorkView["photos"][number];

/** A gallery pair's caption to start from: what the job's estimate sold first ("Full Detail, SUV or Crossover"), without its per-foot price. */
export function galleryCaption(work: { estimate: { lines: { description: string }[] } | null }): string {
  const first = work.estimate?.lines[0]?.description.replace(/\s*\([^)]*\)\s*$/, "").trim() ?? "";
  return first.length >= 3 ? first.slice(0, 200) : "Detailing";
}

const INPUT =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40";

/**
 * Before Photos and After Photos (docs/decisions/0139): thumbnails of what
 * was taken, and while the job is worked on a form each: a file input that
 * opens the phone's camera (`capture`), several photos at once, and an
 * Upload button. For the owner, Publish to Gallery below.
 */
export function JobPhotos(props: { jobId: number; open: boolean; fieldWork: FieldWorkView; caption: string; failure?: JobActionFailure }) {
  const { jobId, open, fieldWork, caption, failure } = props;
  const before = fieldWork.photos.filter((p) => p.kind === "before");
  const after = fieldWork.photos.filter((p) => p.kind === "after");
  const refused = (kind: PhotoKind) => (failure?.intent === "photos" && failure.typed?.kind === kind ? failure : undefined);
  return (
    <section id="photos" aria-label="Photos" className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <PhotoKindSection jobId={jobId} kind="before" photos={before} open={open} pageKey={fieldWork.keys.before} failure={refused("before")} />
      <PhotoKindSection jobId={jobId} kind="after" photos={after} open={open} pageKey={fieldWork.keys.after} failure={refused("after")} />
      {fieldWork.gallery && (before.length > 0 && after.length > 0 || fieldWork.gallery.pairs.length > 0) && (
        <PublishToGallery
          before={before}
          after={after}
          caption={caption}
          gallery={fieldWork.gallery}
          failure={failure?.intent === "publish_photos" ? failure : undefined}
        />
      )}
    </section>
  );
}

function PhotoKindSection(props: { jobId: number; kind: PhotoKind; photos: Photo[]; open: boolean; pageKey: string; failure?: JobActionFailure }) {
  const { jobId, kind, photos, open, pageKey, failure } = props;
  const title = PHOTO_KIND_TITLES[kind];
  const headingId = `${kind}-photos-heading`;
  return (
    <div>
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Camera aria-hidden className="size-5 text-brand-700" />
        {title}
      </h3>
      {photos.length ? (
        <PhotoThumbnails
          photos={photos}
          alt={(photo, n, of) => `${kind === "before" ? "Before" : "After"} photo ${n} of ${of}, taken by ${photo.takenBy} ${photo.takenAt.exact}`}
          className="mt-2"
        />
      ) : (
        <p className="mt-1 text-sm text-slate-600">No {kind} photos yet.</p>
      )}
      {open && <PhotoUpload jobId={jobId} kind={kind} pageKey={pageKey} failure={failure} />}
    </div>
  );
}

/**
 * The upload form: a plain multipart form (intent `photos`, the page's
 * `key`, `kind`), posted as it is with or without JavaScript, so a phone's
 * queue can keep and send it. With JavaScript each photo chosen is made
 * smaller in the browser at once (resizedPhoto) and put back in the field in
 * its place, so the form sends the smaller ones. The hidden fields come
 * first: the server reads them before the photos arrive.
 */
function PhotoUpload({ jobId, kind, pageKey, failure }: { jobId: number; kind: PhotoKind; pageKey: string; failure?: JobActionFailure }) {
  const busy = useNavigation().state === "submitting";
  const [preparing, setPreparing] = useState(false);
  // The last choice made wins: a photo chosen while the earlier ones are still being made smaller.
  const choice = useRef(0);
  const error = failure ? (failure.fields?.[PHOTOS_FIELD] ?? failure.error) : undefined;
  const id = `${kind}-photos`;

  async function makeSmaller(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // Without DataTransfer the field cannot be given other files: the originals go, and the server brings them down.
    if (!files.length || typeof DataTransfer === "undefined") return;
    const mine = ++choice.current;
    setPreparing(true);
    try {
      const smaller = new DataTransfer();
      // One at a time: a phone has little memory for a 12-megapixel bitmap.
      for (const file of files) smaller.items.add(await resizedPhoto(file));
      if (mine === choice.current) input.files = smaller.files;
    } finally {
      if (mine === choice.current) setPreparing(false);
    }
  }

  return (
    <Form key={pageKey} method="post" encType="multipart/form-data" action={`/admin/jobs/${jobId}`} className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="photos" />
      <input type="hidden" name="key" value={pageKey} />
      <input type="hidden" name="kind" value={kind} />
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {PHOTO_KIND_TITLES[kind]}
        </label>
        <input
          id={id}
          type="file"
          name={PHOTOS_FIELD}
          accept="image/*"
          capture="environment"
          multiple
          required
          onChange={makeSmaller}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass("secondary")} disabled={busy || preparing}>
          <Upload aria-hidden className="size-4" />
          Upload {PHOTO_KIND_TITLES[kind]}
        </button>
        {/* A polite live region, not role=status: the page's one status is what its last post did. */}
        <p aria-live="polite" className="text-sm text-slate-600">
          {preparing ? "Preparing the photos…" : ""}
        </p>
      </div>
    </Form>
  );
}

/**
 * Publish to Gallery (the owner's): a before and an after photo, a caption,
 * car or boat, and the customer's consent, ticked by the owner; one post
 * makes the gallery pair. The pairs published from this job are listed with
 * who recorded the consent and when.
 */
function PublishToGallery(props: { before: Photo[]; after: Photo[]; caption: string; gallery: NonNullable<FieldWorkView["gallery"]>; failure?: JobActionFailure }) {
  const { before, after, caption, gallery, failure } = props;
  const busy = useNavigation().state === "submitting";
  const fields = failure?.fields ?? {};
  const field = (name: string) => ({
    "aria-invalid": fields[name] ? true : undefined,
    "aria-describedby": fields[name] ? `publish-${name}-error` : undefined,
  });
  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`publish-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {fields[name]}
      </p>
    ) : null;
  return (
    <div className="border-t border-slate-200 pt-4">
      <h3 id="publish-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Globe aria-hidden className="size-5 text-brand-700" />
        Gallery
      </h3>
      {gallery.pairs.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {gallery.pairs.map((pair) => (
            <li key={`${pair.beforeId}-${pair.afterId}`}>
              {pair.galleryId ? (
                <>
                  A pair is{" "}
                  <Link to="/gallery" className="font-semibold text-brand-700 hover:underline">
                    in the gallery
                  </Link>
                </>
              ) : (
                "A pair was published and has since been taken out of the gallery"
              )}
              ; the customer's consent recorded by {pair.consentBy} ·{" "}
              <time dateTime={pair.consentedAt.iso} title={pair.consentedAt.exact}>
                {pair.consentedAt.exact}
              </time>
            </li>
          ))}
        </ul>
      )}
      {before.length > 0 && after.length > 0 && (
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="publish_photos" />
          {failure && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {failure.error}
            </p>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <PhotoChoice name="before" label="Before Photo" photos={before} chosen={before[0]!.id} field={field} fieldError={fieldError} />
            <PhotoChoice name="after" label="After Photo" photos={after} chosen={after.at(-1)!.id} field={field} fieldError={fieldError} />
            <div>
              <label htmlFor="publish-caption" className="mb-1 block text-sm font-medium text-slate-800">
                Caption
              </label>
              <input id="publish-caption" name="caption" defaultValue={caption} className={INPUT} {...FIELD_WORK_CONSTRAINT.publish.caption} {...field("caption")} />
              {fieldError("caption")}
            </div>
            <div>
              <label htmlFor="publish-kind" className="mb-1 block text-sm font-medium text-slate-800">
                Car or Boat
              </label>
              <select id="publish-kind" name="kind" defaultValue={gallery.kind} className={INPUT} {...field("kind")}>
                <option value="car">Car</option>
                <option value="boat">Boat</option>
              </select>
              {fieldError("kind")}
            </div>
          </div>
          <div>
            <label className="flex items-start gap-2 text-sm font-medium text-slate-900">
              <input type="checkbox" name="consent" value="yes" className="mt-0.5 size-4 accent-brand-600" {...field("consent")} />
              Customer agrees to share these photos
            </label>
            {fieldError("consent")}
          </div>
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            <Globe aria-hidden className="size-4" />
            Publish to Gallery
          </button>
        </Form>
      )}
    </div>
  );
}

/** Which before (or after) photo of the job's the pair shows: each named by its place and when it was taken. */
function PhotoChoice(props: {
  name: "before" | "after";
  label: string;
  photos: Photo[];
  chosen: number;
  field: (name: string) => { "aria-invalid"?: boolean; "aria-describedby"?: string };
  fieldError: (name: string) => ReactNode;
}) {
  const { name, label, photos, chosen, field, fieldError } = props;
  return (
    <div>
      <label htmlFor={`publish-${name}`} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={`publish-${name}`} name={name} defaultValue={chosen} className={INPUT} {...field(name)}>
        {photos.map((photo, i) => (
          <option key={photo.id} value={photo.id}>
            Photo {i + 1} of {photos.length} ({photo.takenAt.exact})
          </option>
        ))}
      </select>
      {fieldError(name)}
    </div>
  );
}
