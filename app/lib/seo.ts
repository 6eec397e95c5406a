import type { MetaDescriptor } from "react-router";
import { business } from "./business";

/**
 * The head tags every public page carries: title, description, canonical URL
 * and Open Graph / Twitter tags for link previews. `origin` comes from the
 * page's loader (APP_URL or the request's origin).
 */
export function pageMeta({
  title,
  description,
  path,
  origin,
}: {
  title: string;
  description: string;
  path: string;
  origin: string | undefined;
}): MetaDescriptor[] {
  const url = origin ? new URL(path, origin).href : undefined;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: business.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary" },
    ...(url ? [{ property: "og:url", content: url }, { tagName: "link", rel: "canonical", href: url }] : []),
  ];
}
