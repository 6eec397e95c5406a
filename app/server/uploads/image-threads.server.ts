import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";
import sharp from "sharp";

/**
 * How sharp (libvips) runs in this process (docs/decisions/0048): one thread
 * per image, no operation cache (each upload is decoded once, so a cache only
 * keeps decoded pixels alive after the work is done), and its threads at a low
 * priority.
 */
sharp.concurrency(1);
sharp.cache(false);

const IMAGE_THREAD_NICE = 10;
const lowered = new Set<string>();

/**
 * libvips decodes and encodes in threads of its own ("libvips worker"), made
 * during its first work and kept. On Linux each thread has its own priority:
 * these are set to nice 10, so that on a busy machine the event loop (nice 0),
 * which answers the pages and /healthz, gets the CPU first and the image work
 * takes what is left. Elsewhere, or if the system refuses, nothing changes.
 */
export function lowerImageThreadsPriority(): void {
  if (process.platform !== "linux") return;
  try {
    for (const tid of readdirSync("/proc/self/task")) {
      if (lowered.has(tid)) continue;
      if (readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim() !== "libvips worker") continue;
      setPriority(Number(tid), IMAGE_THREAD_NICE);
      lowered.add(tid);
    }
  } catch {
    // A thread that ended meanwhile: the next call looks again.
  }
}
