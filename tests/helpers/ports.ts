import { createServer } from "node:net";

/*
 * Ports for what a test must name before it listens: an app server told its
 * own address (APP_URL) before it starts, a mail server that must stay dead,
 * a balancer's front, a proxy that closes and opens again on the same port.
 *
 * Asking the kernel (listen on 0, close, hand the number on) races: the port
 * is free again the moment the probe closes, and any listen(0) on the machine
 * (another worker's server, mail sink or proxy) may be given it before our
 * child binds it. In CI a test's requests once reached another file's server
 * that way. These ports come from below the kernel's ephemeral range
 * (32768–60999 on Linux), which listen(0) and outgoing connections never take,
 * in a block of their own per test worker, and each is checked free first.
 */

const FIRST = 20_000;
const BLOCK = 1_000;
const BLOCKS = 12; // 20000–31999: all below 32768

// Vitest numbers its workers from 1 (VITEST_POOL_ID), Playwright from 0 (TEST_PARALLEL_INDEX).
const worker = Number(process.env.VITEST_POOL_ID ?? (process.env.TEST_PARALLEL_INDEX !== undefined ? Number(process.env.TEST_PARALLEL_INDEX) + 1 : 0));
const block = FIRST + (worker % BLOCKS) * BLOCK;
// A worker runs files one after another, each importing this module afresh: a random
// start keeps a file off the ports the file before it (or another run's) just used.
let next = Math.floor(Math.random() * BLOCK);

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A port no other test worker is handed and nothing listens on now. */
export async function reservedPort(): Promise<number> {
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = block + (next++ % BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port in ${block}–${block + BLOCK - 1}`);
}
