import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { cookiesFrom } from "../helpers/cookies";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

// @ci-once: what the HTTP server does with a request, whatever the database; CI's second pass, on the embedded database, skips it.

const ADMIN = "boss@example.com";
const UPLOAD_MAX = 2 * 1024 * 1024;
const MiB = 1024 * 1024;

let app: AppServer;
let smtp: SmtpSink;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startAppServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN, UPLOAD_MAX_BYTES: String(UPLOAD_MAX) });
  admin = await signIn(ADMIN);
}, 90_000);
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

/** Signs in through the app itself (e-mailed code), as the server keeps its own database. */
async function signIn(email: string): Promise<string> {
  const before = smtp.messages.length;
  const post = (path: string, body: unknown) =>
    fetch(app.url + path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify(body),
    });
  expect((await post("/api/send-otp", { email })).status).toBe(200);
  const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= before && m.to.includes(email));
  const verified = await post("/api/verify-otp", { email, otp: mail.text.match(/\b(\d{6})\b/)![1] });
  expect(verified.status).toBe(200);
  return cookiesFrom(verified);
}

function rssBytes(pid: number): number {
  const kib = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)![1]!;
  return Number(kib) * 1024;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** From the first byte sent to the response's headers. */
  ms: number;
  /** How much of the body the server let in before it answered and closed (or everything). */
  sent: number;
  /** The server's largest resident memory while the request ran, less what it had before. */
  rssGrowth: number;
}

/**
 * POSTs `size` bytes of "aaaa…" made on the fly from one 64 KiB buffer (never
 * the whole body in memory), with Content-Length or chunked, and keeps sending
 * after the answer the way a careless client would, until the server has had
 * all of it or closes the connection.
 */
function streamPost(
  path: string,
  size: number,
  options: { type: string; chunked?: boolean; cookie?: string; agent?: http.Agent; prefix?: string },
) {
  const pid = app.process.pid!;
  const baseline = rssBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  const chunk = Buffer.alloc(64 * 1024, "a");
  const headers: http.OutgoingHttpHeaders = { "content-type": options.type, origin: app.url };
  if (!options.chunked) headers["content-length"] = size;
  if (options.cookie) headers.cookie = options.cookie;

  return new Promise<Answer>((resolve, reject) => {
    const started = performance.now();
    const request = http.request(new URL(path, app.url), { method: "POST", headers, agent: options.agent ?? false });
    let sent = 0;
    if (options.prefix) {
      request.write(options.prefix);
      sent += Buffer.byteLength(options.prefix);
    }
    let answer: Omit<Answer, "sent" | "rssGrowth"> | undefined;
    let uploadDone = false;
    const finish = () => {
      if (!answer || !uploadDone) return;
      clearInterval(sampler);
      peak = Math.max(peak, rssBytes(pid));
      resolve({ ...answer, sent, rssGrowth: peak - baseline });
    };
    request.on("response", (res) => {
      const ms = performance.now() - started;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        answer = { status: res.statusCode!, headers: res.headers, body, ms };
        finish();
      });
    });
    // Once the server has answered, it may close the connection on the rest of the body.
    request.on("error", (error) => {
      uploadDone = true;
      if (answer) finish();
      else {
        clearInterval(sampler);
        reject(error);
      }
    });
    request.on("close", () => {
      uploadDone = true;
      finish();
    });
    const write = () => {
      while (sent < size && !request.destroyed) {
        const piece = size - sent >= chunk.length ? chunk : chunk.subarray(0, size - sent);
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", write);
      }
      if (!request.destroyed) request.end(() => (uploadDone = true));
    };
    write();
  });
}

const HUNDRED_MB = 100 * MiB;
const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

