import { Worker } from 'node:worker_threads';
import { parseBounded } from './json-parse.mjs';

/**
 * JSON files sent to the shop (catalog files, from the back office and the command line) are
 * parsed on a thread of their own, never on the one that serves requests (decision 152). A
 * large or hostile file costs that thread alone: the shop keeps answering while it is read, a
 * file nested deeper than any catalog is refused before anything is built from it, and the
 * memory the parse took goes with the thread when it ends.
 */

/** Lists and objects inside each other: a catalog file needs 5 levels; deeper is refused. */
export const MAX_JSON_DEPTH = 32;
/** The thread's own heap: a parse that needs more is refused rather than growing the shop's. */
const WORKER_HEAP_MB = 1536;

export class JsonUploadError extends Error {
  override name = 'JsonUploadError';
  constructor(
    readonly reason: 'too_deep' | 'too_large' | 'syntax',
    message: string,
  ) {
    super(message);
  }
}

interface WorkerAnswer {
  value?: unknown;
  refused?: 'depth' | 'syntax';
  message?: string;
}

/** The value, or the JsonUploadError of a refused file. */
function valueOf(answer: WorkerAnswer, maxDepth: number): unknown {
  if (answer.refused === 'depth')
    throw new JsonUploadError('too_deep', `the file nests more than ${maxDepth} levels deep`);
  if (answer.refused === 'syntax') throw new JsonUploadError('syntax', answer.message ?? 'not valid JSON');
  return answer.value;
}

/**
 * Parses `bytes` (UTF-8, a byte-order mark allowed) as JSON off the event loop: at most
 * `maxBytes`, nested at most `maxDepth` levels. Throws JsonUploadError for a file it refuses.
 * `onThisThread` parses with the same bounds on the calling thread, for a process that serves
 * nothing (the command line's import): no second heap beside its own, and no copy of the value
 * handed back from one.
 */
export function parseJsonUpload(
  bytes: Uint8Array,
  {
    maxBytes,
    maxDepth = MAX_JSON_DEPTH,
    onThisThread = false,
  }: { maxBytes: number; maxDepth?: number; onThisThread?: boolean },
): Promise<unknown> {
  if (bytes.byteLength > maxBytes)
    return Promise.reject(new JsonUploadError('too_large', `the file is larger than ${maxBytes} bytes`));
  if (onThisThread) {
    try {
      return Promise.resolve(valueOf(parseBounded(bytes, maxDepth), maxDepth));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  // The thread gets its own copy, handed over without a second one.
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./json-worker.mjs', import.meta.url), {
      workerData: { bytes: copy, maxDepth },
      transferList: [copy],
      // Not the parent's loader flags (tsx): the worker is plain JavaScript.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        try {
          resolve(valueOf(answer, maxDepth));
        } catch (error) {
          reject(error as Error);
        }
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new JsonUploadError('too_large', 'the file needs more memory than a catalog file may')
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the JSON thread ended without an answer (code ${code})`))),
    );
  });
}
