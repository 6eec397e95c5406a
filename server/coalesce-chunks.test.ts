import { describe, expect, it } from "vitest";
import { coalesceChunks } from "./coalesce-chunks";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunk: Uint8Array) => new TextDecoder().decode(chunk);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(text(chunk));
  return chunks;
}

describe("coalesceChunks", () => {
  it("passes a burst of chunks written at once on as one", async () => {
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 22; i++) controller.enqueue(bytes(`<p>${i}</p>`));
        controller.close();
      },
    });
    const chunks = await readAll(coalesceChunks(source));
    expect(chunks).toEqual([Array.from({ length: 22 }, (_, i) => `<p>${i}</p>`).join("")]);
  });

  it("passes a chunk on in the turn it came, without waiting for the next", async () => {
    let later!: () => void;
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes("shell"));
        await new Promise<void>((resolve) => (later = resolve));
        controller.enqueue(bytes("data"));
        controller.close();
      },
    });
    const reader = coalesceChunks(source).getReader();
    expect(text((await reader.read()).value!)).toBe("shell");
    later();
    expect(text((await reader.read()).value!)).toBe("data");
    expect((await reader.read()).done).toBe(true);
  });

  it("gathers at most 64 KB into one chunk", async () => {
    const kilobyte = "x".repeat(1024);
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 150; i++) controller.enqueue(bytes(kilobyte));
        controller.close();
      },
    });
    const sizes = (await readAll(coalesceChunks(source))).map((chunk) => chunk.length / 1024);
    expect(sizes).toEqual([64, 64, 22]);
  });

  it("reads the source only as fast as its own reader asks", async () => {
    let pulled = 0;
    // An endless source (an export of many rows): each pull gives 1 KB at once.
    const source = new ReadableStream<Uint8Array>(
      { pull: (controller) => void (pulled++, controller.enqueue(bytes("x".repeat(1024)))) },
      { highWaterMark: 0 },
    );
    const reader = coalesceChunks(source).getReader();
    expect((await reader.read()).value!.byteLength).toBe(64 * 1024);
    const afterOne = pulled;
    // The 64 chunks of that batch; a few turns later, still no more.
    expect(afterOne).toBe(64);
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).toBe(afterOne);
    expect((await reader.read()).value!.byteLength).toBe(64 * 1024);
    expect(pulled).toBe(afterOne + 64);
    await reader.cancel();
  });

  it("cancels the source when its reader cancels (the client gone)", async () => {
    let cancelled: unknown;
    const source = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(bytes("chunk")),
      cancel: (reason) => void (cancelled = reason),
    });
    const reader = coalesceChunks(source).getReader();
    await reader.read();
    await reader.cancel("gone");
    expect(cancelled).toBe("gone");
  });

  it("fails as the source fails in a later turn, after what came before", async () => {
    let fail!: () => void;
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes("start"));
        await new Promise<void>((resolve) => (fail = resolve));
        controller.error(new Error("render failed"));
      },
    });
    const reader = coalesceChunks(source).getReader();
    expect(text((await reader.read()).value!)).toBe("start");
    fail();
    await expect(reader.read()).rejects.toThrow("render failed");
  });

  it("fails as the source fails in the same turn, after what came before", async () => {
    // The second pull fails at once, inside the turn that gathers the first chunk.
    let pulls = 0;
    const source = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulls++ === 0) controller.enqueue(bytes("start"));
          else controller.error(new Error("render failed"));
        },
      },
      { highWaterMark: 0 },
    );
    const reader = coalesceChunks(source).getReader();
    expect(text((await reader.read()).value!)).toBe("start");
    await expect(reader.read()).rejects.toThrow("render failed");
  });
});