describe("request bodies are limited before they are read", () => {
  it.each([
    ["/?index", FORM],
    ["/login", FORM],
    ["/api/send-otp", JSON_TYPE],
    ["/api/verify-otp", JSON_TYPE],
  ])(
    "a 100 MB post to %s is refused with 413 at once, without holding it in memory",
    { timeout: 60_000 },
    async (path, type) => {
      for (const chunked of [false, true]) {
        const answer = await streamPost(path, HUNDRED_MB, { type, chunked });
        const label = `${path} ${chunked ? "chunked" : "with Content-Length"}: ${answer.status} after ${Math.round(answer.ms)} ms, RSS +${(answer.rssGrowth / MiB).toFixed(1)} MB, ${(answer.sent / MiB).toFixed(1)} MB sent`;
        console.log(label);
        expect(answer.status, label).toBe(413);
        expect(answer.ms, label).toBeLessThan(3000);
        expect(answer.rssGrowth, label).toBeLessThan(50 * MiB);
        // The server stopped reading: most of the body never got in.
        expect(answer.sent, label).toBeLessThan(HUNDRED_MB / 2);
        if (path.startsWith("/api/")) expect(JSON.parse(answer.body).error).toMatch(/larger than/);
        else {
          expect(answer.headers["content-type"]).toMatch(/^text\/html/);
          expect(answer.body).toMatch(/too large/i);
        }
      }
    },
  );

  it("a little over the limit: 413 with Connection: close, and the next connection is served", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const over = await streamPost("/api/send-otp", 80 * 1024, { type: JSON_TYPE, agent });
      expect(over.status).toBe(413);
      expect(over.headers.connection).toBe("close");
      expect(JSON.parse(over.body)).toEqual({ error: expect.stringMatching(/64 KB/) });
      const next = await new Promise<number>((resolve, reject) => {
        http
          .get(new URL("/healthz", app.url), { agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode!));
          })
          .on("error", reject);
      });
      expect(next).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("a body no route reads is dropped, and its connection serves the next request", { timeout: 30_000 }, async () => {
    // Signed out, a post to an admin table is sent to the sign-in page without
    // its 500 KB body being read. The client keeps the connection (HTTP/1.1's
    // default) and sends its next request right behind the body, which the
    // server must read past to get to it.
    const { hostname, port, host } = new URL(app.url);
    const socket = net.connect(Number(port), hostname);
    const body = "a".repeat(500 * 1024);
    const started = performance.now();
    socket.write(
      `POST /admin/faqs HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Type: ${FORM}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}` +
        `GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    );
    const statuses = await new Promise<string[]>((resolve) => {
      let received = "";
      const found = () => [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1]!);
      socket.on("data", (d) => {
        received += d.toString("latin1");
        if (found().length === 2) resolve(found());
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve(found()));
    });
    socket.destroy();
    expect(statuses).toEqual(["302", "200"]);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it(
    "uploads and admin forms have room of their own; past it, 413 and the rest is never read",
    { timeout: 60_000 },
    async () => {
      // Over the page limit, within the upload limit: stored.
      const file = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(UPLOAD_MAX - 1024),
      ]);
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(file)], { type: "image/png" }), "big.png");
      const stored = await fetch(`${app.url}/api/upload/media`, {
        method: "POST",
        body: form,
        headers: { cookie: admin, origin: app.url },
      });
      expect(stored.status, await stored.clone().text()).toBe(201);
      expect((await stored.json()).media_url).toMatch(/^\/uploads\/.+\.png$/);

      const part =
        '--x\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n';
      for (const chunked of [false, true]) {
        const huge = await streamPost("/api/upload/media", HUNDRED_MB, {
          type: "multipart/form-data; boundary=x",
          chunked,
          cookie: admin,
          prefix: part,
        });
        const label = `upload ${chunked ? "chunked" : "with Content-Length"}: ${huge.status} after ${Math.round(huge.ms)} ms, RSS +${(huge.rssGrowth / MiB).toFixed(1)} MB, ${(huge.sent / MiB).toFixed(1)} MB sent`;
        console.log(label);
        expect(huge.status, label).toBe(413);
        expect(huge.rssGrowth, label).toBeLessThan(50 * MiB);
        expect(huge.sent, label).toBeLessThan(HUNDRED_MB / 2);
      }

      // An admin row form with a long rich text (the largest field holds 100 000
      // characters; URL-encoded, each may take up to 9 bytes).
      const body = `<p>${"Wax on, wax off – ".repeat(5000)}</p>`;
      const created = await fetch(`${app.url}/admin/care_guides?new=1`, {
        method: "POST",
        headers: { cookie: admin, origin: app.url },
        body: new URLSearchParams({ intent: "create", title: "Ceramic coating aftercare", body }),
        redirect: "manual",
      });
      expect(new TextEncoder().encode(new URLSearchParams({ body }).toString()).length).toBeGreaterThan(64 * 1024);
      expect(created.status, await created.clone().text()).toBe(302);

      // A quote, as JSON and as the plain form post, still goes through.
      const quote = {
        name: "Pat Doe",
        email: "pat@example.com",
        phone: "6165550123",
        vehicle_type: "Car",
        message: "a".repeat(900),
      };
      const json = await fetch(`${app.url}/api/forms/submit`, {
        method: "POST",
        headers: { "content-type": JSON_TYPE, origin: app.url },
        body: JSON.stringify({ formId: "quote_form", ...quote }),
      });
      expect(json.status, await json.clone().text()).toBe(200);
      const plain = await fetch(`${app.url}/?index`, {
        method: "POST",
        headers: { origin: app.url },
        body: new URLSearchParams(quote),
      });
      expect(plain.status).toBe(200);
      expect(await plain.text()).toContain("Thank you for your request!");
    },
  );
});

describe("a body that is not a form is refused with 400/415, not 500", () => {
  const broken = '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate'; // no closing boundary
  const cases = [
    ["text/plain", "intent=create&email=a%40example.com"],
    ["multipart/form-data; boundary=x", broken],
    ["multipart/form-data", "no boundary at all"],
  ] as const;

  it.each([
    ["/login", ""],
    ["/admin/quote_requests", "admin"],
  ])("POST %s (and the quote form's /?index)", async (path, who) => {
    for (const target of [path, "/?index"]) {
      for (const [type, body] of cases) {
        const headers: Record<string, string> = { "content-type": type, origin: app.url };
        if (who === "admin" && target === path) headers.cookie = admin;
        const res = await fetch(app.url + target, { method: "POST", headers, body, redirect: "manual" });
        const text = await res.text();
        expect([400, 415], `${target} ${type}: ${res.status} ${text.slice(0, 300)}`).toContain(res.status);
      }
    }
  });
});
