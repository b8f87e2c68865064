import type { FastifyBaseLogger } from 'fastify';

/**
 * A background task run every `intervalMs` (0: never) once started, one run at a time: a run
 * still going when the next is due is left to finish. `stop` waits for a run in progress, so the
 * database it uses is closed only after it. The payment reconciliation and the e-invoice
 * reporting both run this way.
 */
export function periodicTask<T>(
  options: { name: string; intervalMs: number; log: FastifyBaseLogger },
  run: () => Promise<T>,
  /** Told each run's result, to log what it did. */
  done?: (result: T) => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    start() {
      if (options.intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = run()
          .then((result) => done?.(result))
          .catch((error: unknown) => options.log.error({ err: error }, `${options.name} failed`))
          .finally(() => {
            running = undefined;
          });
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
