import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "./page-cache";

let renders = 0;
const cache = pageCache({
  paths: ["/about"],
  contentVersion: async () => 1,
  render: async (url, nonce) => {
    renders++;
    return new Response(`<p nonce="${nonce}">${url}</p>`, { headers: { "content-type": "text/html" } });
  },
});
let server: ReturnType<express.Express["listen"]>;
let port: number;
beforeAll(async () => {
  const app = express().use((_req, res, next) => ((res.locals.nonce = "n0nce"), next())).use(cache);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function get(host: string) {
  const http = await import("node:http");
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path: "/about", headers: { host } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    }).on("error", reject);
  });
}

describe("rendered-page cache", () => {
  it("stays bounded however many Host headers clients invent", async () => {
    for (let i = 0; i < 40; i++) expect((await get(`h${i}.example`)).status).toBe(200);
    expect(cache.size()).toBeLessThanOrEqual(32);
    expect(renders).toBe(40);
  });

  it("serves a kept page without rendering it again, with this response's nonce", async () => {
    const before = renders;
    const page = await get("h39.example");
    expect(page.body).toBe('<p nonce="n0nce">http://h39.example/about</p>');
    expect(renders).toBe(before);
  });
});
