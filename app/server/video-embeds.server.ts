/**
 * The video players an owner-written text may embed (the editor's "video"
 * button makes an <iframe>): each an exact https origin and the path prefix of
 * its embeddable player, so no other page of those hosts (a sign-in page, a
 * redirect) can be framed. The CSP's frame-src lists the same prefixes.
 */
export const VIDEO_EMBED_PREFIXES = [
  "https://www.youtube.com/embed/",
  "https://www.youtube-nocookie.com/embed/",
  "https://player.vimeo.com/video/",
] as const;

/**
 * An iframe's src as the browser would request it, if that is one of the
 * allowed video players; undefined otherwise.
 */
export function videoEmbedSrc(src: string): string | undefined {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return undefined;
  }
  // url.href is normalised as the browser normalises it ("/embed/../x" becomes
  // "/x", "\\" becomes "/", the default port and the host's letter case drop):
  // the prefix is checked on, and the value kept is, what will be requested.
  if (url.username || url.password) return undefined;
  const allowed = VIDEO_EMBED_PREFIXES.some((prefix) => url.href.startsWith(prefix) && url.href.length > prefix.length);
  return allowed ? url.href : undefined;
}
