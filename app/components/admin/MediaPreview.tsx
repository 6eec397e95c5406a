import { FileText } from "lucide-react";
import { mediaKind } from "./media-kind";

/** An uploaded file shown in its field: an image or a video with its name, or a link to the file. */
export function MediaPreview({ url, name }: { url: string; name: string }) {
  switch (mediaKind(url)) {
    case "image":
      return (
        <figure>
          <img
            src={url}
            alt={`Preview of ${name}`}
            className="max-h-48 max-w-full rounded-md bg-white object-contain ring-1 ring-slate-200"
          />
          <figcaption className="mt-1.5 truncate text-xs text-slate-500">{name}</figcaption>
        </figure>
      );
    case "video":
      return (
        <figure>
          <video
            src={url}
            controls
            preload="metadata"
            className="max-h-48 max-w-full rounded-md"
            aria-label={`Preview of ${name}`}
          />
          <figcaption className="mt-1.5 truncate text-xs text-slate-500">{name}</figcaption>
        </figure>
      );
    default:
      return (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex max-w-full items-center gap-2 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-slate-200 hover:underline"
        >
          <FileText aria-hidden className="size-5 shrink-0 text-slate-500" />
          <span className="truncate">{name}</span>
        </a>
      );
  }
}
