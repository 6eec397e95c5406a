/**
 * The browser's side of an upload (POST /api/upload/{kind}): the kind's
 * rules, the request with its progress, and the words for a refusal. The
 * field that uses them is ./MediaUploader.tsx.
 */

export const UPLOAD_FAILED = "Upload failed. Please try again.";
/** The photo types /api/upload/image takes (the server checks the bytes). */
export const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** The server's own words for a refused file (415 type not allowed, 400 unreadable, 413 too large), else the generic text. */
export function refusalMessage(status: number, body: unknown): string {
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
export function uploadRules(type: string): Promise<UploadRules | null> {
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
export function sendUpload(url: string, body: FormData, onProgress: (percent: number) => void): Promise<Sent> {
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
