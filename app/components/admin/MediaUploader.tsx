import { FileText, LoaderCircle, UploadCloud, X } from "lucide-react";
import { useEffect, useId, useState, type DragEvent } from "react";
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

/** The server's own words for a refused file (415 type not allowed, 400 unreadable, 413 too large), else the generic text. */
function refusalMessage(status: number, body: unknown): string {
  if (status < 400 || status >= 500) return UPLOAD_FAILED;
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === "string" && error ? error : UPLOAD_FAILED;
}

interface UploadRules {
  maxBytes: number;
  maxSize: string;
}
/** The size limit per kind, asked once (GET /api/upload/{kind}). */
const rulesByKind = new Map<string, Promise<UploadRules | null>>();
function uploadRules(type: string): Promise<UploadRules | null> {
  let rules = rulesByKind.get(type);
  if (!rules) {
    rules = fetch(`/api/upload/${type}`)
      .then((r) => (r.ok ? (r.json() as Promise<UploadRules>) : null))
      .catch(() => null);
    // A failed look-up is asked again next time; the server checks the size anyway.
    void rules.then((r) => r === null && rulesByKind.delete(type));
    rulesByKind.set(type, rules);
  }
  return rules;
}

type Sent = { status: number; body: unknown };

/**
 * POSTs the form with XMLHttpRequest, whose upload events (unlike fetch's)
 * tell how much has been sent: `onProgress` gets the percentage.
 */
function send(url: string, body: FormData, onProgress: (percent: number) => void): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
    xhr.onerror = () => reject(new Error("The upload did not reach the server"));
    xhr.onabort = () => reject(new Error("The upload was aborted"));
    xhr.send(body);
  });
}

/**
 * The original name of an uploaded file, for showing it: from the upload's
 * answer right after uploading, otherwise from the Content-Disposition the
 * file is served with (a HEAD request; /uploads/ only).
 */
function useOriginalName(url: string, known: { url: string; name: string } | null): string | null {
  const [fetched, setFetched] = useState<{ url: string; name: string } | null>(null);
  const fromUpload = known?.url === url ? known.name : null;
  useEffect(() => {
    if (fromUpload || !url.startsWith("/uploads/")) return;
    let cancelled = false;
    fetch(url, { method: "HEAD" })
      .then((r) => {
        const name = r.ok ? nameFromDisposition(r.headers.get("content-disposition")) : null;
        if (!cancelled && name) setFetched({ url, name });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [url, fromUpload]);
  return fromUpload ?? (fetched?.url === url ? fetched.name : null);
}

function nameFromDisposition(header: string | null): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? "")?.[1];
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
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
      const { status, body: result } = await send(`/api/upload/${type}`, body, setProgress);
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
            <Preview url={value} name={originalName ?? fileNameOf(value)} />
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

function Preview({ url, name }: { url: string; name: string }) {
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
