/**
 * API tokens' rate limit, counted in this process's memory
 * (docs/decisions/0036): a fixed window per token id. Counting in the
 * database cost every bearer request a write; this costs none. The price is
 * that each process counts alone, so N processes let a token make up to N
 * times the limit: fine for a guard against a runaway script, which is what
 * this is. Limits that must be shared (sign-in codes, quote submissions) stay
 * in the database (../rate-limit.server.ts).
 */

export interface WindowLimit {
  max: number;
  windowMs: number;
}

interface Window {
  startedAt: number;
  hits: number;
}

export interface Take {
  allowed: boolean;
  /** Seconds until the window ends, when refused. */
  retryAfterSeconds: number;
}

/**
 * Counts hits per key in fixed windows. A client can at worst make twice the
 * limit around a window's edge, acceptable for abuse control. Windows that
 * have ended are dropped at most once a window, so the map holds only keys
 * used in about the last two windows; `maxKeys` bounds it even if many keys
 * are used at once (the oldest windows go first, each one forgetting its
 * count, which at worst lets that key start afresh).
 */
export class WindowCounter {
  private readonly windows = new Map<number, Window>();
  private sweptAt = 0;

  constructor(
    readonly limit: WindowLimit,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one hit for `key` at `now` and tells whether it is within the limit. */
  take(key: number, now = Date.now()): Take {
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.limit.windowMs) {
      // A new window goes to the end of the map's order, which is then oldest window first.
      this.windows.delete(key);
      window = { startedAt: now, hits: 0 };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    }
    window.hits += 1;
    if (window.hits <= this.limit.max) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + this.limit.windowMs - now) / 1000)) };
  }

  /** Keys held (windows that have ended go at the next sweep). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < this.limit.windowMs) return;
    this.sweptAt = now;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.limit.windowMs) this.windows.delete(key);
    }
  }
}
