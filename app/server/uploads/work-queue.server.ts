import { AppError } from "../app-error.server";
import { lowerImageThreadsPriority } from "./image-threads.server";

/**
 * How much upload work one process does at once (docs/decisions/0048). Forty
 * 8 MB photos sent together were all read into memory, decoded four at a time
 * and kept both cores busy: the site stopped answering for a minute and the
 * process kept two gigabytes. Now:
 * - at most UPLOADS_AT_ONCE uploads are read and handled; the others wait
 *   with their bodies unread (TCP holds them back in the client), so memory is
 *   bounded whatever arrives; past MAX_WAITING more are refused (503);
 * - image work (decoding, resizing, encoding) runs one image at a time, on one
 *   libvips thread at a low priority, so one core is always left to the pages,
 *   /healthz and the database, and they come first on a busy machine.
 */
const UPLOADS_AT_ONCE = 2;
// Each waits for those before it (a 12-megapixel photo takes 1–2 s): 60 is about
// two minutes, well inside Node's five-minute limit for receiving a request.
const MAX_WAITING = 60;
const IMAGES_AT_ONCE = 1;

/** A first-come, first-served limit of `atOnce` concurrent jobs. */
function workQueue(atOnce: number, maxWaiting = Infinity) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inQueue<T>(work: () => Promise<T>): Promise<T> {
    if (running < atOnce) running++;
    else if (waiting.length >= maxWaiting) throw busy();
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line; `running` counts it still.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const busy = () =>
  new AppError(503, "Too many uploads at once: please send this file again in a minute", { headers: { "Retry-After": "60" } });

/** Runs the handling of one upload (reading its body included) when its turn comes. */
export const inUploadQueue = workQueue(UPLOADS_AT_ONCE, MAX_WAITING);
const imageQueue = workQueue(IMAGES_AT_ONCE);
/** Runs image work when no other image work is running in this process. */
export const inImageQueue = <T>(work: () => Promise<T>): Promise<T> =>
  imageQueue(async () => {
    try {
      return await work();
    } finally {
      // libvips makes its threads during its first work and keeps them: from then on they run at a low priority.
      lowerImageThreadsPriority();
    }
  });
