import type { FastifyBaseLogger } from 'fastify';
import { inBackgroundSpan } from './tracing.ts';

/**
 * A background task run every `intervalMs` (0: never) once started, one run at a time: a run
 * still going when the next is due is left to finish. `stop` waits for a run in progress, so the
 * database it uses is closed only after it. The payment reconciliation, the e-invoice
 * reporting and the offer schedule run this way. While tracing is on, each run is a trace of its
 * own (named after the task), its statements and log lines (the failure's too) in it.
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
        running = inBackgroundSpan(options.name, async () => {
          try {
            const result = await run();
            done?.(result);
          } catch (error) {
            // Logged inside the span, so the line carries its trace id; the span is marked failed.
            options.log.error({ err: error }, `${options.name} failed`);
            throw error;
          }
        })
          .catch(() => undefined)
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
