// @ci-once: what the HTTP server does with a request, whatever the database; CI's second pass, on the embedded database, skips it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { privatePhoto } from "../helpers/private-photo";

// Issue 20 through the production server (docs/decisions/0085): the edge's
// body limit (ADR 0008) admits five photos at the upload size limit on the
// quote form's two paths, and a photo past that limit gives the form back with
// its message, also to a client still sending.
const MiB = 1024 * 1024;
let app: AppServer;
let photo: Buffer;

beforeAll(async () => {
  app = await startAppServer({ UPLOAD_MAX_BYTES: String(MiB) });
  // A JPEG just under the limit: what follows its end is dropped when it is cleaned (ADR 0048).
  const jpeg = await privatePhoto("jpeg");
  photo = Buffer.concat([jpeg, Buffer.alloc(MiB - jpeg.length - 1024)]);
}, 120_000);
afterAll(() => app?.stop());

let n = 0;
function quoteForm(photos: Buffer[]): FormData {
  const body = new FormData();
  n++;
  for (const [k, v] of Object.entries({ name: `Big Photos ${n}`, email: `big${n}@example.com`, phone: "6165550111", vehicle_type: "Boat" })) body.set(k, v);
  photos.forEach((bytes, i) => body.append("photos", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `photo-${i + 1}.jpg`));
  return body;
}
const post = (path: string, body: FormData) => app.fetch(path, { method: "POST", body, headers: { "x-forwarded-for": `203.0.113.${n}` } });

describe("the quote form's body limit", () => {
  it("admits five photos at the upload limit, without JavaScript and with it", { timeout: 60_000 }, async () => {
    const plain = await post("/?index", quoteForm(Array(5).fill(photo)));
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain("Quote Request Submitted!");
    const form = quoteForm(Array(5).fill(photo));
    form.set("formId", "quote_form");
    const scripted = await post("/api/forms/submit", form);
    expect(scripted.status, await scripted.clone().text()).toBe(200);
    expect(await scripted.json()).toMatchObject({ success: true });
  });

  it("answers a photo over the limit with the form and its message, the typed values kept", { timeout: 60_000 }, async () => {
    const big = Buffer.concat([photo, Buffer.alloc(MiB)]);
    const res = await post("/?index", quoteForm([photo, big, photo]));
    expect(res.status).toBe(413);
    const html = await res.text();
    expect(html).toContain("File too large: the limit is 1 MB");
    expect(html).toContain(`value="big${n}@example.com"`);
  });
});
