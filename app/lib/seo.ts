import type { MetaDescriptor } from "react-router";

/** A link-preview image (og:image, twitter:image): a path on this site or an absolute URL, 1200x630 best. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The site's own preview image (public/images/og-default.jpg, made by scripts/og-default-image.ts). */
export const DEFAULT_SHARE_IMAGE: ShareImage = {
  url: "/images/og-default.jpg",
  width: 1200,
  height: 630,
  alt: "Shine On Wheels: mobile car and boat detailing in Grand Rapids, Michigan",
};

/**
 * The head tags every public page carries: title, description, canonical URL
 * and Open Graph / Twitter tags for link previews. `origin` comes from the
 * page's loader: APP_URL, or undefined when it is unset, never the request's
 * Host header (a forged one would otherwise name another site). Without it the
 * canonical link is relative (HTML resolves it against the page's own address)
 * and og:url and og:image, which the Open Graph protocol wants absolute, are
 * left out. `siteName` is the business name from the settings
 * (settingsFromMatches in the route's meta).
 */
export function pageMeta({
  title,
  description,
  path,
  origin,
  siteName,
  image = DEFAULT_SHARE_IMAGE,
}: {
  title: string;
  description: string;
  path: string;
  /** APP_URL's origin, or undefined when it is unset. */
  origin: string | undefined;
  siteName?: string;
  /** The page's preview image (absolute once written out); the site's own by default. */
  image?: ShareImage;
}): MetaDescriptor[] {
  const url = origin ? new URL(path, origin).href : undefined;
  const imageUrl = origin ? new URL(image.url, origin).href : undefined;
  const canonical = url ?? path;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    ...(siteName ? [{ property: "og:site_name", content: siteName }] : []),
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(imageUrl
      ? [
          { property: "og:image", content: imageUrl },
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
          { property: "og:image:alt", content: image.alt },
          { name: "twitter:image", content: imageUrl },
          { name: "twitter:image:alt", content: image.alt },
        ]
      : []),
    ...(url ? [{ property: "og:url", content: url }] : []),
    { tagName: "link", rel: "canonical", href: canonical },
  ];
}
