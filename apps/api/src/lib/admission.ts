import { AppError } from './errors.ts';

/*
 * A bounded first-in-first-out admission gate for one kind of expensive request. At most
 * `concurrency` requests run at once; up to `queue` more wait their turn, each at most
 * `maxWaitMs`; anything beyond is refused at once with 503 SERVER_BUSY and `Retry-After`, so a
 * burst of one kind of request gets a fast answer instead of taking every database connection
 * and stopping the rest of the shop. A waiting request whose client went away leaves the queue.
 */

export interface AdmissionGateOptions {
  /** Names the gate in logs and errors. */
  name: string;
  /** Requests running at once. */
  concurrency: number;
  /** Requests waiting at most; 0 refuses whatever cannot run at once. */
  queue: number;
  /** Longest wait in the queue before the request is refused. */
  maxWaitMs: number;
  /** Seconds the client is told to wait before trying again. */
  retryAfterSeconds?: number;
}

interface Waiter {
  admit(): void;
  refuse(error: unknown): void;
}

/** 503 with Retry-After: the shop is busy with this kind of request, try again shortly. */
export const busy = (retryAfterSeconds = 1) =>
  new AppError(503, 'SERVER_BUSY', undefined, { 'retry-after': String(retryAfterSeconds) });

export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private refusals = 0;

  constructor(readonly options: AdmissionGateOptions) {
    if (options.concurrency < 1) throw new Error(`gate ${options.name}: concurrency must be at least 1`);
  }

  /** Requests running now, waiting now, and refused since start. */
  get stats() {
    return { running: this.running, waiting: this.waiting.length, refused: this.refusals };
  }

  /** Runs `work` once admitted; throws `busy()` when the gate is full or the wait too long. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.enter(signal);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private refuse(): AppError {
    this.refusals++;
    return busy(this.options.retryAfterSeconds);
  }

  private enter(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.running < this.options.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.queue) return Promise.reject(this.refuse());
    return new Promise<void>((resolve, reject) => {
      const cleanUp = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
      };
      const waiter: Waiter = {
        admit: () => {
          cleanUp();
          resolve();
        },
        refuse: (error) => {
          cleanUp();
          reject(error as Error);
        },
      };
      const timer = setTimeout(() => waiter.refuse(this.refuse()), this.options.maxWaitMs);
      const onAbort = () => waiter.refuse(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private leave() {
    const next = this.waiting[0];
    // The slot passes straight to the first in line, so the count of running requests holds.
    if (next) next.admit();
    else this.running--;
  }
}
