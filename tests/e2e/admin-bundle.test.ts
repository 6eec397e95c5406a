import { expect, test } from "./fixtures";

interface RouteEntry {
  module: string;
  imports?: string[];
  css?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry>;
}

// The editors' chunks, as the admin table route names them in its dynamic imports.
const EDITOR_CHUNK = /assets\/(quill|index\.nohighlight)-[\w-]+\.js/g;
// The condition report's signature pad (docs/decisions/0136), as the job page names it in its dynamic import.
const SIGNATURE_CHUNK = /signature_pad-[\w-]+\.js/g;

test("the public pages never load the admin editors (Quill, markdown editor), their CSS or the signature pad", async ({ request }) => {
  const home = await (await request.get("/")).text();
  const manifestUrl = home.match(/\/assets\/manifest-[\w-]+\.js/)?.[0];
  expect(manifestUrl, "the page names the route manifest").toBeTruthy();
  const source = await (await request.get(manifestUrl!)).text();
  const manifest = JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as Manifest;

  const filesOf = (id: string) => {
    const route = manifest.routes[id];
    expect(route, `route ${id} is in the manifest`).toBeTruthy();
    return [route!.module, ...(route!.imports ?? []), ...(route!.css ?? [])];
  };
  const read = async (file: string) => (await request.get(file)).text();

  // Positive control: the admin table route does load both editors, lazily
  // (from its module, or a chunk it shares with another admin route, such as
  // the rich-text editor's, which /admin/settings uses too).
  const adminFiles = filesOf("routes/admin.$table").filter((file) => file.endsWith(".js"));
  const adminCode = (await Promise.all(adminFiles.map(read))).join("\n");
  const editorChunks = [...new Set([...adminCode.matchAll(EDITOR_CHUNK)].map((m) => m[1]))];
  expect(editorChunks.sort()).toEqual(["index.nohighlight", "quill"]);

  const publicFiles = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...["root", "routes/home", "routes/about", "routes/login"].flatMap(filesOf),
  ]);
  // Likewise the job page loads the signature pad, lazily.
  const jobFiles = filesOf("routes/admin.jobs.$id").filter((file) => file.endsWith(".js"));
  const jobCode = (await Promise.all(jobFiles.map(read))).join("\n");
  expect(jobCode.match(SIGNATURE_CHUNK), "the job page imports the signature pad's chunk").not.toBeNull();
  expect(jobFiles.some((file) => file.includes("/signature_pad-")), "the signature pad is not among the job page's own files").toBe(false);

  for (const file of publicFiles) {
    const text = await read(file);
    expect(text.match(EDITOR_CHUNK), `${file} refers to an editor chunk`).toBeNull();
    expect(text.match(SIGNATURE_CHUNK), `${file} refers to the signature pad's chunk`).toBeNull();
    expect(text.includes(".ql-editor") || text.includes(".w-md-editor"), `${file} carries editor CSS`).toBe(false);
  }
});
