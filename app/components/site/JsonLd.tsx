import { useNonce } from "~/lib/nonce";
import { jsonForScript } from "~/lib/structured-data";

/** Structured data for search engines, carrying the CSP nonce like every inline script. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
    />
  );
}
