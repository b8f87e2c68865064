import { AppError } from './errors.ts';

/*
 * A bounded first-in-first-out admission gate for one kind of expensive request. At most
 * `concurrency` requests run at once; up to `queue` more wait their turn, each at most
 * `maxWaitMs`; anything beyond is refused at once with 503 SERVER_BUSY and `Retry-After`, so a
 * burst of one kind of request gets a fast answer instead of taking every database connection
 * and stopping the rest of the shop. A waiting request whose client went away leaves the queue.
 *
 * A request is also refused at once when the line ahead of it would take longer than
 * `maxWaitMs` at the pace requests have been running (a moving mean of their times): it would
 * only wait to be refused. So a line of fast requests may be long, and refusals mean real
 * overload.
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
  /**
   * Starts at most one request per turn of the event loop (the rest wait in the line, which
   * must then be allowed): for work that runs on this thread without pause, such as rendering
   * a page. Node accepts one new connection per turn; when a turn held ten renders (55 ms), a
   * burst of fifty shoppers connecting at once waited up to 3 s before their request was read.
   */
  onePerTurn?: boolean;
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
  /** Moving mean of how long admitted work takes, ms (0 before any finished). */
  private meanMs = 0;
  /** A request started in this turn of the event loop (only counted with `onePerTurn`). */
  private startedThisTurn = false;

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
    const started = performance.now();
    try {
      return await work();
    } finally {
      const ms = performance.now() - started;
      this.meanMs = this.meanMs === 0 ? ms : this.meanMs * 0.9 + ms * 0.1;
      this.leave();
    }
  }

  private readonly refusalListeners = new Set<() => void>();

  /** Calls `listener` at each refusal. Returns the unsubscribe. */
  onRefusal(listener: () => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  private refuse(): AppError {
    this.refusals++;
    for (const listener of this.refusalListeners) listener();
    return busy(this.options.retryAfterSeconds);
  }

  private enter(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.running < this.options.concurrency && this.waiting.length === 0 && !this.turnTaken()) {
      this.start();
      return Promise.resolve();
    }
    const expectedWaitMs = ((this.waiting.length + 1) / this.options.concurrency) * this.meanMs;
    if (this.waiting.length >= this.options.queue || expectedWaitMs > this.options.maxWaitMs)
      return Promise.reject(this.refuse());
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
    this.running--;
    this.admitWaiting();
  }

  /** With `onePerTurn`, whether this turn has started its request already. */
  private turnTaken(): boolean {
    // Without a line there is nobody to wait for the next turn: the limit would refuse them.
    return this.options.onePerTurn === true && this.options.queue > 0 && this.startedThisTurn;
  }

  private start() {
    this.running++;
    if (this.options.onePerTurn !== true) return;
    this.startedThisTurn = true;
    // Runs in this turn's check phase, or the next turn's when started from one.
    setImmediate(() => {
      this.startedThisTurn = false;
      this.admitWaiting();
    });
  }

  /** The first in line take the free slots, in order. */
  private admitWaiting() {
    while (this.running < this.options.concurrency && this.waiting.length > 0 && !this.turnTaken()) {
      this.start();
      // Admitting takes the waiter out of the line.
      this.waiting[0]!.admit();
    }
  }
}

/**
 * Logs a gate's refusals at most once per `everyMs`: the first refusal at once, then how many
 * more came in each interval while they keep coming. Under overload a line per refusal would be
 * thousands of lines a second; none would leave the operator blind to it.
 */
export function logRefusals(
  gate: AdmissionGate,
  log: { warn(fields: object, message: string): void },
  everyMs = 10_000,
): () => void {
  let unlogged = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (unlogged === 0) return;
    const { running, waiting, refused } = gate.stats;
    log.warn(
      { gate: gate.options.name, refused: unlogged, refusedSinceStart: refused, running, waiting },
      'busy: requests refused',
    );
    unlogged = 0;
    timer = setTimeout(flush, everyMs);
    timer.unref();
  };
  const unsubscribe = gate.onRefusal(() => {
    unlogged++;
    if (!timer) flush();
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
