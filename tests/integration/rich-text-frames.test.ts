import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { sanitizeRichText } from "~/server/rich-text.server";
import { up as removeForeignFrames } from "../../db/migrations/2026-11-27-09-rich-text-frames";
import { seedContent } from "../../db/seed";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

// Rich text stored before the sanitiser kept only video players' frames
// (issue 18): the migration takes the other frames out of stored values.
const database = useTestDatabase();
const db = () => database.db;
beforeAll(() => seedContent(db()));

const video = '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc"></iframe>';
// What the editor and the sanitiser write, of every format: it must come out byte for byte.
const everyFormat = sanitizeRichText(
  '<h2 class="ql-align-center">Care &amp; "shine"</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s> ' +
    '<span class="ql-size-large" style="color: #ff0000; background-color: rgb(1, 2, 3)">big</span> 5 &lt; 6 ' +
    '<a href="https://example.com/?a=1&amp;b=2" target="_blank">link</a> <sub>2</sub><sup>3</sup><br></p>' +
    '<ol><li data-list="bullet" class="ql-indent-1">one</li></ol><blockquote>quote</blockquote>' +
    '<pre class="ql-syntax" spellcheck="false">x &lt;y&gt;</pre>' +
    '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"> <img src="https://example.com/a.jpg" alt="a"></p>' +
    video,
);

describe("migration 2026-11-27-09 (rich text frames)", () => {
  it("removes stored frames of other pages from care guides and the About story, and nothing else", async () => {
    const evil = '<p>Our story</p><iframe src="https://evil.com">fallback</iframe><p>The end</p>';
    const { id: guide } = await db()
      .insertInto("care_guides")
      .values({ title: "Frames", body: `${everyFormat}<iframe class="ql-video" src="https://www.youtube.com.evil.com/embed/x"></iframe>` })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: untouched } = await db().insertInto("care_guides").values({ title: "No frames", body: everyFormat }).returning("id").executeTakeFirstOrThrow();
    await sql`UPDATE site_settings SET about_story = ${evil}`.execute(db());

    await removeForeignFrames(db());

    const body = async (id: number) => (await db().selectFrom("care_guides").select("body").where("id", "=", id).executeTakeFirstOrThrow()).body;
    expect(everyFormat).toContain(video);
    expect(await body(guide)).toBe(everyFormat);
    expect(await body(untouched)).toBe(everyFormat);
    const story = await db().selectFrom("site_settings").select("about_story").executeTakeFirstOrThrow();
    expect(story.about_story).toBe("<p>Our story</p><p>The end</p>");
  });
});
