import { FileText, LoaderCircle, UploadCloud, X } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { fileNameOf, mediaKind } from "./media-kind";

export interface MediaUploaderProps {
  /** The uploaded file's URL, or "" for none. */
  value: string;
  onChange: (url: string) => void;
  /**
   * media: images and videos (POST /api/upload/media); image: photos only, JPEG,
   * PNG, WebP, AVIF or GIF (POST /api/upload/image); file: anything (POST /api/upload/file).
   */
  type?: "media" | "image" | "file";
  /** Overrides the type's default file filter. */
  accept?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  id?: string;
  describedBy?: string;
  invalid?: boolean;
}

const UPLOAD_FAILED = "Upload failed. Please try again.";
/** The photo types /api/upload/image takes (the server checks the bytes). */
const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** The server's own words for a refused file (415 not an image, 400 unreadable, 413 too large), else the generic text. */
async function refusalMessage(response: Response): Promise<string> {
  if (response.status < 400 || response.status >= 500) return UPLOAD_FAILED;
  try {
    const { error } = (await response.json()) as { error?: unknown };
    return typeof error === "string" && error ? error : UPLOAD_FAILED;
  } catch {
    return UPLOAD_FAILED;
  }
}

/**
 * Upload field of the admin forms (media and file properties) with three states:
 * empty (a drop zone that lights up while a file is dragged over it),
 * uploading (spinner, input disabled) and filled (a preview and Remove).
 */
export function MediaUploader({
  value,
  onChange,
  type = "media",
  accept,
  placeholder = "Upload file",
  disabled = false,
  className = "",
  id,
  describedBy,
  invalid = false,
}: MediaUploaderProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const [uploading, setUploading] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blocked = disabled || uploading;

  async function upload(file: File | undefined) {
    if (!file || blocked) return;
    setUploading(true);
    setError(null);
    try {
      const body = new FormData();
      body.append("file", file);
      const response = await fetch(`/api/upload/${type}`, { method: "POST", body });
      if (!response.ok) {
        setError(await refusalMessage(response));
        return;
      }
      const result: unknown = await response.json();
      const url = (result as Record<string, unknown> | null)?.[type === "file" ? "file_url" : "media_url"];
      if (typeof url !== "string" || !url) throw new Error(`Upload answered ${response.status}`);
      onChange(url);
    } catch (cause) {
      console.warn("Upload failed:", cause);
      setError(UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  }

  const dragHandlers = {
    onDragEnter: (event: DragEvent) => {
      event.preventDefault();
      if (!blocked) setDragOver(true);
    },
    onDragOver: (event: DragEvent) => {
      // Without preventDefault the browser opens the dropped file instead.
      event.preventDefault();
      if (!blocked) setDragOver(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragOver(false);
      void upload(event.dataTransfer.files[0]);
    },
  };

  if (value && !uploading) {
    return (
      <div className={`rounded-lg border border-slate-300 bg-slate-50 p-3 ${className}`} aria-describedby={describedBy}>
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <Preview url={value} />
          </div>
          <button
            type="button"
            onClick={() => onChange("")}
            disabled={disabled}
            className="inline-flex shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
          >
            <X aria-hidden className="size-4" />
            Remove
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={className}>
      <div
        {...dragHandlers}
        data-state={uploading ? "uploading" : dragOver ? "drag-over" : "empty"}
        className={`relative rounded-lg border-2 border-dashed transition-colors has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-500 ${
          dragOver
            ? "border-brand-500 bg-brand-50"
            : invalid
              ? "border-red-400 bg-red-50/40"
              : "border-slate-300 bg-slate-50 hover:border-brand-400 hover:bg-brand-50/50"
        } ${blocked ? "opacity-70" : ""}`}
      >
        <input
          id={inputId}
          type="file"
          className="peer sr-only"
          accept={accept ?? (type === "media" ? "image/*,video/*" : type === "image" ? IMAGE_TYPES : undefined)}
          disabled={blocked}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            void upload(event.currentTarget.files?.[0]);
            event.currentTarget.value = "";
          }}
        />
        <label
          htmlFor={inputId}
          className={`flex flex-col items-center justify-center gap-1.5 px-4 py-6 text-center ${blocked ? "cursor-not-allowed" : "cursor-pointer"}`}
        >
          {uploading ? (
            <>
              <LoaderCircle aria-hidden className="size-7 animate-spin text-brand-600" />
              <span className="text-sm font-medium text-slate-700" role="status">
                Uploading...
              </span>
            </>
          ) : (
            <>
              <UploadCloud aria-hidden className={`size-7 ${dragOver ? "text-brand-600" : "text-slate-400"}`} />
              <span className="text-sm font-semibold text-brand-700">{placeholder}</span>
              <span className="text-xs text-slate-500">
                Drag and drop {type === "media" ? "an image or video" : type === "image" ? "a photo (JPEG, PNG, WebP, AVIF or GIF)" : "a file"} here, or click to choose
              </span>
            </>
          )}
        </label>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function Preview({ url }: { url: string }) {
  const name = fileNameOf(url);
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
