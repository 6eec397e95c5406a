import { sql, type Kysely } from "kysely";
import sanitizeHtml from "sanitize-html";

// Frozen in time: never import app code here, never edit after it has run.
// Rich text (care guide bodies, the About story) is sanitised when stored, and
// until now the allow-list kept any https <iframe>: an About story could hold a
// frame of https://evil.com. The sanitiser now keeps only the video players
// below (app/server/video-embeds.server.ts at the time of writing: exact https
// origin and path prefix). This takes every other frame, with its content, out
// of the values already stored; a value without "<iframe" is not touched, and
// nothing but frames changes (the values were written by the same library).
const VIDEO_EMBED_PREFIXES = [
  "https://www.youtube.com/embed/",
  "https://www.youtube-nocookie.com/embed/",
  "https://player.vimeo.com/video/",
];
const RICH_TEXT_COLUMNS = [
  ["care_guides", "body"],
  ["site_settings", "about_story"],
] as const;

function allowedFrame(src: string | undefined): boolean {
  try {
    const url = new URL(src ?? "");
    if (url.username || url.password) return false;
    return VIDEO_EMBED_PREFIXES.some((prefix) => url.href.startsWith(prefix) && url.href.length > prefix.length);
  } catch {
    return false;
  }
}

const withoutForeignFrames = (html: string) =>
  sanitizeHtml(html, {
    // Everything the old allow-list let through stays as it is...
    allowedTags: false,
    allowedAttributes: false,
    allowedSchemesAppliedToAttributes: [],
    allowVulnerableTags: true,
    // ...except a frame of anything but a video player.
    exclusiveFilter: (frame) => frame.tag === "iframe" && !allowedFrame(frame.attribs.src),
  });

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of RICH_TEXT_COLUMNS) {
    const { rows } = await sql<{ id: number; html: string }>`SELECT id, ${sql.ref(column)} AS html FROM ${sql.table(table)}
      WHERE ${sql.ref(column)} ILIKE '%<iframe%'`.execute(db);
    for (const { id, html } of rows) {
      const cleaned = withoutForeignFrames(html);
      if (cleaned !== html) await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${cleaned} WHERE id = ${id}`.execute(db);
    }
  }
}

export async function down(): Promise<void> {
  // The frames removed are not kept.
}
