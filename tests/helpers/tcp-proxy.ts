import net from "node:net";
import { reservedPort } from "./ports";

export interface TcpProxy {
  port: number;
  /** `url` (e.g. a test database's postgres://…@127.0.0.1:5432/…) pointed at this proxy instead. */
  through(url: string): string;
  /** A stopped database: every connection is dropped and new ones are refused (ECONNREFUSED). */
  cut(): Promise<void>;
  /** A hung database: connections are accepted and kept, but no byte moves either way. */
  hang(): void;
  /** Back to forwarding; what hang() held back is delivered, and connections carry on. */
  restore(): Promise<void>;
  /** Bytes the app has sent since hang() that were held back (a query waiting for its answer). */
  heldBytes(): number;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream: net.Socket;
  /** What the client sent during a hang, delivered on restore(). */
  held: Buffer[];
}

/**
 * A TCP forwarder to 127.0.0.1:5432 (or `target`) that a test can break the way
 * a database server breaks: stopped (cut) or hung (hang). During a hang the
 * app's bytes are read and held (so a test can see that a query is waiting),
 * the server's answers stay in its socket, and both flow again on restore(),
 * as with a server that froze and thawed.
 */
export async function startTcpProxy(target = { host: "127.0.0.1", port: 5432 }): Promise<TcpProxy> {
  let mode: "open" | "hung" | "cut" = "open";
  const links = new Set<Link>();

  const destroyAll = () => {
    for (const { client, upstream } of links) {
      client.destroy();
      upstream.destroy();
    }
    links.clear();
  };

  const server = net.createServer((client) => {
    if (mode === "cut") return client.destroy();
    const upstream = net.connect(target);
    const link: Link = { client, upstream, held: [] };
    links.add(link);
    const drop = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on("error", drop);
      socket.on("close", drop);
    }
    client.on("data", (chunk: Buffer) => {
      if (mode === "hung") link.held.push(chunk);
      else send(client, upstream, chunk);
    });
    upstream.on("data", (chunk: Buffer) => send(upstream, client, chunk, true));
    if (mode === "hung") upstream.pause();
  });

  // With backpressure; a server's socket paused by a hang stays paused.
  const send = (from: net.Socket, to: net.Socket, chunk: Buffer, fromServer = false) => {
    if (!to.write(chunk)) {
      from.pause();
      to.once("drain", () => {
        if (!(fromServer && mode === "hung")) from.resume();
      });
    }
  };
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });

  // Reserved, not listen(0): restore() opens the same port again after cut(), when anything could have taken a kernel-chosen one.
  const port = await reservedPort();
  await listen(port);

  return {
    port,
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.toString();
    },
    async cut() {
      mode = "cut";
      destroyAll();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
    hang() {
      mode = "hung";
      for (const { upstream } of links) upstream.pause();
    },
    async restore() {
      const wasCut = mode === "cut";
      mode = "open";
      if (wasCut) await listen(port);
      for (const link of links) {
        for (const chunk of link.held.splice(0)) link.upstream.write(chunk);
        link.upstream.resume();
      }
    },
    heldBytes: () => [...links].reduce((sum, link) => sum + link.held.reduce((n, c) => n + c.length, 0), 0),
    async close() {
      mode = "cut";
      destroyAll();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
