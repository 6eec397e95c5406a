import { Download, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { secondaryButton } from "~/components/ui/button";

const EXPORT_FAILED = "Failed to export CSV";

/**
 * 'Export CSV' saves {table}.csv of the current sort and search. A plain
 * download link; with JavaScript it fetches first so a failure can say so.
 */
export function ExportCsvButton({ href, table, onExported }: { href: string; table: string; onExported?: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <a
      href={href}
      download={`${table}.csv`}
      aria-busy={busy || undefined}
      onClick={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        try {
          const response = await fetch(href, { headers: { accept: "text/csv" } });
          if (!response.ok) throw new Error(`Export answered ${response.status}`);
          saveBlob(await response.blob(), `${table}.csv`);
          onExported?.();
        } catch (error) {
          console.warn(EXPORT_FAILED, error);
          window.alert(EXPORT_FAILED);
        } finally {
          setBusy(false);
        }
      }}
      className={secondaryButton}
    >
      {busy ? (
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
      ) : (
        <Download aria-hidden className="size-4" />
      )}
      Export CSV
    </a>
  );
}

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
