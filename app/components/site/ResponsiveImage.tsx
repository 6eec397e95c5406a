import { variantUrl, type ImageView } from "~/lib/images";

/**
 * An uploaded image for phones and wide screens alike: a <picture> offering its
 * resized copies (WebP, then JPEG for the rest) by width with `sizes`, with the
 * original's width and height so the page never jumps while it loads
 * (docs/decisions/0016-responsive-images.md). An image without copies (uploaded
 * before they were made) is shown as it is.
 *
 * `priority` is for the one image at the top of a page (the likely LCP): loaded
 * at once with fetchpriority=high. Every other image loads lazily.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  priority = false,
}: {
  image: ImageView;
  alt: string;
  /** Which width the image is shown at, e.g. "(min-width: 1024px) 400px, 100vw". */
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const loading = priority ? ("eager" as const) : ("lazy" as const);
  const fetchPriority = priority ? ("high" as const) : undefined;
  const { src, width, height, widths, formats } = image;
  if (!widths.length || !formats.length) {
    return <img src={src} alt={alt} width={width} height={height} loading={loading} fetchPriority={fetchPriority} decoding="async" className={className} />;
  }
  const srcSet = (format: string) => widths.map((w) => `${variantUrl(src, w, format)} ${w}w`).join(", ");
  const fallback = formats[formats.length - 1]!;
  // Without srcset support: a middle width, enough for a phone.
  const fallbackWidth = widths.find((w) => w >= 960) ?? widths[widths.length - 1]!;
  return (
    <picture className="contents">
      {formats.slice(0, -1).map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(format)} sizes={sizes} />
      ))}
      <img
        src={variantUrl(src, fallbackWidth, fallback)}
        srcSet={srcSet(fallback)}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
