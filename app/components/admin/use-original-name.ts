import { useEffect, useState } from "react";

/**
 * The original name of an uploaded file, for showing it: from the upload's
 * answer right after uploading, otherwise from the Content-Disposition the
 * file is served with (a HEAD request; /uploads/ only).
 */
export function useOriginalName(url: string, known: { url: string; name: string } | null): string | null {
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
