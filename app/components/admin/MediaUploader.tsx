import { LoaderCircle, UploadCloud, X } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { MediaPreview } from "./MediaPreview";
import { fileNameOf } from "./media-kind";
import { IMAGE_TYPES, refusalMessage, sendUpload, UPLOAD_FAILED, uploadRules } from "./upload-request";
import { useOriginalName } from "./use-original-name";

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
  /** Percent of the file sent; 100 while the server stores it (and makes an image's copies). */
  const [progress, setProgress] = useState(0);
  const [dragOver, setDragOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<{ url: string; name: string } | null>(null);
  const originalName = useOriginalName(value, uploaded);
  const blocked = disabled || uploading;
  const errorId = `${inputId}-error`;

  async function upload(file: File | undefined) {
    if (!file || blocked) return;
    setUploading(true);
    setProgress(0);
    setError(null);
    try {
      // A file over the limit is refused here: cut off mid-upload, the browser may get no answer to show.
      const rules = await uploadRules(type);
      if (rules && file.size > rules.maxBytes) {
        setError(`File too large: the limit is ${rules.maxSize}`);
        return;
      }
      const body = new FormData();
      body.append("file", file);
      const { status, body: result } = await sendUpload(`/api/upload/${type}`, body, setProgress);
      if (status < 200 || status >= 300) {
        setError(refusalMessage(status, result));
        return;
      }
      const answer = result as Record<string, unknown> | null;
      const url = answer?.[type === "file" ? "file_url" : "media_url"];
      if (typeof url !== "string" || !url) throw new Error(`Upload answered ${status}`);
      const name = answer?.file_name;
      setUploaded(typeof name === "string" && name ? { url, name } : null);
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
            <MediaPreview url={value} name={originalName ?? fileNameOf(value)} />
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
          aria-describedby={[describedBy, error ? errorId : undefined].filter(Boolean).join(" ") || undefined}
          aria-invalid={invalid || error ? true : undefined}
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
                {progress < 100 ? `Uploading... ${progress}%` : "Processing..."}
              </span>
              <span
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                aria-valuetext={`${progress}%`}
                className="mt-1 block h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-200"
              >
                <span className="block h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
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
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
